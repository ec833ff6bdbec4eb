import { sameMoney } from './money.js';
import type { Observation } from './observation.js';
import { isInStock, locationIdOf, totalSortOf, type OfferRecord } from './offer-record.js';
import { sameState, type PriceState } from './price-point.js';
import { isFresh, type FreshnessRules } from './freshness.js';

/**
 * What an observation means for the stored offer:
 * - outdated: older than what is stored (a redelivery or a late duplicate) — ignored;
 * - unchanged: equal to the stored offer — nothing is written or emitted;
 * - refresh: equal, but last-seen is older than the refresh granularity — only last-seen is
 *   written (no event: nothing a consumer shows changed);
 * - change: something visible changed (or the offer is new) — written, with events.
 */
export type Classification =
  | { readonly kind: 'outdated' }
  | { readonly kind: 'unchanged' }
  | { readonly kind: 'refresh'; readonly next: OfferRecord }
  | { readonly kind: 'change'; readonly needsMatch: boolean };

/** The fields an observation sets, compared to tell a change from a repeat. */
type ObservedFields = Pick<
  OfferRecord,
  | 'name'
  | 'brand'
  | 'gtin'
  | 'mpn'
  | 'imageUrl'
  | 'url'
  | 'availability'
  | 'condition'
  | 'country'
  | 'price'
  | 'listPrice'
  | 'shipping'
  | 'isGreen'
  | 'deliveryTime'
  | 'active'
  | 'inactiveReason'
>;

/** Top-level Offer field names (OfferChanged.changed_fields) and how to compare them. */
const COMPARED: readonly [keyof ObservedFields, string][] = [
  ['name', 'name'],
  ['imageUrl', 'image_url'],
  ['url', 'url'],
  ['availability', 'availability'],
  ['condition', 'condition'],
  ['country', 'country'],
  ['price', 'price'],
  ['listPrice', 'list_price'],
  ['shipping', 'shipping'],
  ['isGreen', 'is_green'],
  ['deliveryTime', 'delivery_time'],
  ['gtin', 'gtin'],
  ['mpn', 'mpn'],
  ['active', 'active'],
];

/** The fields an observation sets, as classify compares them with the stored offer's. `hidden`:
 *  staff hid the offer, so no observation lists it (ADR 060). */
export function observedFields(
  observation: Observation,
  now: Date,
  rules: FreshnessRules,
  hidden = false,
): ObservedFields {
  // An observation already older than the stale limit (a replay, a crawler backlog) is recorded
  // for history but does not list the offer.
  const fresh = isFresh(observation.observedAt, now, rules);
  const active = fresh && !hidden;
  return {
    name: observation.title,
    brand: observation.brand,
    gtin: observation.gtin,
    mpn: observation.mpn,
    imageUrl: observation.imageUrls[0] ?? '',
    url: observation.url,
    availability: observation.availability,
    condition: observation.condition,
    country: observation.country,
    price: observation.price,
    listPrice: observation.listPrice,
    shipping: observation.shipping,
    isGreen: observation.isGreen,
    deliveryTime: observation.deliveryTime,
    active,
    inactiveReason: hidden ? 'hidden' : fresh ? '' : 'stale',
  };
}

function differs(a: ObservedFields, b: ObservedFields, field: keyof ObservedFields): boolean {
  const left = a[field];
  const right = b[field];
  if (field === 'price' || field === 'listPrice' || field === 'shipping') {
    return !sameMoney(left as ObservedFields['listPrice'], right as ObservedFields['listPrice']);
  }
  return left !== right;
}

/** Staff hid the offer (SetOfferHidden). */
export const isHidden = (offer: Pick<OfferRecord, 'hiddenReason'> | null): boolean => Boolean(offer?.hiddenReason);

/** Matching identity: a known offer is matched again only when one of these changed. */
const identityChanged = (stored: OfferRecord, fields: ObservedFields): boolean =>
  stored.name !== fields.name ||
  stored.brand !== fields.brand ||
  stored.gtin !== fields.gtin ||
  stored.mpn !== fields.mpn;

/**
 * `classifyObservation` for an offer whose stored observed fields are known to equal the
 * observation's (the ingest's memo), from the stored last-seen time alone; null when last-seen is
 * due a refresh, which needs the stored offer.
 */
export function classifyRepeat(
  lastSeenMs: number,
  observation: Observation,
  rules: FreshnessRules,
): 'outdated' | 'unchanged' | null {
  const observedAt = observation.observedAt.getTime();
  if (observedAt < lastSeenMs) return 'outdated';
  return observedAt - lastSeenMs < rules.lastSeenGranularityMs ? 'unchanged' : null;
}

export function classifyObservation(
  stored: OfferRecord | null,
  observation: Observation,
  now: Date,
  rules: FreshnessRules,
): Classification {
  if (!stored) return { kind: 'change', needsMatch: true };
  const lastSeen = Date.parse(stored.lastSeenAt);
  const observedAt = observation.observedAt.getTime();
  if (observedAt < lastSeen) return { kind: 'outdated' };
  const fields = observedFields(observation, now, rules, isHidden(stored));
  const changed =
    COMPARED.some(([field]) => differs(stored, fields, field)) ||
    stored.brand !== fields.brand ||
    stored.inactiveReason !== fields.inactiveReason;
  if (changed) return { kind: 'change', needsMatch: identityChanged(stored, fields) };
  if (observedAt - lastSeen < rules.lastSeenGranularityMs) return { kind: 'unchanged' };
  return { kind: 'refresh', next: { ...stored, lastSeenAt: observation.observedAt.toISOString() } };
}

/** The product an offer is (or is not) matched to. */
export interface MatchResult {
  readonly productId: string;
  readonly error: string;
}

export interface AppliedObservation {
  /** The offer after the observation (outbox fields carried over, not yet staged). */
  readonly next: OfferRecord;
  /** OfferChanged.changed_fields. */
  readonly changedFields: readonly string[];
  /** A new price-history point, when listing, price or availability changed. */
  readonly point: PriceState | null;
}

/** The offer after a changing observation; `match` is the stored product unless re-matched. */
export function applyObservation(
  stored: OfferRecord | null,
  observation: Observation,
  match: MatchResult,
  now: Date,
  rules: FreshnessRules,
): AppliedObservation {
  const fields = observedFields(observation, now, rules, isHidden(stored));
  const at = observation.observedAt.toISOString();
  const state: PriceState = { t: at, p: fields.price.amountMinor, c: fields.price.currency, a: fields.availability };
  // A last point later than this observation is a removal the sweep dated ahead (last seen +
  // stale limit): this observation shows the offer was still listed, so a point is due.
  const lastPoint = stored?.lastPoint ?? null;
  const point = lastPoint && lastPoint.t <= at && sameState(lastPoint, state) ? null : state;
  const changedFields = stored
    ? COMPARED.filter(([field]) => differs(stored, fields, field)).map(([, name]) => name)
    : [];
  if (stored && stored.productId !== match.productId) changedFields.unshift('product_id');
  const next: OfferRecord = {
    ...(stored ?? {}),
    _id: observation.offerId,
    locationId: stored?.locationId ?? locationIdOf(observation.shopId, observation.shopOfferId),
    shopId: observation.shopId,
    shopOfferId: observation.shopOfferId,
    productId: match.productId,
    matchError: match.error,
    feedId: observation.feedId,
    ...fields,
    inStock: isInStock(fields.availability),
    totalSort: totalSortOf(fields.price, fields.shipping),
    firstSeenAt: stored?.firstSeenAt ?? at,
    lastSeenAt: at,
    priceChangedAt: stored && sameMoney(stored.price, fields.price) ? stored.priceChangedAt : at,
    lastPoint: point ?? lastPoint,
    version: (stored?.version ?? 0) + 1,
  };
  return { next, changedFields, point };
}
