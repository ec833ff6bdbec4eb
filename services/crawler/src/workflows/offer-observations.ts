import { randomUUID } from 'node:crypto';
import { Condition } from '@pc/proto/common/v1/commerce';
import { ExtractionMethod, ObservationSource, type OfferObserved } from '@pc/proto/crawler/events/v1/events';
import type { ExtractedOffer, ExtractionMethodName } from '../extraction/extracted-offer.js';
import type { ShopRecord } from '../domain/records.js';

const METHODS: Readonly<Record<ExtractionMethodName, ExtractionMethod>> = {
  'json-ld': ExtractionMethod.EXTRACTION_METHOD_JSON_LD,
  microdata: ExtractionMethod.EXTRACTION_METHOD_MICRODATA,
  rdfa: ExtractionMethod.EXTRACTION_METHOD_RDFA,
  opengraph: ExtractionMethod.EXTRACTION_METHOD_OPEN_GRAPH,
  // Selector rules are the shop's own structure: reported as no structured method.
  selectors: ExtractionMethod.EXTRACTION_METHOD_UNSPECIFIED,
};

/**
 * The shop's id for an offer read from a page: its SKU, else its GTIN, else the page itself
 * (numbered when the page lists several offers without either).
 */
export function shopOfferIdOf(offer: ExtractedOffer, urlId: string, index: number, count: number): string {
  if (offer.sku) return offer.sku.slice(0, 200);
  if (offer.gtin) return `gtin:${offer.gtin}`;
  return count > 1 ? `page:${urlId}:${index}` : `page:${urlId}`;
}

export interface ObservationContext {
  readonly shop: ShopRecord;
  readonly urlId: string;
  readonly pageUrl: string;
  /** ISO 639-1 of the page (`<html lang>`), '' when unknown. */
  readonly language: string;
  readonly jobId: string;
  readonly now: Date;
}

/** The OfferObserved of a usable offer (docs/architecture.md §5: offers' ingest takes it from here). */
export function observationOf(offer: ExtractedOffer, shopOfferId: string, context: ObservationContext): OfferObserved {
  const language = /^[a-z]{2}/i.exec(context.language)?.[0]?.toLowerCase() ?? context.shop.language;
  return {
    observationId: randomUUID(),
    shopId: context.shop._id,
    shopOfferId,
    url: offer.url || context.pageUrl,
    title: offer.name,
    description: offer.description.slice(0, 5_000),
    brand: offer.brand,
    gtin: offer.gtin,
    rawGtin: offer.rawGtin,
    mpn: offer.mpn,
    categoryPath: '',
    googleProductCategoryId: 0,
    price: { amountMinor: offer.price!.amount, currency: offer.price!.currency },
    originalPrice: undefined,
    shipping: undefined,
    availability: offer.availability,
    deliveryTime: '',
    condition: offer.condition === Condition.CONDITION_UNKNOWN ? Condition.CONDITION_NEW : offer.condition,
    country: context.shop.countries[0] ?? '',
    language,
    // A green shop's offers are green (ADR 108); pages carry no green attribute of their own.
    isGreen: context.shop.green === true,
    imageUrls: offer.image ? [offer.image] : [],
    observedAt: context.now,
    source: ObservationSource.OBSERVATION_SOURCE_PAGE,
    feedId: '',
    feedFetchId: '',
    crawlJobId: context.jobId,
    extraction: METHODS[offer.method],
  };
}

/** The prices and availability of a page's offers, to tell whether anything changed since the last visit. */
export const priceFingerprintOf = (observations: readonly OfferObserved[]): string =>
  observations
    .map(
      (observation) =>
        `${observation.shopOfferId}=${observation.price?.amountMinor}${observation.price?.currency}/${observation.availability}`,
    )
    .sort()
    .join('|');
