/**
 * Path words of the static pages in the three route languages (spec §2.1, §2.3). Every slug of
 * §2.3 is here, English form first; a page's path is a list of these words.
 */
export const ROUTE_LANGUAGES = ['en', 'de', 'fr'] as const;
export type RouteLanguage = (typeof ROUTE_LANGUAGES)[number];

export const SLUGS = {
  about: { en: 'about', de: 'ueber-uns', fr: 'a-propos' },
  advertise: { en: 'advertise', de: 'werben', fr: 'publicite' },
  associatesProgram: { en: 'associates-program', de: 'partnerprogramm', fr: 'programme-d-affiliation' },
  barcodes: { en: 'barcodes', de: 'barcodes', fr: 'codes-barres' },
  bot: { en: 'bot', de: 'bot', fr: 'bot' },
  business: { en: 'business', de: 'geschaeftskunden', fr: 'entreprises' },
  careers: { en: 'careers', de: 'karriere', fr: 'carrieres' },
  commitment: { en: 'our-commitment', de: 'unser-engagement', fr: 'notre-engagement' },
  company: { en: 'company', de: 'unternehmen', fr: 'entreprise' },
  contact: { en: 'contact', de: 'kontakt', fr: 'contact' },
  dataProtection: { en: 'data-protection', de: 'datenschutz', fr: 'protection-des-donnees' },
  dataSources: { en: 'data-sources', de: 'datenquellen', fr: 'sources-de-donnees' },
  // The deals page (ADR 142): "angebote" would read as the shops' promotions, so Geizhals' word.
  deals: { en: 'deals', de: 'preissturz', fr: 'bons-plans' },
  deliveryRates: {
    en: 'delivery-rates-policies',
    de: 'versandkosten-richtlinien',
    fr: 'frais-et-conditions-de-livraison',
  },
  ecoShopping: { en: 'eco-shopping', de: 'oeko-shopping', fr: 'achats-ecologiques' },
  environment: { en: 'environment', de: 'umwelt', fr: 'environnement' },
  onlineShopping: { en: 'online-shopping', de: 'online-shopping', fr: 'achats-en-ligne' },
  ecotip: { en: 'ecotip', de: 'ecotip', fr: 'ecotip' },
  faq: { en: 'frequently-asked-questions', de: 'haeufige-fragen', fr: 'questions-frequentes' },
  greenTax: { en: 'green-tax', de: 'gruene-steuer', fr: 'taxe-verte' },
  help: { en: 'help', de: 'hilfe', fr: 'aide' },
  imprint: { en: 'imprint', de: 'impressum', fr: 'mentions-legales' },
  legal: { en: 'legal', de: 'rechtliches', fr: 'juridique' },
  listYourProducts: { en: 'list-your-products', de: 'produkte-listen', fr: 'referencer-vos-produits' },
  mission: { en: 'mission', de: 'mission', fr: 'mission' },
  news: { en: 'news', de: 'neuigkeiten', fr: 'actualites' },
  partners: { en: 'partners', de: 'partner', fr: 'partenaires' },
  priceComparison: { en: 'price-comparison', de: 'preisvergleich', fr: 'comparaison-de-prix' },
  privacy: { en: 'privacy', de: 'privatsphaere', fr: 'vie-privee' },
  products: { en: 'products', de: 'produkte', fr: 'produits' },
  registerShop: { en: 'register-shop', de: 'shop-registrieren', fr: 'inscrire-une-boutique' },
  shoppingImpact: { en: 'impact-of-shopping', de: 'auswirkungen-des-einkaufens', fr: 'impact-des-achats' },
  termsOfUse: { en: 'terms-of-use', de: 'nutzungsbedingungen', fr: 'conditions-d-utilisation' },
  theTeam: { en: 'the-team', de: 'das-team', fr: 'l-equipe' },
} as const satisfies Record<string, Record<RouteLanguage, string>>;

export type SlugName = keyof typeof SLUGS;

/** Route words follow the interface language where it is a route language, else English. */
export const routeLanguageOf = (language: string): RouteLanguage =>
  (ROUTE_LANGUAGES as readonly string[]).includes(language) ? (language as RouteLanguage) : 'en';
