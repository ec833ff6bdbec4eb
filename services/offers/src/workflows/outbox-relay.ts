import type { Outbox } from '@pc/kit/events/outbox';
import { OFFERS_COLLECTION, type OfferRepository, type StoredOffer } from '../store/offer-repository.js';
import type { PriceSummaryRepository } from '../store/price-summary-repository.js';
import type { ShopRepository } from '../store/shop-repository.js';
import { HISTORY_CHANGED_SINCE_EVER, type SummaryRefresher } from './summary-refresher.js';

/**
 * Publishes what a crash left staged (ADR 006), in documents and in the store's outbox (ADR 035).
 * An offer with a pending outbox may also have missed its summary refresh (the summary is written
 * between the offer and its publish), so its product's summary is recomputed before its events go
 * out, its trend reference included (the offer's new history point may be the first change of a
 * steady reference).
 */
export async function relayOutboxes(deps: {
  offers: OfferRepository;
  shops: ShopRepository;
  summaries: PriceSummaryRepository;
  refresher: SummaryRefresher;
  outbox: Outbox;
}): Promise<void> {
  const { offers, shops, summaries, refresher, outbox } = deps;
  const refreshSummariesOf = async (pending: readonly StoredOffer[]) => {
    const products = new Map(
      pending.filter((offer) => offer.productId).map((offer) => [`${offer.productId}|${offer.country}`, offer]),
    );
    for (const offer of products.values())
      await refresher.refresh(offer.productId, offer.country, HISTORY_CHANGED_SINCE_EVER);
  };
  for (;;) {
    const pending = await offers.find({ outboxPending: true }, { limit: 200 });
    if (pending.length === 0) break;
    await refreshSummariesOf(pending);
    for (const offer of pending) await outbox.flush(offers.collection, offer);
  }
  await outbox.relayStore(async (records) => {
    const offerIds = records
      .filter((record) => record.collection === OFFERS_COLLECTION)
      .map((record) => record.documentId);
    if (offerIds.length > 0) await refreshSummariesOf(await offers.getMany(offerIds));
  });
  await outbox.relay(shops.collection);
  await outbox.relay(summaries.collection);
}
