import { ConflictError, NotFoundError } from '@pc/kit/errors/domain-errors';
import type { Outbox } from '@pc/kit/events/outbox';
import type { OfferChangeKind } from '@pc/proto/offers/events/v1/events';
import type { OfferRecord } from '../domain/offer-record.js';
import type { PriceState } from '../domain/price-point.js';
import { toShopRef } from '../domain/shop-message.js';
import { offerChanged } from '../events/offer-events.js';
import type { OfferRepository, StoredOffer } from '../store/offer-repository.js';
import { historyKeysOf, type PriceMonthRepository } from '../store/price-month-repository.js';
import type { ShopRepository } from '../store/shop-repository.js';
import { HISTORY_CHANGED_SINCE_EVER, type SummaryRefresher } from './summary-refresher.js';

export interface OfferRewriteDeps {
  readonly offers: OfferRepository;
  readonly shops: ShopRepository;
  readonly months: PriceMonthRepository;
  readonly refresher: SummaryRefresher;
  readonly outbox: Outbox;
  readonly clock: () => Date;
}

/** What a staff change makes of the current offer: the next document, its event and price point. */
export interface OfferRewrite {
  readonly next: OfferRecord;
  readonly event?: { readonly kind: OfferChangeKind; readonly fields: string[] };
  readonly point?: PriceState;
}

const MAX_ATTEMPTS = 5;

/**
 * Writes the offer as `change` makes it from the current document (retried on a concurrent
 * write), with its OfferChanged and price point when given; the summaries of the products it was
 * and is under are recomputed when it changed listing or product, then its events go out.
 */
export async function rewriteOffer(
  deps: OfferRewriteDeps,
  offerId: string,
  change: (offer: StoredOffer) => OfferRewrite,
): Promise<StoredOffer> {
  const { offers, shops, months, refresher, outbox, clock } = deps;
  for (let attempt = 1; ; attempt += 1) {
    const offer = await offers.get(offerId);
    if (!offer) throw new NotFoundError('offer', offerId);
    const now = clock();
    const { next, event, point } = change(offer);
    const [shop] = await shops.getMany([offer.shopId]);
    const events = event
      ? [offerChanged(next, shop ? toShopRef(shop) : undefined, event.kind, offer, event.fields, now)]
      : [];
    let written: StoredOffer;
    try {
      written = await offers.put({ ...next, ...outbox.stage(offer, events, now) }, offer._version);
    } catch (error) {
      if (!(error instanceof ConflictError) || attempt >= MAX_ATTEMPTS) throw error;
      continue;
    }
    if (point) await months.record(historyKeysOf(written), offer.lastPoint, point);
    if (event) {
      for (const productId of new Set([offer.productId, written.productId]))
        if (productId) await refresher.refresh(productId, written.country, HISTORY_CHANGED_SINCE_EVER);
    }
    await outbox.flushAll(offers.collection, [written]);
    return (await offers.get(offerId)) ?? written;
  }
}
