import type { VariantsMessages } from './en';

/** Português: as variantes de um produto. */
const variants: VariantsMessages = {
  title: 'Também disponível',
  current: 'mostrado aqui',
  noOffers: 'sem ofertas',
  from: 'a partir de {{price}}',
  chipLabel: '{{name}}, {{price}}',
};

export default variants;
