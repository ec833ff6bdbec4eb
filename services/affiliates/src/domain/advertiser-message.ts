import type { Advertisement, Advertiser, AffiliateAccount } from '@pc/proto/affiliates/v1/types';
import type { AdvertisementRecord, AdvertiserRecord, AffiliateAccountRecord } from './advertiser-records.js';
import { adLocationOf } from './location-kind.js';
import { toMoney } from './money.js';

export function toAdvertiserMessage(record: AdvertiserRecord): Advertiser {
  return {
    id: record._id,
    name: record.name,
    kind: record.kind,
    shopId: record.shopId,
    brandSlug: record.brandSlug,
    homepageUrl: record.homepageUrl,
    pricing: record.pricing,
    costPerClick: record.costPerClick ? toMoney(record.costPerClick) : undefined,
    metas: record.metas.map((meta) => ({ ...meta })),
    active: record.active,
    createdAt: new Date(record.createdAt),
    updatedAt: new Date(record.updatedAt),
  };
}

export function toAccountMessage(record: AffiliateAccountRecord): AffiliateAccount {
  return {
    id: record._id,
    advertiserId: record.advertiserId,
    network: record.network,
    publisherId: record.publisherId,
    commissionBasisPoints: record.commissionBasisPoints,
    commissionPerClick: record.commissionPerClick ? toMoney(record.commissionPerClick) : undefined,
    trackingParameters: record.trackingParameters.map((p) => ({ ...p })),
    active: record.active,
    createdAt: new Date(record.createdAt),
    updatedAt: new Date(record.updatedAt),
  };
}

/** Visitors get the content and the location; staff also the landing URL and the counts. */
export function toAdvertisementMessage(
  record: AdvertisementRecord,
  options: { staff: boolean; counts?: { readonly impressions: number; readonly clicks: number } },
): Advertisement {
  return {
    id: record._id,
    advertiserId: record.advertiserId,
    placement: record.placement,
    title: record.title,
    text: record.text,
    imageUrl: record.imageUrl,
    locationId: adLocationOf(record._id),
    countries: [...record.countries],
    language: record.language,
    startsAt: new Date(record.startsAt),
    endsAt: record.endsAt ? new Date(record.endsAt) : undefined,
    weight: record.weight,
    categoryIds: [...record.categoryIds],
    url: options.staff ? record.url : '',
    impressions: options.staff ? (options.counts?.impressions ?? 0) : 0,
    clicks: options.staff ? (options.counts?.clicks ?? 0) : 0,
    deleted: record.deleted,
    createdAt: new Date(record.createdAt),
  };
}
