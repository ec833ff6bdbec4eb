import { PriceTrend } from '@pc/proto/common/v1/commerce';
import type { ProductPriceSummary } from '@pc/proto/offers/v1/types';
import type { OutboxFields } from '@pc/kit/events/outbox';
import { sameMoney, type MoneyRecord } from './money.js';
import type { OfferRecord } from './offer-record.js';
import type { TrendReference, TrendResult } from './price-trend.js';

/** A product's prices in one country as stored (one document per product and country). */
export interface PriceSummaryRecord extends OutboxFields {
  /** `${productId}|${country}`. */
  readonly _id: string;
  readonly productId: string;
  readonly country: string;
  /** Currency of the amounts: the country's. */
  readonly currency: string;
  readonly lowestMinor: number | null;
  readonly highestMinor: number | null;
  readonly offersCount: number;
  readonly inStockCount: number;
  readonly cheapestOfferId: string;
  readonly hasGreenOffer: boolean;
  readonly trend: PriceTrend;
  readonly priceDropPercent: number;
  /** The trend reference, cached for the UTC day it was computed on (see summary-refresher). */
  readonly referenceDay: string;
  readonly referenceAverageMinor: number | null;
  readonly referenceDays: number;
  /** Monotonic per product and country; +1 per ProductPriceChanged. */
  readonly version: number;
  readonly updatedAt: string;
  /**
   * The product's active offers in the country as this summary was computed from them, in id
   * order: a refresh for changed offers reads those and takes the rest from here
   * (summary-refresher.ts). Absent past MAX_LISTED_OFFERS offers, and in summaries written
   * before the list existed (ADR 030).
   */
  readonly listed?: readonly ListedOffer[];
}

/** What a summary's figures need of one active offer. */
export type ListedOffer = Pick<
  OfferRecord,
  '_id' | 'price' | 'inStock' | 'isGreen' | 'lastSeenAt' | 'priceHold' | 'confirmedPrice'
>;

/** The hold fields are kept only when set, so lists of offers without them stay as they were. */
export const listedOfferOf = (offer: ListedOffer): ListedOffer => ({
  _id: offer._id,
  price: { amountMinor: offer.price.amountMinor, currency: offer.price.currency },
  inStock: offer.inStock,
  isGreen: offer.isGreen,
  lastSeenAt: offer.lastSeenAt,
  ...(offer.priceHold ? { priceHold: offer.priceHold } : {}),
  ...(offer.confirmedPrice ? { confirmedPrice: offer.confirmedPrice } : {}),
});

/** The order of a summary's list (and of equal lists): by offer id. */
export const byOfferId = (a: ListedOffer, b: ListedOffer): number => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);

/** Equal lists: the same offers in the same order with the same figures and last-seen times. */
export function sameListed(a: readonly ListedOffer[] | undefined, b: readonly ListedOffer[] | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a.length !== b.length) return false;
  return a.every((x, i) => {
    const y = b[i]!;
    return (
      x._id === y._id &&
      sameMoney(x.price, y.price) &&
      x.inStock === y.inStock &&
      x.isGreen === y.isGreen &&
      x.lastSeenAt === y.lastSeenAt &&
      (x.priceHold?.since ?? '') === (y.priceHold?.since ?? '') &&
      sameMoney(x.confirmedPrice ?? null, y.confirmedPrice ?? null)
    );
  });
}

export const summaryIdOf = (productId: string, country: string): string => `${productId}|${country}`;

/** The price figures of the listed offers of one product in one country. */
export interface SummaryFigures {
  readonly currency: string;
  readonly lowestMinor: number | null;
  readonly highestMinor: number | null;
  readonly offersCount: number;
  readonly inStockCount: number;
  readonly cheapestOfferId: string;
  readonly hasGreenOffer: boolean;
}

/**
 * Figures of the listed offers, compared in `currency` (an offer in another currency is
 * converted; without a rate it is left out, as it cannot be compared). Cheapest ties go to an
 * offer in stock, then to the lower offer id (stable answers).
 */
export function summaryFigures(
  listed: readonly ListedOffer[],
  currency: string,
  convert: (money: MoneyRecord) => number | null,
): SummaryFigures {
  let lowest: { amount: number; offer: ListedOffer } | null = null;
  let highestMinor: number | null = null;
  let offersCount = 0;
  let inStockCount = 0;
  let hasGreenOffer = false;
  for (const offer of listed) {
    const amount = convert(offer.price);
    if (amount === null) continue;
    offersCount += 1;
    if (offer.inStock) inStockCount += 1;
    if (offer.isGreen) hasGreenOffer = true;
    if (highestMinor === null || amount > highestMinor) highestMinor = amount;
    if (!lowest || isCheaper(amount, offer, lowest.amount, lowest.offer)) lowest = { amount, offer };
  }
  return {
    currency,
    lowestMinor: lowest?.amount ?? null,
    highestMinor,
    offersCount,
    inStockCount,
    cheapestOfferId: lowest?.offer._id ?? '',
    hasGreenOffer,
  };
}

function isCheaper(amount: number, offer: ListedOffer, bestAmount: number, best: ListedOffer): boolean {
  if (amount !== bestAmount) return amount < bestAmount;
  if (offer.inStock !== best.inStock) return offer.inStock;
  return offer._id < best._id;
}

/** What ProductPriceChanged consumers see; the cached trend reference is not part of it. */
export function samePublicSummary(
  stored: PriceSummaryRecord | null,
  figures: SummaryFigures,
  trend: TrendResult,
): boolean {
  if (!stored) return figures.offersCount === 0;
  return (
    stored.currency === figures.currency &&
    stored.lowestMinor === figures.lowestMinor &&
    stored.highestMinor === figures.highestMinor &&
    stored.offersCount === figures.offersCount &&
    stored.inStockCount === figures.inStockCount &&
    stored.cheapestOfferId === figures.cheapestOfferId &&
    stored.hasGreenOffer === figures.hasGreenOffer &&
    stored.trend === trend.trend &&
    stored.priceDropPercent === trend.priceDropPercent
  );
}

export function buildSummaryRecord(
  stored: PriceSummaryRecord | null,
  key: { productId: string; country: string },
  figures: SummaryFigures,
  trend: TrendResult,
  reference: { day: string; value: TrendReference },
  listed: readonly ListedOffer[] | undefined,
  publicChange: boolean,
  now: Date,
): PriceSummaryRecord {
  return {
    ...(stored ?? {}),
    _id: summaryIdOf(key.productId, key.country),
    productId: key.productId,
    country: key.country,
    ...figures,
    trend: trend.trend,
    priceDropPercent: trend.priceDropPercent,
    referenceDay: reference.day,
    referenceAverageMinor: reference.value.averageMinor,
    referenceDays: reference.value.days,
    version: (stored?.version ?? 0) + (publicChange ? 1 : 0),
    updatedAt: publicChange || !stored ? now.toISOString() : stored.updatedAt,
    listed,
  };
}

const money = (amountMinor: number | null, currency: string) =>
  amountMinor === null ? undefined : { amountMinor, currency };

/** The summary message; `display` converts the amounts (null keeps the stored currency). */
export function toSummaryMessage(
  record: PriceSummaryRecord,
  display?: (amountMinor: number) => { amountMinor: number; currency: string } | null,
): ProductPriceSummary {
  const convert = (amount: number | null) =>
    amount === null ? undefined : (display?.(amount) ?? money(amount, record.currency));
  return {
    productId: record.productId,
    country: record.country,
    lowestPrice: convert(record.lowestMinor),
    highestPrice: convert(record.highestMinor),
    offersCount: record.offersCount,
    inStockOffersCount: record.inStockCount,
    cheapestOfferId: record.cheapestOfferId,
    trend: record.trend,
    priceDropPercent: record.priceDropPercent,
    hasGreenOffer: record.hasGreenOffer,
    updatedAt: new Date(record.updatedAt),
    version: record.version,
  };
}
