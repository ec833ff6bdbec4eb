import { PromotionStatus } from '@pc/proto/affiliates/v1/types';

/**
 * A promotion as stored. Times are ISO strings (they sort as text in both adapters). Two derived
 * fields exist only so the DocumentStore's small query language can answer the list in the store:
 * - `countryKeys`: the countries, or ['*'] for "everywhere", so "applies to CH" is one `$in`;
 * - `endKey`: `endsAt`, or OPEN_END for open-ended ones, so "still running" is one range and
 *   "ending soon" one sort with open-ended promotions last.
 * A deleted promotion stays as a tombstone (`deleted`) so its click-out location can still send
 * visitors to the shop's homepage (proto: DeletePromotion).
 */
export interface PromotionRecord {
  readonly _id: string;
  readonly title: string;
  readonly description: string;
  readonly imageUrl: string;
  readonly shopId: string;
  readonly shopName: string;
  readonly shopFaviconUrl: string;
  readonly productId: string;
  readonly brandSlug: string;
  readonly url: string;
  readonly code: string;
  readonly discountPercent: number;
  readonly countries: readonly string[];
  readonly countryKeys: readonly string[];
  readonly language: string;
  readonly startsAt: string;
  readonly endsAt: string | null;
  readonly endKey: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly deleted: boolean;
}

/** Stands in for "no end" in `endKey`: later than any real end. */
export const OPEN_END = '9999-12-31T23:59:59.999Z';

/** The prefix of promotion click-out locations; offer locations never carry it (ADR 015). */
export const PROMOTION_LOCATION_PREFIX = 'pr_';

export const locationIdOf = (promotionId: string): string => `${PROMOTION_LOCATION_PREFIX}${promotionId}`;

/** The promotion id behind a location id, or null when it is not a promotion location. */
export function promotionIdOfLocation(locationId: string): string | null {
  return locationId.startsWith(PROMOTION_LOCATION_PREFIX) && locationId.length > PROMOTION_LOCATION_PREFIX.length
    ? locationId.slice(PROMOTION_LOCATION_PREFIX.length)
    : null;
}

/** Status against `now`: not started yet, running (start ≤ now < end), or ended. */
export function statusAt(promotion: Pick<PromotionRecord, 'startsAt' | 'endKey'>, now: Date): PromotionStatus {
  const at = now.toISOString();
  if (promotion.startsAt > at) return PromotionStatus.PROMOTION_STATUS_SCHEDULED;
  return promotion.endKey > at ? PromotionStatus.PROMOTION_STATUS_ACTIVE : PromotionStatus.PROMOTION_STATUS_ENDED;
}

/** The derived fields of a record from its countries and end. */
export const derivedFields = (countries: readonly string[], endsAt: string | null) => ({
  countryKeys: countries.length > 0 ? [...countries] : ['*'],
  endKey: endsAt ?? OPEN_END,
});
