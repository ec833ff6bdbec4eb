import type { FilterMessages } from './en';

/** Español: los filtros de una lista. */
const filters: FilterMessages = {
  title: 'Filtrar',
  specifications: 'Especificaciones técnicas',
  inStock: 'Solo en stock',
  priceDrops: 'Solo bajadas de precio ({{percent}} % o más)',
  priceDropsChip: 'Bajadas de precio',
  moreValues: 'Mostrar {{n}} más',
  chosen: 'Filtros elegidos',
  chip: '{{name}}: {{value}}',
  from: 'desde',
  to: 'hasta',
  rangeBetween: '{{min}} – {{max}}',
  rangeFrom: 'desde {{min}}',
  rangeTo: 'hasta {{max}}',
  remove: 'Quitar el filtro {{filter}}',
  clearAll: 'Quitar todos los filtros',
  noMatch: 'Ningún producto coincide con estos filtros.',
};

export default filters;
