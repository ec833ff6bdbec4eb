import { ExtractionMethod, ObservationSource, type OfferObserved } from '@pc/proto/crawler/events/v1/events';
import type { FeedOffer } from '../validate/feed-offer.js';
import type { FeedDefaults } from '../validate/item-validator.js';

/** Where and when a feed item was read, for its observation. */
export interface FeedObservationContext {
  readonly shopId: string;
  /** The feed (offers' id); '' for an upload without one. */
  readonly feedId: string;
  /** The fetch (crawler) or ingestion (offers.IngestFeed) the item came from. */
  readonly feedFetchId: string;
  /** Unique per observation (the consumer's idempotency key besides the envelope's). */
  readonly observationId: string;
  readonly observedAt: Date;
  readonly defaults: FeedDefaults;
  /** Leaf-marked shop (green offers), when the caller knows it. */
  readonly isGreen?: boolean;
}

/**
 * The OfferObserved (proto/crawler/events/v1) a valid feed item stands for: source FEED,
 * extraction NONE, the feed's country and language, prices in minor units, the GTIN as
 * 14 digits when it passed its check digit (the raw one kept).
 */
export function toOfferObserved(offer: FeedOffer, context: FeedObservationContext): OfferObserved {
  return {
    observationId: context.observationId,
    shopId: context.shopId,
    shopOfferId: offer.shopOfferId,
    url: offer.link,
    title: offer.title,
    description: offer.description,
    brand: offer.brand,
    gtin: offer.gtin,
    rawGtin: offer.rawGtin,
    mpn: offer.mpn,
    categoryPath: offer.categoryPath,
    googleProductCategoryId: offer.googleProductCategoryId,
    price: { ...offer.price },
    originalPrice: offer.listPrice ? { ...offer.listPrice } : undefined,
    shipping: offer.shipping ? { ...offer.shipping } : undefined,
    availability: offer.availability,
    deliveryTime: offer.deliveryTime,
    condition: offer.condition,
    country: context.defaults.country,
    language: context.defaults.language,
    isGreen: context.isGreen ?? false,
    imageUrls: [...offer.imageUrls],
    observedAt: context.observedAt,
    source: ObservationSource.OBSERVATION_SOURCE_FEED,
    feedId: context.feedId,
    feedFetchId: context.feedFetchId,
    crawlJobId: '',
    extraction: ExtractionMethod.EXTRACTION_METHOD_NONE,
  };
}
