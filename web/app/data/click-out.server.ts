import { ClickOrigin } from '@pc/proto/affiliates/v1/types';
import { currentUser } from '~/auth/current-user.server';
import { DEFAULT_LOCALE, parseLocale } from '~/i18n/locales';
import { resolveClickOut as resolveWithAffiliates } from '~/services/affiliates.server';
import { interfaceLanguage } from '~/site/site-context.server';

const ID = /^[A-Za-z0-9_-]{1,128}$/;

/** The `o` parameter of the site's click-out links: the page the link is on. */
const ORIGINS: Readonly<Record<string, ClickOrigin>> = {
  product: ClickOrigin.CLICK_ORIGIN_PRODUCT_PAGE,
  search: ClickOrigin.CLICK_ORIGIN_SEARCH,
  category: ClickOrigin.CLICK_ORIGIN_CATEGORY_PAGE,
  brand: ClickOrigin.CLICK_ORIGIN_BRAND_PAGE,
  shop: ClickOrigin.CLICK_ORIGIN_SHOP_PAGE,
  promotions: ClickOrigin.CLICK_ORIGIN_PROMOTIONS,
  ad: ClickOrigin.CLICK_ORIGIN_ADVERTISEMENT,
  favourites: ClickOrigin.CLICK_ORIGIN_FAVOURITES,
  alert: ClickOrigin.CLICK_ORIGIN_ALERT,
};
/** The `p` parameter: which link of the page (the visit-shop button is spec §7's visit logger). */
const PLACEMENTS = new Set(['offer', 'visit_shop', 'promotion', 'advertisement']);

/** The request's referrer as affiliates wants it: a path of this site, "external", or ''. */
function referrerOf(request: Request, url: URL): string {
  const referrer = request.headers.get('referer');
  if (!referrer) return '';
  try {
    const from = new URL(referrer);
    return from.host === url.host ? `${from.pathname}${from.search}` : 'external';
  } catch {
    return 'external';
  }
}

/**
 * The signed-in user following a link, so that the click verifies their review of the shop (ADR
 * 119); '' for a visitor, and when accounts cannot say who it is: the click goes out all the same.
 */
async function clickingUser(request: Request): Promise<string> {
  try {
    return (await currentUser(request))?.id ?? '';
  } catch (error) {
    console.warn('click-out: the signed-in user is unknown', error instanceof Error ? error.message : error);
    return '';
  }
}

/** Where a click-out link says it was followed: `o` (origin), `p` (placement), `product`. */
export interface ClickOutLink {
  readonly locationId: string;
  readonly origin: string;
  readonly placement: string;
  readonly productId: string;
}

/** The link parameters of `/goto/{locationId}?o=…&p=…&product=…` (each optional). */
export function linkOf(url: URL, locationId: string): ClickOutLink {
  const get = (name: string) => url.searchParams.get(name) ?? '';
  return { locationId, origin: get('o'), placement: get('p'), productId: get('product') };
}

/**
 * Resolves a click-out (spec §2.2 `/goto/{locationId}`, and spec §7's analytics events) through
 * affiliates.ResolveClickOut, which records the click (ADR 043): the link's origin and placement,
 * the visitor's address (only to be hashed) and user agent, the site country of the page the
 * link was on (from the referrer's locale, else the default locale), the signed-in user who
 * followed it. Null for an id no link can hold or an unknown location; only an http(s) target is
 * ever returned.
 */
export async function resolveClickOut(request: Request, link: ClickOutLink, clientIp: string) {
  if (!ID.test(link.locationId)) return null;
  const url = new URL(request.url);
  const product = ID.test(link.productId) ? link.productId : '';
  const referrer = referrerOf(request, url);
  const locale =
    parseLocale(referrer.startsWith('/') ? referrer.split('/')[1] : undefined) ?? parseLocale(DEFAULT_LOCALE)!;
  const answer = await resolveWithAffiliates({
    locationId: link.locationId,
    productId: product,
    origin:
      ORIGINS[link.origin] ?? (product ? ClickOrigin.CLICK_ORIGIN_PRODUCT_PAGE : ClickOrigin.CLICK_ORIGIN_UNSPECIFIED),
    placement: PLACEMENTS.has(link.placement) ? link.placement : '',
    country: locale.country.toUpperCase(),
    language: interfaceLanguage(url, request.headers.get('Cookie'), locale),
    ip: clientIp,
    userAgent: request.headers.get('user-agent') ?? '',
    referrer,
    userId: await clickingUser(request),
  });
  return answer && /^https?:\/\//.test(answer.targetUrl) ? answer : null;
}
