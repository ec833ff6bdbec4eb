/**
 * English texts of a list's filters (the panel of a category's, brand's or shop's products:
 * stock, categories, brands and specifications, with the chosen filters as chips): the reference
 * the other languages' filters files follow. The `filters` namespace of messages/en.ts.
 */
const filters = {
  title: 'Filter',
  specifications: 'Specifications',
  inStock: 'In stock only',
  /** A checkbox: products at least {{percent}} % below their 30-day average lowest price (ADR 145); its chip. */
  priceDrops: 'Only price drops ({{percent}}% or more)',
  priceDropsChip: 'Price drops',
  moreValues: 'Show {{n}} more',
  chosen: 'Chosen filters',
  chip: '{{name}}: {{value}}',
  /** A numeric specification's inputs: "from [ ] to [ ] W". */
  from: 'from',
  to: 'to',
  /** A chosen range in a chip: min and max in the page's locale, the unit after the last. */
  rangeBetween: '{{min}} – {{max}}',
  rangeFrom: 'from {{min}}',
  rangeTo: 'up to {{max}}',
  remove: 'Remove the filter {{filter}}',
  clearAll: 'Clear all filters',
  noMatch: 'No product matches these filters.',
};

export default filters;

export type FilterMessages = typeof filters;
