import type { VariantsMessages } from './en';

/** Italiano: le varianti di un prodotto. */
const variants: VariantsMessages = {
  title: 'Disponibile anche',
  current: 'mostrato qui',
  noOffers: 'nessuna offerta',
  from: 'da {{price}}',
  chipLabel: '{{name}}, {{price}}',
};

export default variants;
