import type { FilterMessages } from './en';

/** Deutsch: die Filter einer Liste. */
const filters: FilterMessages = {
  title: 'Filter',
  specifications: 'Technische Daten',
  inStock: 'Nur an Lager',
  priceDrops: 'Nur Preisstürze ({{percent}} % oder mehr)',
  priceDropsChip: 'Preisstürze',
  moreValues: '{{n}} weitere zeigen',
  chosen: 'Gewählte Filter',
  chip: '{{name}}: {{value}}',
  from: 'von',
  to: 'bis',
  rangeBetween: '{{min}} – {{max}}',
  rangeFrom: 'ab {{min}}',
  rangeTo: 'bis {{max}}',
  remove: 'Filter {{filter}} entfernen',
  clearAll: 'Alle Filter löschen',
  noMatch: 'Kein Produkt entspricht diesen Filtern.',
};

export default filters;
