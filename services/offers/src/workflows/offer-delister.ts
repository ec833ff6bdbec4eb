import { ConflictError } from '@pc/kit/errors/domain-errors';
import type { Outbox } from '@pc/kit/events/outbox';
import { OfferChangeKind } from '@pc/proto/offers/events/v1/events';
import type { InactiveReason, OfferRecord } from '../domain/offer-record.js';
import type { PriceState } from '../domain/price-point.js';
import { toShopRef } from '../domain/shop-message.js';
import { offerChanged } from '../events/offer-events.js';
import type { OfferRepository, StoredOffer } from '../store/offer-repository.js';
import { historyKeysOf, type PriceMonthRepository } from '../store/price-month-repository.js';
import type { ShopRepository } from '../store/shop-repository.js';
import { ingestMetrics } from './ingest-metrics.js';
import type { SummaryRefresher } from './summary-refresher.js';

export interface DelistRule {
  readonly reason: Exclude<InactiveReason, ''>;
  /** Re-checked on the current document, so a concurrent observation that freshened it wins. */
  readonly applies: (offer: OfferRecord) => boolean;
  /** When the offer stopped being listed (the removal point of its price history). */
  readonly removedAt: (offer: OfferRecord) => Date;
}

export interface OfferDelisterDeps {
  readonly offers: OfferRepository;
  readonly shops: ShopRepository;
  readonly months: PriceMonthRepository;
  readonly summaries: SummaryRefresher;
  readonly outbox: Outbox;
  readonly clock: () => Date;
}

/**
 * Takes offers off the listings (stale, shop suspended or deleted): each gets a removal point in
 * its price history and emits OfferChanged REMOVED; the summaries of the products concerned are
 * recomputed once per product and country. Events are flushed after the summaries, so a crash in
 * between leaves the outbox pending and the start-up relay recomputes those summaries.
 */
export class OfferDelister {
  constructor(private readonly deps: OfferDelisterDeps) {}

  async delist(candidates: readonly StoredOffer[], rule: DelistRule): Promise<number> {
    const { offers, shops, summaries, outbox } = this.deps;
    const shopById = new Map(
      (await shops.getMany(candidates.map((offer) => offer.shopId))).map((shop) => [shop._id, shop]),
    );
    const written: StoredOffer[] = [];
    const touched = new Map<string, { productId: string; country: string; at: Date }>();
    for (const candidate of candidates) {
      const shop = shopById.get(candidate.shopId);
      const result = await this.delistOne(candidate, rule, shop ? toShopRef(shop) : undefined);
      if (!result) continue;
      written.push(result.offer);
      if (result.offer.productId) {
        const key = `${result.offer.productId}|${result.offer.country}`;
        const earliest = touched.get(key);
        if (!earliest || result.at < earliest.at)
          touched.set(key, { productId: result.offer.productId, country: result.offer.country, at: result.at });
      }
    }
    for (const { productId, country, at } of touched.values()) await summaries.refresh(productId, country, at);
    await outbox.flushAll(offers.collection, written);
    ingestMetrics.delisted(rule.reason, written.length);
    return written.length;
  }

  private async delistOne(
    candidate: StoredOffer,
    rule: DelistRule,
    shop: ReturnType<typeof toShopRef> | undefined,
  ): Promise<{ offer: StoredOffer; at: Date } | null> {
    const { offers, months, outbox } = this.deps;
    let offer: StoredOffer | null = candidate;
    for (let attempt = 1; offer && offer.active && rule.applies(offer); attempt += 1) {
      const now = this.deps.clock();
      const at = rule.removedAt(offer);
      const point: PriceState = { t: at.toISOString(), p: null, c: offer.price.currency, a: offer.availability };
      const next: OfferRecord = {
        ...offer,
        active: false,
        inactiveReason: rule.reason,
        lastPoint: point,
        version: offer.version + 1,
      };
      const event = offerChanged(next, shop, OfferChangeKind.OFFER_CHANGE_KIND_REMOVED, offer, ['active'], now);
      try {
        const written = await offers.put({ ...next, ...outbox.stage(offer, [event], now) }, offer._version);
        // After the write, so a lost race leaves no removal point for an offer still listed. (A
        // crash here loses the point; readers end a delisted offer at last seen + stale anyway.)
        await months.record(historyKeysOf(offer), offer.lastPoint, point);
        return { offer: written, at };
      } catch (error) {
        if (!(error instanceof ConflictError) || attempt >= 5) throw error;
        offer = await offers.get(offer._id);
      }
    }
    return null;
  }
}
