import { ConflictError, AlreadyExistsError } from '@pc/kit/errors/domain-errors';
import type { Collection, DocumentStore, Filter, FindOptions, Stored } from '@pc/kit/ports/document-store';
import type { Page } from '@pc/kit/paging/page';
import { ShopReviewStatus } from '@pc/proto/offers/v1/shop_reviews';
import { STARS_DESCENDING } from '../domain/shop-rating.js';
import { FORMER_USER_AUTHOR, type ShopReviewRecord } from '../domain/shop-review.js';

export type StoredShopReview = Stored<ShopReviewRecord>;

export type ShopReviewOrderName = 'newest' | 'highest' | 'lowest';

const ORDERS: Readonly<Record<ShopReviewOrderName, FindOptions['sort']>> = {
  newest: { publishedAt: -1 },
  highest: { rating: -1, publishedAt: -1 },
  lowest: { rating: 1, publishedAt: -1 },
};

const PUBLISHED = ShopReviewStatus.SHOP_REVIEW_STATUS_PUBLISHED;

/** Reviews handled per query when a shop's or a user's reviews are all changed. */
const BATCH = 200;

/** Visitors' reviews of shops (ADR 119), one per user and shop. */
export class ShopReviewRepository {
  private constructor(readonly collection: Collection<ShopReviewRecord>) {}

  static async open(store: DocumentStore): Promise<ShopReviewRepository> {
    const collection = await store.collection<ShopReviewRecord>({
      name: 'shop_reviews',
      indexes: [
        // A shop's page of published reviews, newest first, and the shop's counts.
        { fields: ['shopId', 'status', 'publishedAt'] },
        // Most or fewest stars first, and the rating's count per star.
        { fields: ['shopId', 'status', 'rating', 'publishedAt'] },
        // One review per user and shop; the user's own review of a shop.
        { fields: ['authorKey', 'shopId'], unique: true },
        // The daily limit, a deleted account's reviews and a user's own reviews, newest first.
        { fields: ['authorKey', 'publishedAt'] },
        // The staff queue by status, newest first, and across statuses.
        { fields: ['status', 'publishedAt'] },
        { fields: ['publishedAt'] },
      ],
    });
    return new ShopReviewRepository(collection);
  }

  get(id: string): Promise<StoredShopReview | null> {
    return this.collection.get(id);
  }

  /** The user's review of the shop, if any. */
  async ofUser(userId: string, shopId: string): Promise<StoredShopReview | null> {
    if (!userId) return null;
    const [review] = await this.collection.find({ authorKey: userId, shopId }, { limit: 1 });
    return review ?? null;
  }

  /** A page of the user's reviews of every shop, whatever their status, newest first, and their total. */
  async ofAuthor(userId: string, page: Page): Promise<{ items: StoredShopReview[]; total: number }> {
    // A deleted account's reviews are keyed `former:<id>`: never anyone's own.
    if (!userId) return { items: [], total: 0 };
    return this.page({ authorKey: userId }, 'newest', page);
  }

  /** Stores a new review; ALREADY_EXISTS (ALREADY_REVIEWED) when the user reviewed the shop already. */
  async insert(review: ShopReviewRecord): Promise<StoredShopReview> {
    try {
      return await this.collection.put(review, { expectedVersion: 0 });
    } catch (error) {
      if (error instanceof AlreadyExistsError || error instanceof ConflictError)
        throw new AlreadyExistsError('you have reviewed this shop already', {
          cause: error,
          reason: 'ALREADY_REVIEWED',
        });
      throw error;
    }
  }

  /** Writes a changed review under optimistic concurrency (ConflictError when it changed meanwhile). */
  replace(review: ShopReviewRecord, expectedVersion: number): Promise<StoredShopReview> {
    return this.collection.put(review, { expectedVersion });
  }

  delete(id: string): Promise<boolean> {
    return this.collection.delete(id);
  }

  /** How many reviews the user wrote since `sinceIso`. */
  countByUserSince(userId: string, sinceIso: string): Promise<number> {
    return this.collection.count({ authorKey: userId, publishedAt: { $gt: sinceIso } });
  }

  /** The oldest of the user's reviews since `sinceIso` (when the daily limit frees a slot). */
  async oldestByUserSince(userId: string, sinceIso: string): Promise<StoredShopReview | null> {
    const [oldest] = await this.collection.find(
      { authorKey: userId, publishedAt: { $gt: sinceIso } },
      { sort: { publishedAt: 1 }, limit: 1 },
    );
    return oldest ?? null;
  }

  /** The shop's published reviews per star, 5 first, and how many of them are verified. */
  async publishedCounts(shopId: string): Promise<{ distribution: number[]; verified: number }> {
    const [verified, ...distribution] = await Promise.all([
      this.collection.count({ shopId, status: PUBLISHED, verifiedClick: true }),
      ...STARS_DESCENDING.map((rating) => this.collection.count({ shopId, status: PUBLISHED, rating })),
    ]);
    return { distribution, verified: verified ?? 0 };
  }

  /** A page of reviews and their total. */
  async page(
    filter: Filter,
    order: ShopReviewOrderName,
    page: Page,
  ): Promise<{ items: StoredShopReview[]; total: number }> {
    const [items, total] = await Promise.all([
      this.collection.find(filter, { sort: ORDERS[order], skip: page.skip, limit: page.hitsPerPage }),
      this.collection.count(filter),
    ]);
    return { items, total };
  }

  /** Deletes every review of a shop (the shop was deleted); returns how many went. */
  async deleteOfShop(shopId: string): Promise<number> {
    let deleted = 0;
    for (;;) {
      const ids = await this.collection.findIds({ shopId }, { limit: BATCH });
      for (const id of ids) if (await this.collection.delete(id)) deleted += 1;
      if (ids.length < BATCH) return deleted;
    }
  }

  /**
   * A deleted account's reviews lose their link to it: no user id, the former-user author name
   * (text, stars and the verified mark stay, so the rating does not change). Returns the reviews
   * it changed, as written. Idempotent: a redelivery finds none left under the user's id.
   */
  async anonymiseAuthor(userId: string, nowIso: string): Promise<StoredShopReview[]> {
    if (!userId) return [];
    const changed: StoredShopReview[] = [];
    for (;;) {
      const reviews = await this.collection.find({ authorKey: userId }, { limit: BATCH });
      for (const review of reviews) {
        const written = await this.collection.update(review._id, (current) =>
          current && current.authorKey === userId
            ? {
                ...current,
                authorUserId: '',
                authorKey: `former:${current._id}`,
                author: FORMER_USER_AUTHOR,
                updatedAt: nowIso,
              }
            : null,
        );
        if (written && written.authorKey !== userId) changed.push(written);
      }
      if (reviews.length < BATCH) return changed;
    }
  }
}
