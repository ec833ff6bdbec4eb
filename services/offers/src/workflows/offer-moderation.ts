import { FailedPreconditionError, InvalidArgumentError, NotFoundError } from '@pc/kit/errors/domain-errors';
import type {
  MatchProductsRequest,
  MatchProductsResponse,
  MoveOfferLinksRequest,
  MoveOfferLinksResponse,
  SplitNewProduct,
  VetoOfferMatchRequest,
  VetoOfferMatchResponse,
} from '@pc/proto/catalog/v1/catalog';
import { OfferChangeKind } from '@pc/proto/offers/events/v1/events';
import { ShopStatus } from '@pc/proto/offers/v1/types';
import { isFresh, type FreshnessRules } from '../domain/freshness.js';
import { isHidden } from '../domain/offer-change.js';
import type { OfferRecord } from '../domain/offer-record.js';
import type { PriceState } from '../domain/price-point.js';
import type { StoredOffer } from '../store/offer-repository.js';
import type { OfferDelister } from './offer-delister.js';
import { rewriteOffer, type OfferRewriteDeps } from './offer-rewrite.js';
import { forwardCatalogRefusal } from './catalog-refusals.js';
import { confirmHeldPrice } from './price-confirmation.js';
import type { MergedProducts } from './product-matcher.js';

/** The catalog calls a corrected match needs (the kit's client satisfies it). */
export interface CatalogMatchCorrection {
  vetoOfferMatch(request: VetoOfferMatchRequest): Promise<VetoOfferMatchResponse>;
  matchProducts(request: MatchProductsRequest): Promise<MatchProductsResponse>;
  moveOfferLinks(request: MoveOfferLinksRequest): Promise<MoveOfferLinksResponse>;
}

/** A checked SplitOffers: where the picked offers and GTINs go (an existing product or a new one). */
export interface SplitRequest {
  readonly productId: string;
  readonly offerIds: readonly string[];
  /** '' when `newProduct` is set. */
  readonly targetId: string;
  readonly newProduct: SplitNewProduct | undefined;
  readonly gtins: readonly string[];
  readonly reason: string;
}

export interface OfferModerationDeps extends OfferRewriteDeps {
  readonly delister: OfferDelister;
  readonly rules: FreshnessRules;
  readonly catalog: CatalogMatchCorrection;
  readonly merges: MergedProducts;
}

/**
 * The shopping panel's offer moderation (ADR 060). Hiding takes the offer off every listing the
 * way a stale offer leaves (OfferChanged REMOVED, a removal point, the summaries), and keeps it
 * off: no observation lists a hidden offer. Unhiding lists it again when it is fresh and its shop
 * active. A wrong match is vetoed in catalog, the offer matched anew without that product (or
 * left unmatched), and moved with its price history, as a merge moves offers.
 */
export class OfferModeration {
  constructor(private readonly deps: OfferModerationDeps) {}

  async hide(offerId: string, reason: string): Promise<StoredOffer> {
    const { delister, clock } = this.deps;
    const marked = await rewriteOffer(this.deps, offerId, (offer) => ({ next: { ...offer, hiddenReason: reason } }));
    await delister.delist([marked], { reason: 'hidden', applies: isHidden, removedAt: () => clock() });
    return this.existing(offerId);
  }

  async unhide(offerId: string): Promise<StoredOffer> {
    const { shops, rules, clock } = this.deps;
    const current = await this.existing(offerId);
    if (!isHidden(current)) return current;
    const [shop] = await shops.getMany([current.shopId]);
    const shopListed = shop?.status === ShopStatus.SHOP_STATUS_ACTIVE;
    const written = await rewriteOffer(this.deps, offerId, (offer) => {
      const now = clock();
      const fresh = isFresh(new Date(offer.lastSeenAt), now, rules);
      const active = fresh && shopListed;
      const point: PriceState | null = active
        ? { t: now.toISOString(), p: offer.price.amountMinor, c: offer.price.currency, a: offer.availability }
        : null;
      return {
        next: {
          ...offer,
          hiddenReason: '',
          active,
          inactiveReason: active ? '' : shopListed ? 'stale' : 'shop_suspended',
          lastPoint: point ?? offer.lastPoint,
          version: active ? offer.version + 1 : offer.version,
        },
        event: active ? { kind: OfferChangeKind.OFFER_CHANGE_KIND_UPDATED, fields: ['active'] } : undefined,
        point: point ?? undefined,
      };
    });
    return written;
  }

  /** Confirms the offer's held price: that exact price counts (ADR 146). */
  confirmPrice(offerId: string): Promise<StoredOffer> {
    return confirmHeldPrice(this.deps, offerId);
  }

  /** Vetoes the pair in catalog, matches the offer anew and moves it; returns it and the product it left. */
  async flagWrongMatch(
    offerId: string,
    reason: string,
    actorUserId: string,
  ): Promise<{ offer: StoredOffer; previousProductId: string }> {
    const { catalog, merges, months } = this.deps;
    const current = await this.existing(offerId);
    const previousProductId = current.productId;
    if (!previousProductId)
      throw new FailedPreconditionError(`offer ${offerId} is not matched to a product`, { reason: 'OFFER_UNMATCHED' });
    await catalog.vetoOfferMatch({
      actorUserId,
      shopId: current.shopId,
      shopOfferId: current.shopOfferId,
      productId: previousProductId,
      reason,
    });
    const { results } = await catalog.matchProducts({ items: [matchRequestOf(current)] });
    const matched = results[0]?.match?.productId ?? '';
    const productId = matched ? await merges.resolve(matched) : '';
    const matchError = productId ? '' : results[0]?.errorReason || 'no_match';
    await months.moveOffer(offerId, previousProductId, productId);
    const moved = await rewriteOffer(this.deps, offerId, (offer) => ({
      next: { ...offer, productId, matchError, version: offer.version + 1 },
      event: { kind: OfferChangeKind.OFFER_CHANGE_KIND_UPDATED, fields: ['product_id'] },
    }));
    return { offer: moved, previousProductId };
  }

  /**
   * Splits offers off a product to another (staff), an existing one or one catalog creates for the
   * split, with the picked GTINs (ADR 065): catalog moves their links and GTINs and vetoes the
   * product for them; each offer moves with its price history, as a merge moves offers. Offers of
   * a moved GTIN that were not picked stay where they are.
   */
  async split(request: SplitRequest, actorUserId: string): Promise<{ offers: StoredOffer[]; targetProductId: string }> {
    const { catalog, merges, months, offers } = this.deps;
    const { productId, offerIds } = request;
    const found = new Map((await offers.getMany(offerIds)).map((offer) => [offer._id, offer]));
    const violations = offerIds.flatMap((id, i) =>
      found.get(id)?.productId === productId
        ? []
        : [{ field: `offer_ids[${i}]`, reason: 'is not an offer of the product', rule: 'of_product' }],
    );
    if (violations.length > 0) throw new InvalidArgumentError(violations);
    const moving = offerIds.flatMap((id) => found.get(id) ?? []);
    const answer = await catalog
      .moveOfferLinks({
        actorUserId,
        productId,
        targetProductId: request.targetId,
        offers: moving.map((offer) => ({ shopId: offer.shopId, shopOfferId: offer.shopOfferId })),
        reason: request.reason,
        gtins: [...request.gtins],
        newProduct: request.newProduct,
      })
      .catch((error: unknown) => forwardCatalogRefusal(error, (field) => field.replace(/^offers\[/, 'offer_ids[')));
    const target = await merges.resolve(answer.targetProductId || request.targetId);
    const moved: StoredOffer[] = [];
    for (const offer of moving) {
      await months.moveOffer(offer._id, productId, target);
      moved.push(
        await rewriteOffer(this.deps, offer._id, (current) => ({
          next: { ...current, productId: target, matchError: '', version: current.version + 1 },
          event: { kind: OfferChangeKind.OFFER_CHANGE_KIND_UPDATED, fields: ['product_id'] },
        })),
      );
    }
    return { offers: moved, targetProductId: target };
  }

  private async existing(offerId: string): Promise<StoredOffer> {
    const offer = await this.deps.offers.get(offerId);
    if (!offer) throw new NotFoundError('offer', offerId);
    return offer;
  }
}

/** The offer as catalog matches it: what offers keeps of its last observation. */
function matchRequestOf(offer: OfferRecord): MatchProductsRequest['items'][number] {
  return {
    shopId: offer.shopId,
    shopOfferId: offer.shopOfferId,
    title: offer.name,
    description: '',
    brand: offer.brand,
    gtin: offer.gtin,
    mpn: offer.mpn,
    categoryPath: '',
    googleProductCategoryId: 0,
    imageUrls: offer.imageUrl ? [offer.imageUrl] : [],
    language: '',
    createIfMissing: true,
  };
}
