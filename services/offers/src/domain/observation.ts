import { Availability, Condition } from '@pc/proto/common/v1/commerce';
import type { OfferObserved } from '@pc/proto/crawler/events/v1/events';
import type { Money } from '@pc/proto/common/v1/money';
import { isCountryCode, isCurrencyCode } from './currency.js';
import type { MoneyRecord } from './money.js';
import { offerIdOf } from './offer-record.js';

/** A validated, normalised OfferObserved. */
export interface Observation {
  readonly offerId: string;
  readonly shopId: string;
  readonly shopOfferId: string;
  readonly url: string;
  readonly title: string;
  readonly description: string;
  readonly brand: string;
  readonly gtin: string;
  readonly mpn: string;
  readonly categoryPath: string;
  readonly googleProductCategoryId: number;
  readonly imageUrls: readonly string[];
  readonly language: string;
  readonly price: MoneyRecord;
  readonly listPrice: MoneyRecord | null;
  readonly shipping: MoneyRecord | null;
  readonly availability: Availability;
  readonly condition: Condition;
  readonly country: string;
  readonly isGreen: boolean;
  readonly deliveryTime: string;
  readonly observedAt: Date;
  /** The feed it was read from; '' for a page. */
  readonly feedId: string;
}

/** Why an observation was rejected: a stable label for logs and the rejection metric. */
export type RejectionReason =
  | 'shop_id_missing'
  | 'shop_offer_id_missing'
  | 'id_too_long'
  | 'title_missing'
  | 'url_invalid'
  | 'price_missing'
  | 'price_not_positive'
  | 'currency_invalid'
  | 'country_invalid'
  | 'observed_at_missing'
  | 'observed_in_future';

export type ParsedObservation =
  { readonly ok: true; readonly observation: Observation } | { readonly ok: false; readonly reason: RejectionReason };

/** Clock skew tolerated between the crawler and us before an observation counts as from the future. */
const FUTURE_TOLERANCE_MS = 5 * 60_000;
const MAX_ID = 200;
const MAX_URL = 2048;

const cut = (text: string, max: number): string => (text.length > max ? text.slice(0, max) : text).trim();

function httpUrl(text: string): boolean {
  if (text.length > MAX_URL) return false;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Optional money: absent, of another currency than the price, or negative reads as "unknown". */
function optionalMoney(money: Money | undefined, currency: string, min: number): MoneyRecord | null {
  if (!money || money.currency !== currency || !Number.isSafeInteger(money.amountMinor) || money.amountMinor < min)
    return null;
  return { amountMinor: money.amountMinor, currency };
}

function availabilityOf(value: number): Availability {
  const known = value >= Availability.AVAILABILITY_UNKNOWN && value <= Availability.AVAILABILITY_DISCONTINUED;
  return known ? (value as Availability) : Availability.AVAILABILITY_UNKNOWN;
}

function conditionOf(value: number): Condition {
  const known = value >= Condition.CONDITION_NEW && value <= Condition.CONDITION_UNKNOWN;
  return known ? (value as Condition) : Condition.CONDITION_UNKNOWN;
}

/**
 * Validates and normalises an observation. Rejections are permanent (retrying cannot fix a
 * missing price), so the caller skips them with a warning and a metric instead of blocking the
 * partition through retries into the dead-letter topic.
 */
export function parseObservation(event: OfferObserved, now: Date): ParsedObservation {
  const shopId = event.shopId.trim();
  const shopOfferId = event.shopOfferId.trim();
  if (!shopId) return { ok: false, reason: 'shop_id_missing' };
  if (!shopOfferId) return { ok: false, reason: 'shop_offer_id_missing' };
  if (shopId.length > MAX_ID || shopOfferId.length > MAX_ID) return { ok: false, reason: 'id_too_long' };
  const title = cut(event.title, 500);
  if (!title) return { ok: false, reason: 'title_missing' };
  if (!httpUrl(event.url)) return { ok: false, reason: 'url_invalid' };
  if (!event.price) return { ok: false, reason: 'price_missing' };
  const { amountMinor, currency } = event.price;
  if (!isCurrencyCode(currency)) return { ok: false, reason: 'currency_invalid' };
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) return { ok: false, reason: 'price_not_positive' };
  const country = event.country.toUpperCase();
  if (!isCountryCode(country)) return { ok: false, reason: 'country_invalid' };
  if (!event.observedAt || Number.isNaN(event.observedAt.getTime()))
    return { ok: false, reason: 'observed_at_missing' };
  if (event.observedAt.getTime() > now.getTime() + FUTURE_TOLERANCE_MS)
    return { ok: false, reason: 'observed_in_future' };

  const price = { amountMinor, currency };
  const listPrice = optionalMoney(event.originalPrice, currency, 0);
  return {
    ok: true,
    observation: {
      offerId: offerIdOf(shopId, shopOfferId),
      shopId,
      shopOfferId,
      url: event.url,
      title,
      description: cut(event.description, 5_000),
      brand: cut(event.brand, 200),
      gtin: event.gtin,
      mpn: cut(event.mpn, 100),
      categoryPath: cut(event.categoryPath, 500),
      googleProductCategoryId: event.googleProductCategoryId,
      imageUrls: event.imageUrls.filter(httpUrl).slice(0, 10),
      language: event.language,
      price,
      // A "crossed-out" price not above the price is no reduction.
      listPrice: listPrice && listPrice.amountMinor > amountMinor ? listPrice : null,
      shipping: optionalMoney(event.shipping, currency, 0),
      availability: availabilityOf(event.availability),
      condition: conditionOf(event.condition),
      country,
      isGreen: event.isGreen,
      deliveryTime: cut(event.deliveryTime, 100),
      observedAt: event.observedAt,
      feedId: cut(event.feedId, MAX_ID),
    },
  };
}
