/**
 * English texts of a shop's price standing (ADR 144): where its prices stand against the other
 * shops' in a country, the products it is not the cheapest of, the CSV. The reference the other
 * languages' files follow; the `priceStanding` namespace of messages/en.ts.
 */
const priceStanding = {
  link: 'Your prices against other shops',
  title: 'Price standing: {{name}}',
  back: 'Back to the shop settings',
  intro:
    'Your listed offers matched to a product, compared as the product page compares them: the price with shipping to the country, only offers seen recently.',
  country: 'Country',
  show: 'Show',
  cheapest: 'Cheapest',
  within: 'Within 5 % of the cheapest',
  above: 'More than 5 % above the cheapest',
  notCompared:
    '{{count}} of your offers do not state shipping while the cheapest does: they are listed after it and not compared here.',
  held: '{{count}} of your products have only prices far below the other shops’ (often a price error in the feed): the product page shows them last as “Price being checked” and they count as no lowest price until you correct them or our staff confirm them.',
  computedAt: 'Figures as of {{date}}, {{time}} UTC; the next pages show the same figures, reload for new ones.',
  empty: 'No listed offer of this shop is matched to a product in this country yet.',
  allCheapest: 'Your offers are the cheapest of every product you sell here.',
  products: 'Products where another shop is cheaper',
  productsNote: 'The biggest gap first. {{count}} products in all; the CSV lists every one.',
  product: 'Product',
  yourPrice: 'Your price',
  lowestPrice: 'Lowest price',
  cheapestShop: 'Cheapest shop',
  gap: 'Difference',
  shops: 'Shops',
  itemPrice: 'item price, shipping not stated',
  next: 'Next page',
  first: 'First page',
  download: 'Download the full list (CSV)',
  errors: {
    country: 'Choose one of the countries your shop sells in.',
  },
};

export default priceStanding;
