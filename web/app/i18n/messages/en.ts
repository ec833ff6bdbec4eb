import account from './account/en';

/** English: the reference and the fallback language (spec §1). Every other file has its shape. */
const en = {
  common: {
    ok: 'Ok', close: 'Close', cancel: 'Cancel', more: 'More', less: 'Less', seeAll: 'See all', showAll: 'Show all',
    loading: 'Loading…', unavailable: 'This is unavailable right now.', noneYet: 'Nothing here yet.', apply: 'Apply', reset: 'Reset',
    failed: 'That did not work. Please check and try again.', notFound: 'This was not found.',
  },
  nav: {
    home: 'Home', homeLabel: 'pricecompare home', search: 'Search', favourites: 'Favourites', alerts: 'Alerts', account: 'Account',
    login: 'Log in', admin: 'Admin', shops: 'Shops', brands: 'Brands', products: 'Products', categories: 'Categories',
    promotions: 'Promotions', breadcrumbs: 'Breadcrumbs', skipToContent: 'Skip to content', barcode: 'Barcode search',
  },
  masthead: { searchPlaceholder: 'Search products, brands, barcodes…', searchLabel: 'Search the site', userMenu: 'Your account and region' },
  region: {
    title: 'Region and language', country: 'Country', language: 'Language', change: 'change region',
    countries: { ch: 'Switzerland', de: 'Germany', at: 'Austria', fr: 'France', it: 'Italy', es: 'Spain', pt: 'Portugal', gb: 'Great Britain', us: 'United States', eu: 'Europe' },
    languages: { de: 'Deutsch', en: 'English', fr: 'Français', it: 'Italiano', pt: 'Português', es: 'Español' },
  },
  tabs: { label: 'Main sections', home: 'Home', search: 'Search', favourites: 'Favourites', alerts: 'Alerts', account: 'Account' },
  theme: { toggle: 'Theme: {{mode}}. Change theme', dark: 'Dark', light: 'Light', system: 'System', time: 'By time of day', night: 'Dark at night (21:00–07:00)' },
  footer: {
    sections: { about: 'About us', environment: 'Environment', help: 'Help', legal: 'Legal', pro: 'For businesses' },
    legal: 'Legal', terms: 'Terms of use', privacy: 'Data protection', imprint: 'Imprint',
    copyright: '© {{year}} pricecompare AG, Zurich. Prices include VAT, shipping may be extra.',
  },
  pagination: { label: 'Pages', page: 'Page {{page}}', first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' },
  counts: {
    offers: { zero: 'No offers', one: '1 offer', many: '{{n}} offers' },
    products: { zero: 'No products', one: '1 product', many: '{{n}} products' },
    reviews: { zero: 'No reviews', one: '1 review', many: '{{n}} reviews' },
    results: { zero: 'No results', one: '1 result', many: '{{n}} results' },
    shops: { zero: 'No shops', one: '1 shop', many: '{{n}} shops' },
  },
  rating: { none: 'Not rated yet', label: 'Rated {{value}} out of 5', outOf: 'out of 5' },
  home: {
    title: 'Compare prices across Europe', description: 'Compare the prices of thousands of shops in Switzerland, Germany, France and Great Britain.',
    heroTitle: 'Find the best price, honestly', heroText: 'Every price with the time we last saw it, shipping and stock, from shops in eight countries.',
    mostSearched: 'Most searched', popular: 'Popular products', recentlyViewed: 'Recently viewed', categories: 'Categories', brands: 'Brands', shops: 'Shops',
    bannersLabel: 'About us', bannerCompanyTitle: 'A Swiss startup', bannerCompanyText: 'We sell nothing: we compare, and we say where our data comes from.',
    learnMoreCompany: 'Learn more about the company', bannerEnvironmentTitle: 'Shop greener with EcoTip',
    bannerEnvironmentText: 'Buy through a leaf-marked offer and 1% of the price goes to an environmental organisation, at no cost to you.',
    learnMoreEnvironment: 'How EcoTip works',
  },
  lists: {
    shops: 'Shops', brands: 'Brands', categories: 'Categories', products: 'Products', filter: 'Filter by name', filterButton: 'Filter',
    shopsDescription: 'Shops we compare', brandsDescription: 'Brands we compare', categoriesDescription: 'All categories',
    productsOf: 'Products of {{name}}', productsIn: 'Products in {{name}}', productsAt: 'Products at {{name}}', empty: 'Nothing matches.',
    subcategories: 'Subcategories', visitShop: 'Visit {{name}}', countries: 'Sells to', confirmed: 'Confirmed shop', registered: 'Listed since {{date}}',
    offersOfShop: 'Offers of this shop', allProducts: 'All products',
  },
  product: {
    favouriteSaved: 'In your favourites',
    from: 'from', noPrice: 'No current offer', greenOffer: 'Offers with a leaf: 1% goes to the environment (EcoTip)',
    visitShop: 'Visit shop', favourite: 'Add to favourites', alarm: 'Price alert', share: 'Share', edit: 'Edit (admin)',
    brand: 'Brand', category: 'Category', gallery: 'Pictures', picture: 'Picture {{n}}', showPicture: 'Show picture {{n}}',
    description: 'Description', moreDescription: 'Read more', lessDescription: 'Show less', features: 'Details', gtin: 'EAN', mpn: 'Part number',
    manufacturer: 'Manufacturer', summary: 'On this page', pricing: 'Prices', reviews: 'Reviews', eco: 'Eco', health: 'Health', emptyValue: '∅',
    offers: 'Offers', offersFilters: 'Filter offers', country: 'Country', allCountries: 'All countries', inStockOnly: 'In stock only',
    sort: 'Sort', sorts: { cheapest: 'Cheapest', 'cheapest-with-shipping': 'Cheapest with shipping', 'most-expensive': 'Most expensive', 'shop-name': 'Shop name', new: 'Newest' },
    noOffers: 'No offers for this product in', shipping: 'Shipping', freeShipping: 'Free shipping', shippingUnknown: 'Shipping not stated',
    lastSeen: 'seen {{date}}', wasPrice: 'was', convertedFrom: 'shop price {{price}}', toShop: 'To the shop', delivery: 'Delivery: {{time}}',
    trend: 'Price trend', trends: { down: 'Falling', stable: 'Stable', up: 'Rising', unknown: 'Not enough history yet' },
    trendDetail: '{{change}} compared with the 30-day average of {{reference}}',
    history: 'Price history', historyRanges: { '1m': '1M', '3m': '3M', '1y': '1Y', all: 'All' }, historyEmpty: 'No price history yet.',
    historyLow: 'Lowest {{price}} on {{date}}', historyHigh: 'Highest {{price}} on {{date}}', historyChart: 'Daily lowest price from {{from}} to {{to}}',
    abroad: 'Prices abroad', abroadEmpty: 'No offers in other countries.', abroadHome: 'Here', abroadCheaper: '{{percent}} cheaper', abroadDearer: '{{percent}} more expensive',
    similar: 'Similar products', byBrand: 'More from {{name}}', byCategory: 'More in {{name}}',
    reviewsEmpty: 'No reviews yet.', reviewsLoad: 'Show reviews', reviewOn: 'on {{domain}}', moreReviews: 'More reviews',
    availability: {
      unknown: 'Unknown', pre_sale: 'Pre-sale', pre_order: 'Pre-order', in_stock: 'In stock', out_of_stock: 'Out of stock',
      limited: 'Limited stock', sold_out: 'Sold out', discontinued: 'Discontinued',
    },
    shareText: 'Compare prices for {{name}}',
  },
  search: {
    title: 'Search', titleFor: 'Results for “{{query}}”', label: 'Search', placeholder: 'What are you looking for?', submit: 'Search',
    facets: 'Refine', sort: 'Sort by', pageSize: 'Per page', more: 'More results', didYouMean: 'Did you mean', noResults: 'Nothing found. Try fewer words or check the spelling.',
    sorts: { cheapest: 'Cheapest', 'most-expensive': 'Most expensive', new: 'Newest', 'price-drop': 'Price drop', rank: 'Popularity', rating: 'Rating', relevance: 'Relevance' },
    facetNames: { brand: 'Brand', category: 'Category', shop: 'Shop', price: 'Price', availability: 'Availability', country: 'Country', rating: 'Rating' },
    priceRange: '{{min}} – {{max}}', clearFilters: 'Clear filters', updating: 'Updating results…', showing: 'Showing {{shown}} of {{total}}',
    barcodeTitle: 'Search by barcode', barcodeLabel: 'EAN / GTIN (8 to 14 digits)', barcodeSubmit: 'Find product', barcodeScan: 'Scan with the camera',
    barcodeStop: 'Stop camera', barcodeNoCamera: 'Your browser cannot scan barcodes; type the digits instead.', barcodeInvalid: 'Enter 8 to 14 digits.',
    barcodeNotFound: 'No product with this barcode.',
  },
  promotions: {
    title: 'Promotions', intro: 'Limited-time offers from the shops we compare.', empty: 'No promotions are running right now.',
    unavailable: 'Promotions cannot be loaded right now. Meanwhile, here are the biggest current price drops.',
    endingSoon: 'Ending soon', newest: 'Newest', startsOn: 'Starts on {{date}}', endsOn: 'Ends on {{date}}', endsIn: 'Ends {{relative}}', ended: 'Ended', priceDrops: 'Biggest price drops',
  },
  files: { title: 'Files', download: 'Download', size: 'Size', type: 'Type', notFound: 'This file does not exist.' },
  ...account,
  status: {
    home: 'Back to the home page',
    401: { title: 'Unauthorized', text: 'Please sign in to see this page.' },
    403: { title: 'Forbidden', text: 'You are not allowed to see this page.' },
    404: { title: 'Page not found', text: 'We could not find this page. It may have moved.' },
    419: { title: 'Page expired', text: 'Your session expired. Please refresh the page and try again.' },
    429: { title: 'Too many requests', text: 'Please wait a moment and try again.' },
    500: { title: 'Server error', text: 'Something went wrong on our side. Please try again.' },
    503: { title: 'Service unavailable', text: 'We are doing maintenance. Please come back shortly.' },
  },
  pages: {
    about: { title: 'About us' }, 'about_news': { title: 'News' }, 'about_company': { title: 'Company' }, 'about_mission': { title: 'Mission' },
    'about_contact': { title: 'Contact' }, 'about_price-comparison': { title: 'Price comparison' }, 'about_bot': { title: 'Our crawler' },
    'about_privacy': { title: 'Privacy' }, 'about_partners': { title: 'Partners' }, 'about_data-sources': { title: 'Data sources' },
    environment: { title: 'Environment and online shopping' }, 'environment_ecotip': { title: 'EcoTip' }, help: { title: 'Help' },
    'help_faq': { title: 'Frequently asked questions' }, 'help_barcodes': { title: 'Barcodes' }, 'help_price-comparison': { title: 'How price comparison works' },
    'legal_imprint': { title: 'Imprint' }, 'legal_terms-of-use': { title: 'Terms of use' }, 'legal_data-protection': { title: 'Data protection' },
    'pro_services': { title: 'Services for businesses' }, 'pro_services_merchant-center': { title: 'Merchant center' },
    'pro_services_market-insights': { title: 'Market insights' }, 'pro_services_data-enrichment': { title: 'Data enrichment' },
    'pro_services_affiliate-network': { title: 'Affiliate network' }, 'pro_partners_retail': { title: 'Retail partners' },
    'pro_partners_education': { title: 'Education partners' }, 'pro_partners_government': { title: 'Government partners' },
    'pro_partners_publishers': { title: 'Publisher partners' },
  },
};

export default en;

export type Messages = typeof en;
type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };
/** A language translated in part (spec §1: Italian); English fills the gaps. */
export type PartialMessages = DeepPartial<Messages>;
