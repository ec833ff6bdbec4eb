import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { NotFoundError } from '@pc/kit/errors/domain-errors';
import type { Outbox } from '@pc/kit/events/outbox';
import { sameShopRating, shopRatingOf, type ShopRatingRecord } from '../domain/shop-rating.js';
import { isDeleted, type RatingChangeRecord, type ShopRecord } from '../domain/shop-record.js';
import { shopChanged } from '../events/shop-events.js';
import type { ShopRepository } from '../store/shop-repository.js';
import type { ShopReviewRepository } from '../store/shop-review-repository.js';
import { mutateShop } from './shop-mutation.js';

/**
 * A change noted on a shop longer ago than this is no longer running (an RPC's deadline is far
 * shorter): its rating write never came, and a repair may settle it.
 */
export const ABANDONED_CHANGE_MS = 60_000;

export interface ShopRatingsDeps {
  readonly shops: ShopRepository;
  readonly reviews: ShopReviewRepository;
  readonly outbox: Outbox;
  readonly clock: () => Date;
  readonly logger: Logger;
}

/**
 * The rating stored on each shop (ADR 119), recomputed from the stored published reviews after
 * every change of them — never incremented, so a repeat gives the same answer — and written with
 * a version bump and ShopChanged (`rating`) through the shop's outbox when it changed.
 *
 * The review and the shop are two documents and no store writes both at once, so a change is
 * noted on the shop first (`ratingChanges`), then the review is written, then the rating write
 * removes the note. A crash in between leaves the note: the freshness sweep, a read of the shop's
 * reviews and the shop's next review change recompute the rating, and a repair removes notes once
 * they are older than ABANDONED_CHANGE_MS.
 */
export class ShopRatings {
  constructor(private readonly deps: ShopRatingsDeps) {}

  /**
   * Runs `write`, a change of the shop's published reviews, and writes the rating after it. The
   * caller hears of the write's failure, not of the rating's: the write is stored and the note on
   * the shop has the rating repaired.
   */
  async around<T>(shopId: string, write: () => Promise<T>): Promise<T> {
    const change = await this.begin(shopId);
    let result: T;
    try {
      result = await write();
    } catch (error) {
      await this.settleQuietly(shopId, change);
      throw error;
    }
    await this.settleQuietly(shopId, change);
    return result;
  }

  /** Settles abandoned changes of shops the sweep finds noted; returns how many shops it looked at. */
  async repairPending(limit: number): Promise<number> {
    const noted = await this.deps.shops.find({ ratingPending: true }, { limit });
    for (const shop of noted) {
      if (!isDeleted(shop)) await this.settle(shop._id, this.abandoned());
      // A deleted shop keeps no rating: its notes go, or the sweep would find it again and again.
      else
        await this.deps.shops.collection.update(shop._id, (current) =>
          current?.ratingPending ? { ...current, ratingChanges: [], ratingPending: false } : null,
        );
    }
    return noted.length;
  }

  /** The shop's rating, repaired first when a change of it was abandoned (a read of its reviews). */
  async current(shop: ShopRecord): Promise<ShopRatingRecord | null> {
    const abandoned = this.abandoned();
    if (!(shop.ratingChanges ?? []).some(abandoned)) return shop.rating ?? null;
    return this.settle(shop._id, abandoned);
  }

  /**
   * Recomputes the rating from the stored reviews and removes the settled notes; one shop write
   * when either changed (the shop read first, then the counts, then a write expecting the version
   * read: a concurrent change is counted by whichever write lands last). Null for a deleted shop.
   */
  async settle(shopId: string, settled: (change: RatingChangeRecord) => boolean): Promise<ShopRatingRecord | null> {
    try {
      const written = await mutateShop(this.deps, shopId, async (shop, now) => {
        const { distribution, verified } = await this.deps.reviews.publishedCounts(shopId);
        const rating = shopRatingOf(distribution, verified);
        const notes = shop.ratingChanges ?? [];
        const remaining = notes.filter((change) => !settled(change));
        const ratingChanged = !sameShopRating(shop.rating ?? null, rating);
        if (!ratingChanged && remaining.length === notes.length) return null;
        const bookkeeping = { ratingChanges: remaining, ratingPending: remaining.length > 0 };
        if (!ratingChanged) return { next: { ...shop, ...bookkeeping }, events: [] };
        const next: ShopRecord = {
          ...shop,
          ...bookkeeping,
          rating,
          version: shop.version + 1,
          updatedAt: now.toISOString(),
        };
        return { next, events: [shopChanged(next, shop.status, ['rating'], now)] };
      });
      return written.rating ?? null;
    } catch (error) {
      // A deleted shop's reviews go with it (the sweep's clean-up): it has no rating to keep.
      if (error instanceof NotFoundError) return null;
      throw error;
    }
  }

  /** Notes a change on the shop before its review is written (bookkeeping: no version, no event). */
  private async begin(shopId: string): Promise<RatingChangeRecord> {
    const change = { id: randomUUID(), at: this.deps.clock().toISOString() };
    await this.deps.shops.collection.update(shopId, (current) =>
      current && !isDeleted(current)
        ? { ...current, ratingChanges: [...(current.ratingChanges ?? []), change], ratingPending: true }
        : null,
    );
    return change;
  }

  private async settleQuietly(shopId: string, change: RatingChangeRecord): Promise<void> {
    try {
      await this.settle(shopId, (note) => note.id === change.id);
    } catch (error) {
      this.deps.logger.warn({ err: error, shopId }, 'shop rating not written; the note on the shop has it repaired');
    }
  }

  private abandoned(): (change: RatingChangeRecord) => boolean {
    const before = this.deps.clock().getTime() - ABANDONED_CHANGE_MS;
    return (change) => Date.parse(change.at) < before;
  }
}
