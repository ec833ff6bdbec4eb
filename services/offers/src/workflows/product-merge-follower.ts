import { ConflictError } from '@pc/kit/errors/domain-errors';
import type { Outbox } from '@pc/kit/events/outbox';
import { OfferChangeKind } from '@pc/proto/offers/events/v1/events';
import { toShopRef } from '../domain/shop-message.js';
import { offerChanged } from '../events/offer-events.js';
import type { OfferRepository, StoredOffer } from '../store/offer-repository.js';
import type { PriceMonthRepository } from '../store/price-month-repository.js';
import type { PriceSummaryRepository } from '../store/price-summary-repository.js';
import type { ProductMergeRepository } from '../store/product-merge-repository.js';
import type { ShopRepository } from '../store/shop-repository.js';
import { HISTORY_CHANGED_SINCE_EVER, type SummaryRefresher } from './summary-refresher.js';

const PAGE = 200;
const MAX_ATTEMPTS = 5;

export interface ProductMergeDeps {
  readonly offers: OfferRepository;
  readonly shops: ShopRepository;
  readonly months: PriceMonthRepository;
  readonly summaries: PriceSummaryRepository;
  readonly refresher: SummaryRefresher;
  readonly merges: ProductMergeRepository;
  readonly outbox: Outbox;
  readonly clock: () => Date;
}

/**
 * Follows catalog's merges of duplicate products: the merged product's offers (and their price
 * history) move to the product it was merged into, each with OfferChanged (`product_id`); both
 * products' summaries are recomputed (ProductPriceChanged). The merge is remembered, so a match
 * answered before the merge and a merge of the target itself end in the surviving product.
 * Idempotent: a redelivery finds nothing left to move and recomputes the same summaries.
 */
export class ProductMergeFollower {
  constructor(private readonly deps: ProductMergeDeps) {}

  async follow(productId: string, mergedIntoId: string): Promise<void> {
    const { offers, months, summaries, refresher, merges, outbox, clock } = this.deps;
    await merges.record(productId, mergedIntoId, clock());
    const targetId = await merges.resolve(mergedIntoId);
    if (targetId === productId) return;
    await months.moveProduct(productId, targetId);
    const countries = new Set((await summaries.ofProduct(productId)).map((summary) => summary.country));
    const written: StoredOffer[] = [];
    for (
      let page = await offers.ofProduct(productId, PAGE);
      page.length > 0;
      page = await offers.ofProduct(productId, PAGE)
    ) {
      for (const offer of page) {
        const moved = await this.move(offer, targetId);
        if (moved) written.push(moved);
        countries.add(offer.country);
      }
    }
    for (const country of countries) {
      await refresher.refresh(productId, country, HISTORY_CHANGED_SINCE_EVER);
      await refresher.refresh(targetId, country, HISTORY_CHANGED_SINCE_EVER);
    }
    await outbox.flushAll(offers.collection, written);
  }

  /** The offer under the target, with its OfferChanged staged; null when it moved elsewhere meanwhile. */
  private async move(first: StoredOffer, targetId: string): Promise<StoredOffer | null> {
    const { offers, shops, outbox, clock } = this.deps;
    const [shop] = await shops.getMany([first.shopId]);
    let offer: StoredOffer | null = first;
    for (let attempt = 1; offer && offer.productId === first.productId; attempt += 1) {
      const now = clock();
      const next = { ...offer, productId: targetId, version: offer.version + 1 };
      const event = offerChanged(
        next,
        shop ? toShopRef(shop) : undefined,
        OfferChangeKind.OFFER_CHANGE_KIND_UPDATED,
        offer,
        ['product_id'],
        now,
      );
      try {
        return await offers.put({ ...next, ...outbox.stage(offer, [event], now) }, offer._version);
      } catch (error) {
        if (!(error instanceof ConflictError) || attempt >= MAX_ATTEMPTS) throw error;
        offer = await offers.get(offer._id);
      }
    }
    return null;
  }
}
