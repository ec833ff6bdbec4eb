import type { Click, ClickFilter, ClickOrigin, LocationKind, UserAgentClass } from '@pc/proto/affiliates/v1/types';
import type { OutboxFields } from '@pc/kit/events/outbox';

/** Money as stored: minor units and an ISO 4217 code. */
export interface MoneyRecord {
  readonly amountMinor: number;
  readonly currency: string;
}

/**
 * One click-out as stored (every click, counted or not: bots and duplicates are kept). No raw
 * address or user agent: the visitor key is a keyed hash under a daily salt, the agent a class.
 */
export interface ClickRecord extends OutboxFields {
  readonly _id: string;
  readonly locationId: string;
  readonly locationKind: LocationKind;
  readonly offerId: string;
  readonly productId: string;
  readonly shopId: string;
  readonly promotionId: string;
  readonly advertisementId: string;
  readonly targetUrl: string;
  readonly origin: ClickOrigin;
  readonly placement: string;
  readonly referrerPageType: string;
  readonly price: MoneyRecord | null;
  readonly isGreen: boolean;
  readonly country: string;
  readonly language: string;
  readonly userId: string;
  readonly visitorKey: string;
  readonly userAgentClass: UserAgentClass;
  readonly filter: ClickFilter;
  readonly counted: boolean;
  readonly clickedAt: string;
}

export function toClickMessage(record: ClickRecord): Click {
  return {
    id: record._id,
    locationId: record.locationId,
    locationKind: record.locationKind,
    offerId: record.offerId,
    productId: record.productId,
    shopId: record.shopId,
    promotionId: record.promotionId,
    advertisementId: record.advertisementId,
    targetUrl: record.targetUrl,
    origin: record.origin,
    price: record.price ? { amountMinor: record.price.amountMinor, currency: record.price.currency } : undefined,
    isGreen: record.isGreen,
    country: record.country,
    language: record.language,
    userId: record.userId,
    visitorId: record.visitorKey,
    counted: record.counted,
    clickedAt: new Date(record.clickedAt),
    filter: record.filter,
    referrerPageType: record.referrerPageType,
    userAgentClass: record.userAgentClass,
    placement: record.placement,
  };
}
