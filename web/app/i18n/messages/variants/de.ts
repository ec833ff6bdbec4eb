import type { VariantsMessages } from './en';

/** Deutsch: die Varianten eines Produkts. */
const variants: VariantsMessages = {
  title: 'Auch erhältlich',
  current: 'hier gezeigt',
  noOffers: 'keine Angebote',
  from: 'ab {{price}}',
  chipLabel: '{{name}}, {{price}}',
};

export default variants;
