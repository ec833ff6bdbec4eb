import { ClickOrigin } from '@pc/proto/affiliates/v1/types';

/** Page types of the site's screens by their first path word after the locale (spec §2.2). */
const SCREEN_TYPES: Readonly<Record<string, string>> = {
  products: 'product',
  search: 'search',
  categories: 'category',
  brands: 'brand',
  shops: 'shop',
  promotions: 'promotions',
  favourites: 'favourites',
};

const ORIGIN_TYPES = new Map<ClickOrigin, string>([
  [ClickOrigin.CLICK_ORIGIN_PRODUCT_PAGE, 'product'],
  [ClickOrigin.CLICK_ORIGIN_SEARCH, 'search'],
  [ClickOrigin.CLICK_ORIGIN_CATEGORY_PAGE, 'category'],
  [ClickOrigin.CLICK_ORIGIN_BRAND_PAGE, 'brand'],
  [ClickOrigin.CLICK_ORIGIN_SHOP_PAGE, 'shop'],
  [ClickOrigin.CLICK_ORIGIN_PROMOTIONS, 'promotions'],
  [ClickOrigin.CLICK_ORIGIN_ADVERTISEMENT, 'advertisement'],
  [ClickOrigin.CLICK_ORIGIN_FAVOURITES, 'favourites'],
  [ClickOrigin.CLICK_ORIGIN_ALERT, 'alert'],
  [ClickOrigin.CLICK_ORIGIN_OTHER, 'other'],
]);

const TYPE_ORIGINS = new Map<string, ClickOrigin>([...ORIGIN_TYPES].map(([origin, type]) => [type, origin]));

/**
 * The page type a referrer names: a path (or URL) of the site — `/{locale}/products/…` is
 * "product", `/{locale}` alone "home" — or the word "external" the BFF sends for another site's
 * page; "none" without a referrer, "other" for anything else.
 */
export function pageTypeOfReferrer(referrer: string): string {
  const text = referrer.trim();
  if (!text) return 'none';
  if (text === 'external') return 'external';
  let path: string;
  try {
    path = new URL(text, 'http://site.invalid').pathname;
  } catch {
    return 'other';
  }
  const [locale, screen] = path.split('/').filter(Boolean);
  if (locale === undefined) return 'home';
  if (!/^[a-z]{2}(-[a-z]{2})?$/.test(locale)) return 'other';
  if (screen === undefined) return 'home';
  return SCREEN_TYPES[screen] ?? 'other';
}

/**
 * Where a click started: the origin the link named (the site's links carry it), else what the
 * referrer shows. The page type follows the same choice.
 */
export function clickOrigin(named: ClickOrigin, referrer: string): { origin: ClickOrigin; pageType: string } {
  const namedType = ORIGIN_TYPES.get(named);
  if (namedType) return { origin: named, pageType: namedType };
  const pageType = pageTypeOfReferrer(referrer);
  return { origin: TYPE_ORIGINS.get(pageType) ?? ClickOrigin.CLICK_ORIGIN_UNSPECIFIED, pageType };
}
