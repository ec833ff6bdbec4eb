import { SLUGS, type RouteLanguage, type SlugName } from './slugs';

/** A page of our own text (spec §2.3): its path words (translated slugs or fixed words) and its markdown. */
export interface StaticPage {
  readonly name: StaticPageName;
  /** Slug names, or `=word` for a word that is the same in every language (the pro area). */
  readonly path: readonly (SlugName | `=${string}`)[];
  /** `web/content/markdown/{markdown}.{language}.md`. */
  readonly markdown: string;
  /** The footer or section it is listed in. */
  readonly section: 'about' | 'environment' | 'help' | 'legal' | 'pro';
}

const page = (name: string, section: StaticPage['section'], markdown: string, ...path: StaticPage['path']) =>
  ({ name, section, markdown, path }) as unknown as StaticPage;

export const STATIC_PAGES = [
  page('about', 'about', 'about', 'about'),
  page('about.news', 'about', 'news', 'about', 'news'),
  page('about.company', 'about', 'company', 'about', 'company'),
  page('about.mission', 'about', 'mission', 'about', 'mission'),
  page('about.the-team', 'about', 'the-team', 'about', 'theTeam'),
  page('about.commitment', 'about', 'commitment', 'about', 'commitment'),
  page('about.contact', 'about', 'contact', 'about', 'contact'),
  page('about.price-comparison', 'about', 'price-comparison', 'about', 'priceComparison'),
  page('about.bot', 'about', 'bot', 'about', 'bot'),
  page('about.privacy', 'about', 'privacy', 'about', 'privacy'),
  page('about.partners', 'about', 'partners', 'about', 'partners'),
  page('about.data-sources', 'about', 'data-sources', 'about', 'dataSources'),
  page('careers', 'about', 'careers', 'careers'),
  page('environment', 'environment', 'environment', 'environment', 'onlineShopping'),
  page('environment.ecotip', 'environment', 'ecotip', 'environment', 'ecotip'),
  page('environment.green-tax', 'environment', 'green-tax', 'environment', 'greenTax'),
  page('environment.eco-shopping', 'environment', 'eco-shopping', 'environment', 'ecoShopping'),
  page('environment.shopping-impact', 'environment', 'shopping-impact', 'environment', 'shoppingImpact'),
  page('help', 'help', 'help', 'help'),
  page('help.faq', 'help', 'faq', 'help', 'faq'),
  page('help.barcodes', 'help', 'barcodes', 'help', 'barcodes'),
  page('help.price-comparison', 'help', 'price-comparison-help', 'help', 'priceComparison'),
  page('help.delivery-rates', 'help', 'delivery-rates', 'help', 'deliveryRates'),
  // The legal section's index: what the imprint, the terms of use and the data protection say.
  page('legal', 'legal', 'legal', 'legal'),
  page('legal.imprint', 'legal', 'imprint', 'legal', 'imprint'),
  page('legal.terms-of-use', 'legal', 'terms-of-use', 'legal', 'termsOfUse'),
  page('legal.data-protection', 'legal', 'data-protection', 'legal', 'dataProtection'),
  page('business', 'pro', 'business', 'business'),
  page('advertise', 'pro', 'advertise', 'advertise'),
  page('register-shop', 'pro', 'register-shop', 'registerShop'),
  page('list-your-products', 'pro', 'list-your-products', 'listYourProducts'),
  page('associates-program', 'pro', 'associates-program', 'associatesProgram'),
  page('pro.services', 'pro', 'pro-services', '=pro', '=services'),
  page('pro.services.merchant-center', 'pro', 'merchant-center', '=pro', '=services', '=merchant-center'),
  page('pro.services.market-insights', 'pro', 'market-insights', '=pro', '=services', '=market-insights'),
  page('pro.services.data-enrichment', 'pro', 'data-enrichment', '=pro', '=services', '=data-enrichment'),
  page('pro.services.affiliate-network', 'pro', 'affiliate-network', '=pro', '=services', '=affiliate-network'),
  page('pro.partners.retail', 'pro', 'partners-retail', '=pro', '=partners', '=retail'),
  page('pro.partners.education', 'pro', 'partners-education', '=pro', '=partners', '=education'),
  page('pro.partners.government', 'pro', 'partners-government', '=pro', '=partners', '=government'),
  page('pro.partners.publishers', 'pro', 'partners-publishers', '=pro', '=partners', '=publishers'),
] as const satisfies readonly StaticPage[];

export type StaticPageName =
  | 'about'
  | 'about.news'
  | 'about.company'
  | 'about.mission'
  | 'about.the-team'
  | 'about.commitment'
  | 'about.contact'
  | 'about.price-comparison'
  | 'about.bot'
  | 'about.privacy'
  | 'about.partners'
  | 'about.data-sources'
  | 'careers'
  | 'advertise'
  | 'register-shop'
  | 'business'
  | 'list-your-products'
  | 'associates-program'
  | 'environment'
  | 'environment.ecotip'
  | 'environment.green-tax'
  | 'environment.eco-shopping'
  | 'environment.shopping-impact'
  | 'help'
  | 'help.faq'
  | 'help.barcodes'
  | 'help.price-comparison'
  | 'help.delivery-rates'
  | 'legal'
  | 'legal.imprint'
  | 'legal.terms-of-use'
  | 'legal.data-protection'
  | 'pro.services'
  | 'pro.services.merchant-center'
  | 'pro.services.market-insights'
  | 'pro.services.data-enrichment'
  | 'pro.services.affiliate-network'
  | 'pro.partners.retail'
  | 'pro.partners.education'
  | 'pro.partners.government'
  | 'pro.partners.publishers';

/** The path words of a page in one route language. */
export function staticPageSegments(page: StaticPage, language: RouteLanguage): string[] {
  return page.path.map((word) => (word.startsWith('=') ? word.slice(1) : SLUGS[word as SlugName][language]));
}

export const staticPageByName = (name: string): StaticPage | undefined => STATIC_PAGES.find((p) => p.name === name);

/**
 * The page at some path words, in the asked route language first, then in the other two (a
 * German visitor following an English link): `language` says which one matched, so the route
 * can send the visitor to the words of its own language.
 */
export function findStaticPage(
  segments: readonly string[],
  preferred: RouteLanguage,
): { page: StaticPage; language: RouteLanguage } | null {
  const order: RouteLanguage[] = [preferred, ...(['en', 'de', 'fr'] as const).filter((l) => l !== preferred)];
  for (const language of order) {
    const page = STATIC_PAGES.find((p) => {
      const words = staticPageSegments(p, language);
      return words.length === segments.length && words.every((word, i) => word === segments[i]);
    });
    if (page) return { page, language };
  }
  return null;
}

/** The translation key of a page's title ("about.company" → "pages.about_company.title"; i18next splits keys at dots). */
export const pageTitleKey = (name: StaticPageName): string => `pages.${name.replace(/\./g, '_')}.title`;
