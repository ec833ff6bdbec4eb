import type { FilterMessages } from './en';

/** Italiano: i filtri di un elenco. */
const filters: FilterMessages = {
  title: 'Filtra',
  specifications: 'Caratteristiche tecniche',
  inStock: 'Solo disponibili',
  priceDrops: 'Solo ribassi di prezzo ({{percent}} % o più)',
  priceDropsChip: 'Ribassi di prezzo',
  moreValues: 'Mostra altri {{n}}',
  chosen: 'Filtri scelti',
  chip: '{{name}}: {{value}}',
  from: 'da',
  to: 'a',
  rangeBetween: '{{min}} – {{max}}',
  rangeFrom: 'da {{min}}',
  rangeTo: 'fino a {{max}}',
  remove: 'Rimuovi il filtro {{filter}}',
  clearAll: 'Rimuovi tutti i filtri',
  noMatch: 'Nessun prodotto corrisponde a questi filtri.',
};

export default filters;
