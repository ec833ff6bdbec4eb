import type { VariantsMessages } from './en';

/** Français : les variantes d’un produit. */
const variants: VariantsMessages = {
  title: 'Également disponible',
  current: 'affiché ici',
  noOffers: 'aucune offre',
  from: 'dès {{price}}',
  chipLabel: '{{name}}, {{price}}',
};

export default variants;
