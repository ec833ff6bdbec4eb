import type { AuditLog } from '@pc/audit-log/audit-log';
import type { StaffCheck } from '@pc/staff-access/staff-check';
import { AlreadyExistsError, NotFoundError } from '@pc/kit/errors/domain-errors';
import { importedReviewId, writtenReviewId } from '../domain/ids.js';
import type { RatingRecord } from '../domain/product.js';
import type { ReviewRecord } from '../domain/review.js';
import type { DerivedSync } from '../derived/derived-sync.js';
import type { ProductRepository } from '../store/product-repository.js';
import type { ReviewRepository } from '../store/review-repository.js';
import { emptyJournalEntry } from '../store/sync-journal-repository.js';
import type { ReviewInput } from './review-input.js';

/**
 * Adds and removes reviews. The review is one document, the rating lives in the product: the
 * journal entry written first makes the rating refresh (and ReviewAdded) happen even if the
 * process dies right after the review write.
 */
export class ReviewWriter {
  constructor(
    private readonly products: ProductRepository,
    private readonly reviews: ReviewRepository,
    private readonly derived: DerivedSync,
    private readonly staff: StaffCheck,
    private readonly audit: AuditLog,
  ) {}

  async add(input: ReviewInput, now: Date): Promise<{ review: ReviewRecord; rating: RatingRecord | null }> {
    const product = await this.products.get(input.productId);
    if (!product || product.status !== 'active') throw new NotFoundError('product', input.productId);
    // One review per user and product, one per imported source review: the id says which.
    const id = input.authorUserId
      ? writtenReviewId(input.productId, input.authorUserId)
      : importedReviewId(input.sourceDomain, input.sourceReviewId);
    const review: ReviewRecord = { _id: id, ...input, createdAt: now.toISOString() };
    const entry = { ...emptyJournalEntry(), ratingProductIds: [input.productId], addedReviewIds: [id] };
    const journalId = await this.derived.begin(entry);
    if (!(await this.reviews.insertIfAbsent(review))) {
      await this.derived.abandon(journalId);
      throw new AlreadyExistsError(`review ${id} exists`, { reason: 'REVIEW_EXISTS' });
    }
    const ratings = await this.derived.finish(journalId, entry);
    return { review, rating: ratings.get(input.productId) ?? null };
  }

  /** Its author, or staff (`StaffCheck`: a verified user with the role; without one, only a service the call graph grants it). */
  /** `reason`: why staff removed it (moderation), kept in the audit entry. */
  async delete(reviewId: string, actorUserId: string, reason = ''): Promise<RatingRecord | null> {
    const review = await this.reviews.get(reviewId);
    if (!review) throw new NotFoundError('review', reviewId);
    const moderated = !actorUserId || review.authorUserId !== actorUserId;
    if (moderated) await this.staff.require(actorUserId, "deleting another user's review");
    const entry = { ...emptyJournalEntry(), ratingProductIds: [review.productId] };
    const journalId = await this.derived.begin(entry);
    await this.reviews.delete(reviewId);
    const ratings = await this.derived.finish(journalId, entry);
    // Moderation is a staff write (ADR 042a); an author removing their own review is not.
    if (moderated)
      await this.audit.record({
        actorUserId,
        panel: 'shopping',
        action: 'review.delete',
        entityType: 'review',
        entityId: reviewId,
        before: review,
        after: reason ? { deleted: true, reason } : null,
      });
    return ratings.get(review.productId) ?? null;
  }
}
