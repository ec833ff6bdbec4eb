import { hash } from 'node:crypto';
import { Availability } from '@pc/proto/common/v1/commerce';
import type { OutboxFields } from '@pc/kit/events/outbox';
import type { MoneyRecord } from './money.js';
import type { PriceHoldRecord } from './implausible-price.js';
import type { PriceState } from './price-point.js';

/** Why an offer is not listed (empty while active). */
export type InactiveReason = '' | 'stale' | 'shop_suspended' | 'shop_deleted' | 'not_in_feed' | 'hidden';

/** An offer as the offers service stores it (one document per shop item). */
export interface OfferRecord extends OutboxFields {
  readonly _id: string;
  /** Opaque id of the click-out location (affiliates resolves "/goto/{locationId}"). */
  readonly locationId: string;
  readonly shopId: string;
  readonly shopOfferId: string;
  /**
   * The feed whose observation last changed the offer ('' for pages and older records): a
   * complete fetch of that feed delists the feed's offers it no longer lists.
   */
  readonly feedId?: string;
  /** The catalog product; '' while unmatched (unmatched offers are not listed). */
  readonly productId: string;
  /** Why catalog could not match it, when productId is ''. */
  readonly matchError: string;
  readonly country: string;
  readonly name: string;
  readonly brand: string;
  readonly gtin: string;
  readonly mpn: string;
  readonly imageUrl: string;
  readonly url: string;
  readonly availability: Availability;
  readonly condition: number;
  readonly price: MoneyRecord;
  readonly listPrice: MoneyRecord | null;
  readonly shipping: MoneyRecord | null;
  readonly isGreen: boolean;
  readonly deliveryTime: string;
  /** Listed: seen recently, its shop active, not hidden by staff. */
  readonly active: boolean;
  /** Why staff hid it (SetOfferHidden; absent or '' while not hidden): no observation lists it. */
  readonly hiddenReason?: string;
  readonly inactiveReason: InactiveReason;
  /** Availability is in stock or limited (ListOffers in_stock_only), kept for indexed filters. */
  readonly inStock: boolean;
  /** price + shipping in minor units; unknown shipping sorts last. For store-side sorts. */
  readonly totalSort: number;
  readonly firstSeenAt: string;
  /** When a feed or crawl last confirmed it (ISO; refreshed at the configured granularity). */
  readonly lastSeenAt: string;
  readonly priceChangedAt: string;
  /** The latest point of its price history (the state the next point is compared with). */
  readonly lastPoint: PriceState | null;
  /**
   * Set while its price is held back as implausible (ADR 146): listed, but not counted for the
   * product's summary. Kept by the summary refresher, which judges the product's offers.
   */
  readonly priceHold?: PriceHoldRecord | null;
  /** The price staff confirmed while it was held: that exact price counts (ADR 146). */
  readonly confirmedPrice?: MoneyRecord | null;
  /** Monotonic per offer; +1 per change that emits OfferChanged. */
  readonly version: number;
}

/** Availabilities counted as "in stock" (ListOffers in_stock_only, summaries' in-stock counts). */
export function isInStock(availability: Availability): boolean {
  return availability === Availability.AVAILABILITY_IN_STOCK || availability === Availability.AVAILABILITY_LIMITED;
}

/** Sorts after any real total (unknown shipping last). */
export const UNKNOWN_TOTAL = Number.MAX_SAFE_INTEGER;

export function totalSortOf(price: MoneyRecord, shipping: MoneyRecord | null): number {
  if (!shipping || shipping.currency !== price.currency) return UNKNOWN_TOTAL;
  return price.amountMinor + shipping.amountMinor;
}

/**
 * The offer id: deterministic from (shop_id, shop_offer_id), so every observation of one shop
 * item lands on one document without a lookup table, and a replay finds the same ids.
 */
export function offerIdOf(shopId: string, shopOfferId: string): string {
  return `of_${digest('offer', shopId, shopOfferId)}`;
}

/** The click-out location id: stable for the offer's life, not guessable from the offer id. */
export function locationIdOf(shopId: string, shopOfferId: string): string {
  return `lc_${digest('location', shopId, shopOfferId)}`;
}

function digest(purpose: string, shopId: string, shopOfferId: string): string {
  // NUL separators: no (shop, item) pair can collide with another by shifting characters.
  // One-shot `hash`: the same digest as createHash().update().digest(), at half the cost (every
  // observation computes its offer id).
  return hash('sha256', `${purpose}\0${shopId}\0${shopOfferId}`, 'base64url').slice(0, 22);
}
