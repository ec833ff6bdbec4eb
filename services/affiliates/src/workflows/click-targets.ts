import { LocationKind } from '@pc/proto/affiliates/v1/types';
import { NotFoundError } from '@pc/kit/errors/domain-errors';
import type { MoneyRecord } from '../domain/click-record.js';
import { locationOf } from '../domain/location-kind.js';
import type { UrlParameter } from '../domain/target-url.js';
import type { OfferDirectory } from '../grpc/offer-directory.js';
import type { ShopDirectory } from '../grpc/shop-directory.js';
import type { AdvertisementRepository } from '../store/advertisement-repository.js';
import type { AdvertiserRepository } from '../store/advertiser-repository.js';
import type { OfferTargetRepository } from '../store/click-target-repository.js';
import type { PromotionRepository } from '../store/promotion-repository.js';
import type { ShopRepository } from '../store/shop-repository.js';

/** Where a click-out location leads, and what the click records about it. */
export interface ClickTarget {
  readonly kind: LocationKind;
  readonly offerId: string;
  readonly productId: string;
  readonly shopId: string;
  readonly promotionId: string;
  readonly advertisementId: string;
  /** The stored target, or the homepage when it is gone (`fallback`). */
  readonly url: string;
  readonly fallback: boolean;
  readonly price: MoneyRecord | null;
  readonly isGreen: boolean;
  /** The shop's URL parameters (empty while affiliates has not seen the shop's events). */
  readonly shopParameters: readonly UrlParameter[];
}

export interface ClickTargetSources {
  readonly offerTargets: OfferTargetRepository;
  readonly offerDirectory: OfferDirectory;
  readonly shops: ShopRepository;
  readonly shopDirectory: ShopDirectory;
  readonly promotions: PromotionRepository;
  readonly advertisements: AdvertisementRepository;
  readonly advertisers: AdvertiserRepository;
}

const EMPTY = {
  offerId: '',
  productId: '',
  shopId: '',
  promotionId: '',
  advertisementId: '',
  price: null,
  isGreen: false,
  fallback: false,
};

/**
 * Resolves location ids: offer locations from the read model of OfferChanged (a miss with the
 * product the link names asks offers once and learns it), promotions and advertisements from
 * our own store. A gone offer, promotion or ad leads to its shop's or advertiser's homepage; an
 * unknown location, or one of a deleted shop, is NOT_FOUND.
 */
export class ClickTargets {
  constructor(private readonly sources: ClickTargetSources) {}

  async resolve(locationId: string, productHint: string): Promise<ClickTarget> {
    const location = locationOf(locationId);
    if (!location) throw new NotFoundError('location', locationId);
    if (location.kind === LocationKind.LOCATION_KIND_PROMOTION) return this.promotion(locationId, location.id);
    if (location.kind === LocationKind.LOCATION_KIND_ADVERTISEMENT) return this.advertisement(locationId, location.id);
    return this.offer(locationId, productHint);
  }

  private async offer(locationId: string, productHint: string): Promise<ClickTarget> {
    let offer = await this.sources.offerTargets.get(locationId);
    if (!offer && productHint) {
      const learnt = await this.sources.offerDirectory.findLocation(productHint, locationId);
      if (learnt) {
        await this.sources.offerTargets.apply(learnt);
        offer = { ...learnt, _version: 0 };
      }
    }
    if (!offer) throw new NotFoundError('location', locationId);
    const base = {
      ...EMPTY,
      kind: LocationKind.LOCATION_KIND_OFFER,
      offerId: offer.offerId,
      productId: offer.productId,
      price: offer.currency ? { amountMinor: offer.priceMinor, currency: offer.currency } : null,
      isGreen: offer.isGreen,
    };
    return this.inShop(locationId, offer.shopId, base, offer.active ? offer.url : null);
  }

  private async promotion(locationId: string, promotionId: string): Promise<ClickTarget> {
    const promotion = await this.sources.promotions.getIncludingDeleted(promotionId);
    if (!promotion) throw new NotFoundError('location', locationId);
    const base = { ...EMPTY, kind: LocationKind.LOCATION_KIND_PROMOTION, promotionId };
    return this.inShop(locationId, promotion.shopId, base, promotion.deleted ? null : promotion.url);
  }

  private async advertisement(locationId: string, advertisementId: string): Promise<ClickTarget> {
    const ad = await this.sources.advertisements.get(advertisementId);
    if (!ad) throw new NotFoundError('location', locationId);
    const base = { ...EMPTY, kind: LocationKind.LOCATION_KIND_ADVERTISEMENT, advertisementId };
    if (ad.shopId) return this.inShop(locationId, ad.shopId, base, ad.deleted ? null : ad.url);
    if (!ad.deleted) return { ...base, url: ad.url, shopParameters: [] };
    const advertiser = await this.sources.advertisers.get(ad.advertiserId);
    if (!advertiser?.homepageUrl) throw new NotFoundError('location', locationId);
    return { ...base, url: advertiser.homepageUrl, fallback: true, shopParameters: [] };
  }

  /** The target within its shop: the stored URL, or (null) the shop's homepage as a fallback. */
  private async inShop(
    locationId: string,
    shopId: string,
    base: Omit<ClickTarget, 'url' | 'shopId' | 'shopParameters'>,
    url: string | null,
  ): Promise<ClickTarget> {
    const shop = await this.sources.shops.get(shopId);
    if (shop?.deleted) throw new NotFoundError('location', locationId);
    const shopParameters = shop?.urlParameters ?? [];
    if (url) return { ...base, shopId, url, shopParameters };
    const homepage = shop?.homepageUrl || (await this.sources.shopDirectory.find(shopId))?.homepageUrl;
    if (!homepage) throw new NotFoundError('location', locationId);
    return { ...base, shopId, url: homepage, fallback: true, shopParameters };
  }
}
