/**
 * English texts of a product page's variants block (ADR 138): the reference the other languages'
 * variants files follow. The `variants` namespace of messages/en.ts.
 */
const variants = {
  title: 'Also available',
  /** The chip of the product shown: it links nowhere. */
  current: 'shown here',
  noOffers: 'no offers',
  from: 'from {{price}}',
  /** A chip's accessible name: the variant's full name and its price. */
  chipLabel: '{{name}}, {{price}}',
};

export default variants;

export type VariantsMessages = typeof variants;
