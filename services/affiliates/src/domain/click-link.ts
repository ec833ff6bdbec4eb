import { ClickOrigin } from '@pc/proto/affiliates/v1/types';
import type { ResolveClickOutRequest } from '@pc/proto/affiliates/v1/affiliates';

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

/** The site's locale ids (spec §2.1) and their countries: the first word of a referrer's path. */
const LOCALE_COUNTRIES: Readonly<Record<string, string>> = {
  'de-ch': 'CH',
  'fr-ch': 'CH',
  'en-ch': 'CH',
  de: 'DE',
  'fr-de': 'DE',
  'en-de': 'DE',
  'de-fr': 'FR',
  fr: 'FR',
  'en-fr': 'FR',
  'de-gb': 'GB',
  'fr-gb': 'GB',
  gb: 'GB',
  'de-de': 'DE',
  'fr-fr': 'FR',
  'en-gb': 'GB',
};
const LOCALE_LANGUAGES: Readonly<Record<string, string>> = { de: 'de', fr: 'fr', gb: 'en' };
const ID = /^[A-Za-z0-9_-]{1,128}$/;

/** An HTTP request for `/goto/{location}` as the click-out endpoint receives it. */
export interface ClickOutHttpRequest {
  readonly locationId: string;
  readonly query: Readonly<Record<string, unknown>>;
  /** The visitor's address (after the trusted proxies). */
  readonly ip: string;
  readonly host: string;
  readonly userAgent: string;
  readonly referer: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * ResolveClickOut's request from a click-out link (ADR 043): `o` the page the link is on, `p` which
 * link, `product` the product page's product; a referrer of this host counts as its path
 * (whose locale gives the site country and language), another host's as "external".
 */
export function clickRequestOf(http: ClickOutHttpRequest): ResolveClickOutRequest {
  const product = text(http.query.product);
  const productId = ID.test(product) ? product : '';
  let referrer = '';
  if (http.referer) {
    try {
      const from = new URL(http.referer);
      referrer = from.host === http.host ? `${from.pathname}${from.search}` : 'external';
    } catch {
      referrer = 'external';
    }
  }
  const locale = referrer.startsWith('/') ? (referrer.split('/')[1] ?? '') : '';
  const placement = text(http.query.p);
  return {
    locationId: http.locationId,
    origin:
      ORIGINS[text(http.query.o)] ??
      (productId ? ClickOrigin.CLICK_ORIGIN_PRODUCT_PAGE : ClickOrigin.CLICK_ORIGIN_UNSPECIFIED),
    productId,
    country: LOCALE_COUNTRIES[locale] ?? '',
    language: LOCALE_COUNTRIES[locale] ? (LOCALE_LANGUAGES[locale] ?? locale.split('-')[0] ?? '') : '',
    userId: '',
    visitorId: '',
    ip: http.ip,
    userAgent: http.userAgent,
    referrer,
    placement: PLACEMENTS.has(placement) ? placement : '',
  };
}
