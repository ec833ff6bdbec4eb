/**
 * English texts of the product comparison (the compare page, the Compare toggles and the tray,
 * ADR 116): the reference the other languages' compare files follow. The `compare` namespace of
 * messages/en.ts.
 */
const compare = {
  title: 'Compare products',
  titleOf: 'Compare {{names}}',
  caption: '{{names}} side by side',
  captionDifferences: '{{names}} side by side: only the rows that differ',
  toggle: 'Compare',
  toggleLabel: 'Compare {{name}}',
  tray: 'Products to compare',
  trayLink: 'Compare ({{n}})',
  trayHint: 'Pick one more product to compare.',
  full: 'You can compare up to {{max}} products: remove one first.',
  clear: 'Remove all',
  remove: 'Remove',
  removeLabel: 'Remove {{name}} from the comparison',
  onlyDifferences: 'Show only differences',
  allRows: 'Show all rows',
  noDifferences: 'These products have the same values in every row.',
  missing: 'not stated',
  rating: 'Rating',
  price: 'Lowest price',
  noOffers: 'No offers in {{country}}',
  pricesUnavailable: 'Prices cannot be loaded right now.',
  howTo:
    'Pick {{min}} to {{max}} products to compare them side by side: press “Compare” on each, then “Compare” in the bar at the bottom of the page.',
  tooMany: 'A comparison shows at most {{max}} products side by side.',
  firstFour: 'Compare the first {{max}}',
  malformed: 'This comparison link is not valid: it should name products by their ids, separated by commas.',
  unknown: {
    zero: 'Every product of this link exists.',
    one: '1 product of this link no longer exists and is left out.',
    many: '{{n}} products of this link no longer exist and are left out.',
  },
  browse: 'Browse the categories',
};

export default compare;

export type CompareMessages = typeof compare;
