import type { LocaleId } from '~/i18n/locales';
import { routeLanguageOf, SLUGS, type SlugName } from './slugs';
import { staticPageByName, staticPageSegments, type StaticPageName } from './static-pages';

/**
 * The localized route helper (spec §2.1): a dotted route name, the locale and the interface
 * language give `/{locale}/` followed by the route's path words, translated for en, de and fr.
 * Every link the site renders is built here, so every link keeps the locale.
 */
type Params = Readonly<Record<string, string>>;

/** Routes of spec §2.2 with fixed words; `:name` is a parameter. */
const SCREENS = {
  home: '',
  shops: 'shops',
  'shops.show': 'shops/:shop',
  brands: 'brands',
  'brands.show': 'brands/:brand',
  products: 'products',
  'products.show': 'products/:product',
  categories: 'categories',
  'categories.show': 'categories/:category',
  promotions: 'promotions',
  compare: 'compare',
  search: 'search',
  barcode: 'search/barcode',
  favourites: 'favourites',
  'favourites.all': 'favourites/all',
  'favourites.list': 'favourites/:list',
  'files.show': 'files/:file',
  login: 'login',
  'login.two-step': 'login/two-step',
  register: 'register',
  'password.request': 'forgot-password',
} as const;

/** Routes of one translated word (slugs.ts), served under every route language's word (route-aliases.ts). */
const TRANSLATED_SCREENS = {
  deals: 'deals',
} as const satisfies Record<string, SlugName>;

/** Routes without the locale prefix (spec §2.2: the account and business area, the click-out). */
const UNPREFIXED = {
  account: '/account',
  'account.favourites': '/account/favourites',
  'account.alerts': '/account/alerts',
  'account.reviews': '/account/reviews',
  'account.business': '/account/business',
  'account.business.shops.new': '/account/business/shops/new',
  'password.reset': '/reset-password',
  goto: '/goto/:locationId',
  admin: '/admin',
} as const;

export type ScreenName = keyof typeof SCREENS;
export type TranslatedScreenName = keyof typeof TRANSLATED_SCREENS;
export type RouteName = ScreenName | TranslatedScreenName | keyof typeof UNPREFIXED | StaticPageName;

export interface RouteContext {
  readonly locale: LocaleId;
  /** The interface language: picks the words of translated paths. */
  readonly language: string;
}

function fill(pattern: string, params: Params): string {
  return pattern.replace(/:(\w+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined || value === '') throw new Error(`route parameter ${key} is missing`);
    return encodeURIComponent(value);
  });
}

function queryString(query: Readonly<Record<string, string | number | undefined>> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function routePath(
  name: RouteName,
  context: RouteContext,
  params: Params = {},
  query?: Readonly<Record<string, string | number | undefined>>,
): string {
  if (name in UNPREFIXED) return fill(UNPREFIXED[name as keyof typeof UNPREFIXED], params) + queryString(query);
  const screen = SCREENS[name as ScreenName] as string | undefined;
  let rest: string;
  const translated = TRANSLATED_SCREENS[name as TranslatedScreenName] as SlugName | undefined;
  if (screen !== undefined) rest = fill(screen, params);
  else if (translated !== undefined) rest = SLUGS[translated][routeLanguageOf(context.language)];
  else {
    const page = staticPageByName(name);
    if (!page) throw new Error(`no route named ${name}`);
    rest = staticPageSegments(page, routeLanguageOf(context.language)).join('/');
  }
  return `/${context.locale}${rest ? `/${rest}` : ''}${queryString(query)}`;
}

/** A product's path segment: its slug, the "-p" marker and its id (spec §2.2). */
export const productSegment = (slug: string, id: string): string => (slug ? `${slug}-p${id}` : id);

/** The same page under another locale: the first segment swapped, the rest and the query kept. */
export function withLocale(pathWithQuery: string, locale: LocaleId): string {
  const [path = '', query] = pathWithQuery.split('?', 2) as [string, string | undefined];
  const segments = path.split('/');
  segments[1] = locale;
  return segments.join('/') + (query ? `?${query}` : '');
}
