import type { FreshnessRules } from '../domain/freshness.js';
import type { OfferRecord } from '../domain/offer-record.js';
import type { OfferRepository } from '../store/offer-repository.js';
import type { OfferDelister } from './offer-delister.js';

const BATCH = 500;

/**
 * Delists a feed's offers that a complete read of the feed no longer lists: offers of the shop
 * last changed by this feed (`feedId`), listed, and either not among the ids read (an upload, where
 * the ids are known) or not seen since the fetch started (a crawler fetch, where they are not:
 * last-seen moves at most once per OFFERS_LAST_SEEN_GRANULARITY, so the cut-off is the start less
 * that granularity — an item of the fetch was seen after it). Each gets OfferChanged REMOVED and
 * the summaries concerned are recomputed (OfferDelister); a later observation lists it again.
 */
export class FeedOfferRemoval {
  constructor(
    private readonly deps: {
      readonly offers: OfferRepository;
      readonly delister: OfferDelister;
      readonly rules: FreshnessRules;
    },
  ) {}

  /** After an upload: the feed's listed offers whose ids were not in it. */
  async notIn(shopId: string, feedId: string, ids: ReadonlySet<string>, at: Date): Promise<number> {
    return this.remove(shopId, feedId, (offer) => !ids.has(offer.shopOfferId), at, {});
  }

  /** After a complete crawler fetch that started at `startedAt`. */
  async notSeenSince(shopId: string, feedId: string, startedAt: Date): Promise<number> {
    const cutoff = new Date(startedAt.getTime() - this.deps.rules.lastSeenGranularityMs).toISOString();
    return this.remove(shopId, feedId, (offer) => offer.lastSeenAt < cutoff, startedAt, {
      lastSeenAt: { $lt: cutoff },
    });
  }

  private async remove(
    shopId: string,
    feedId: string,
    gone: (offer: OfferRecord) => boolean,
    at: Date,
    narrowing: Record<string, unknown>,
  ): Promise<number> {
    const applies = (offer: OfferRecord) =>
      offer.active && offer.shopId === shopId && offer.feedId === feedId && gone(offer);
    let removed = 0;
    for (let skip = 0; ; skip += BATCH) {
      const page = await this.deps.offers.find(
        { shopId, active: true, feedId, ...narrowing },
        { skip, limit: BATCH, sort: { _id: 1 } },
      );
      const candidates = page.filter(applies);
      // Delisted ones leave the result set (active false): step over only those kept.
      if (candidates.length > 0)
        removed += await this.deps.delister.delist(candidates, { reason: 'not_in_feed', applies, removedAt: () => at });
      skip -= candidates.length;
      if (page.length < BATCH) return removed;
    }
  }
}
