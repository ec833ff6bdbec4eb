import { ConflictError } from '@pc/kit/errors/domain-errors';
import type { Collection, DocumentStore, Filter, FindOptions, Stored } from '@pc/kit/ports/document-store';
import type { Page } from '@pc/kit/paging/page';
import { STARS_DESCENDING } from '../domain/rating.js';
import type { ReviewRecord } from '../domain/review.js';

export type ReviewOrderName = 'newest' | 'highest' | 'lowest';

const ORDERS: Readonly<Record<ReviewOrderName, FindOptions['sort']>> = {
  newest: { publishedAt: -1 },
  highest: { rating: -1, publishedAt: -1 },
  lowest: { rating: 1, publishedAt: -1 },
};

export interface ReviewListFilter {
  /** '' for every product (the shopping panel's review queue). */
  readonly productId: string;
  /** '' for every language. */
  readonly language: string;
  /** 0 for every rating. */
  readonly rating: number;
}

export class ReviewRepository {
  private constructor(private readonly reviews: Collection<ReviewRecord>) {}

  static async open(store: DocumentStore): Promise<ReviewRepository> {
    const reviews = await store.collection<ReviewRecord>({
      name: 'reviews',
      // Newest-first pages, and the per-star counts of the rating (also the rating filter); the
      // review queue's newest first across products; a user's own reviews, newest first.
      indexes: [
        { fields: ['productId', 'publishedAt'] },
        { fields: ['productId', 'rating'] },
        { fields: ['publishedAt'] },
        { fields: ['rating', 'publishedAt'] },
        { fields: ['authorUserId', 'publishedAt'] },
      ],
    });
    return new ReviewRepository(reviews);
  }

  get(id: string): Promise<Stored<ReviewRecord> | null> {
    return this.reviews.get(id);
  }

  async getMany(ids: readonly string[]): Promise<Stored<ReviewRecord>[]> {
    return ids.length === 0 ? [] : this.reviews.getMany([...new Set(ids)]);
  }

  /** Stores a new review; false when one with its id exists (the same user, or the same import). */
  async insertIfAbsent(review: ReviewRecord): Promise<boolean> {
    try {
      await this.reviews.put(review, { expectedVersion: 0 });
      return true;
    } catch (error) {
      if (error instanceof ConflictError) return false;
      throw error;
    }
  }

  /** Writes a review as it is (a merge moving an imported review keeps its id). */
  async put(review: ReviewRecord): Promise<void> {
    await this.reviews.put(review);
  }

  /** Up to `limit` reviews of a product, any order (a merge moves them page by page). */
  ofProduct(productId: string, limit: number): Promise<Stored<ReviewRecord>[]> {
    return this.reviews.find({ productId }, { limit });
  }

  delete(id: string): Promise<boolean> {
    return this.reviews.delete(id);
  }

  /**
   * A deleted account's reviews stay (they count for the ratings) without its name or id: the
   * site shows "former user" (ADR 148). Returns how many changed; running it again changes none.
   */
  async anonymiseAuthor(userId: string, batchSize = 500): Promise<number> {
    if (!userId) return 0;
    let changed = 0;
    for (;;) {
      const ids = await this.reviews.findIds({ authorUserId: userId }, { limit: batchSize });
      if (ids.length === 0) return changed;
      for (const id of ids) {
        const written = await this.reviews.update(id, (review) =>
          review && review.authorUserId === userId ? { ...review, author: '', authorUserId: '' } : null,
        );
        if (written) changed += 1;
      }
    }
  }

  /** How many reviews of the product give 5, 4, 3, 2 and 1 stars. */
  distribution(productId: string): Promise<number[]> {
    return Promise.all(STARS_DESCENDING.map((rating) => this.reviews.count({ productId, rating })));
  }

  /** A page of the reviews the user wrote here, newest first, and their total. */
  async ofAuthor(authorUserId: string, page: Page): Promise<{ items: Stored<ReviewRecord>[]; total: number }> {
    // Imported reviews carry '': never anyone's own.
    if (!authorUserId) return { items: [], total: 0 };
    const query: Filter = { authorUserId };
    const [items, total] = await Promise.all([
      this.reviews.find(query, { sort: ORDERS.newest, skip: page.skip, limit: page.hitsPerPage }),
      this.reviews.count(query),
    ]);
    return { items, total };
  }

  async list(
    filter: ReviewListFilter,
    order: ReviewOrderName,
    page: Page,
  ): Promise<{ items: Stored<ReviewRecord>[]; total: number }> {
    const query: Filter = {
      ...(filter.productId ? { productId: filter.productId } : {}),
      ...(filter.language ? { language: filter.language } : {}),
      ...(filter.rating ? { rating: filter.rating } : {}),
    };
    const [items, total] = await Promise.all([
      this.reviews.find(query, { sort: ORDERS[order], skip: page.skip, limit: page.hitsPerPage }),
      this.reviews.count(query),
    ]);
    return { items, total };
  }
}
