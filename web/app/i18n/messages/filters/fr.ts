import type { FilterMessages } from './en';

/** Français : les filtres d’une liste. */
const filters: FilterMessages = {
  title: 'Filtrer',
  specifications: 'Caractéristiques techniques',
  inStock: 'En stock uniquement',
  priceDrops: 'Seulement les baisses de prix ({{percent}} % ou plus)',
  priceDropsChip: 'Baisses de prix',
  moreValues: 'Afficher {{n}} de plus',
  chosen: 'Filtres choisis',
  chip: '{{name}} : {{value}}',
  from: 'de',
  to: 'à',
  rangeBetween: '{{min}} – {{max}}',
  rangeFrom: 'à partir de {{min}}',
  rangeTo: 'jusqu’à {{max}}',
  remove: 'Retirer le filtre {{filter}}',
  clearAll: 'Effacer tous les filtres',
  noMatch: 'Aucun produit ne correspond à ces filtres.',
};

export default filters;
