import type { FilterMessages } from './en';

/** Português: os filtros de uma lista. */
const filters: FilterMessages = {
  title: 'Filtrar',
  specifications: 'Especificações técnicas',
  inStock: 'Só em stock',
  priceDrops: 'Só descidas de preço ({{percent}} % ou mais)',
  priceDropsChip: 'Descidas de preço',
  moreValues: 'Mostrar mais {{n}}',
  chosen: 'Filtros escolhidos',
  chip: '{{name}}: {{value}}',
  from: 'de',
  to: 'até',
  rangeBetween: '{{min}} – {{max}}',
  rangeFrom: 'a partir de {{min}}',
  rangeTo: 'até {{max}}',
  remove: 'Remover o filtro {{filter}}',
  clearAll: 'Limpar todos os filtros',
  noMatch: 'Nenhum produto corresponde a estes filtros.',
};

export default filters;
