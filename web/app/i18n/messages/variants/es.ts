import type { VariantsMessages } from './en';

/** Español: las variantes de un producto. */
const variants: VariantsMessages = {
  title: 'También disponible',
  current: 'mostrado aquí',
  noOffers: 'sin ofertas',
  from: 'desde {{price}}',
  chipLabel: '{{name}}, {{price}}',
};

export default variants;
