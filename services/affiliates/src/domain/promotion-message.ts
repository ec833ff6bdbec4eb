import type { Promotion } from '@pc/proto/affiliates/v1/types';
import { locationIdOf, statusAt, type PromotionRecord } from './promotion-record.js';

/**
 * The wire form of a stored promotion, its status derived at `now`. The landing page `url` goes
 * to staff only: visitors follow `location_id` (so every click passes ResolveClickOut).
 */
export function toPromotionMessage(record: PromotionRecord, now: Date, options: { withUrl: boolean }): Promotion {
  return {
    id: record._id,
    title: record.title,
    description: record.description,
    imageUrl: record.imageUrl,
    shopId: record.shopId,
    shopName: record.shopName,
    shopFaviconUrl: record.shopFaviconUrl,
    productId: record.productId,
    brandSlug: record.brandSlug,
    locationId: locationIdOf(record._id),
    url: options.withUrl ? record.url : '',
    code: record.code,
    discountPercent: record.discountPercent,
    countries: [...record.countries],
    language: record.language,
    startsAt: new Date(record.startsAt),
    endsAt: record.endsAt ? new Date(record.endsAt) : undefined,
    status: statusAt(record, now),
    createdAt: new Date(record.createdAt),
  };
}
