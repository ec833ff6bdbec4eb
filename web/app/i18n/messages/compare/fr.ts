import type { CompareMessages } from './en';

/** Français : la comparaison de produits. */
const compare: CompareMessages = {
  title: 'Comparer des produits',
  titleOf: 'Comparer {{names}}',
  caption: '{{names}} côte à côte',
  captionDifferences: '{{names}} côte à côte : seulement les lignes qui diffèrent',
  toggle: 'Comparer',
  toggleLabel: 'Comparer {{name}}',
  tray: 'Produits à comparer',
  trayLink: 'Comparer ({{n}})',
  trayHint: 'Choisissez encore un produit à comparer.',
  full: 'Vous pouvez comparer jusqu’à {{max}} produits : retirez-en un d’abord.',
  clear: 'Tout retirer',
  remove: 'Retirer',
  removeLabel: 'Retirer {{name}} de la comparaison',
  onlyDifferences: 'Afficher seulement les différences',
  allRows: 'Afficher toutes les lignes',
  noDifferences: 'Ces produits ont les mêmes valeurs sur chaque ligne.',
  missing: 'non indiqué',
  rating: 'Note',
  price: 'Prix le plus bas',
  noOffers: 'Aucune offre dans ce pays ({{country}})',
  pricesUnavailable: 'Les prix ne peuvent pas être chargés pour le moment.',
  howTo:
    'Choisissez de {{min}} à {{max}} produits pour les comparer côte à côte : appuyez sur « Comparer » sur chacun, puis sur « Comparer » dans la barre en bas de la page.',
  tooMany: 'Une comparaison montre au plus {{max}} produits côte à côte.',
  firstFour: 'Comparer les {{max}} premiers',
  malformed:
    'Ce lien de comparaison n’est pas valide : il devrait nommer les produits par leurs identifiants, séparés par des virgules.',
  unknown: {
    zero: 'Tous les produits de ce lien existent.',
    one: '1 produit de ce lien n’existe plus et est laissé de côté.',
    many: '{{n}} produits de ce lien n’existent plus et sont laissés de côté.',
  },
  browse: 'Parcourir les catégories',
};

export default compare;
