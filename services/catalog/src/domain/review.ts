import type { Review } from '@pc/proto/catalog/v1/types';

/** A review as the catalog stores it: written here (authorUserId) or imported (sourceDomain). */
export interface ReviewRecord {
  readonly _id: string;
  readonly productId: string;
  readonly author: string;
  /** '' for imported reviews. */
  readonly authorUserId: string;
  /** 1..5 */
  readonly rating: number;
  readonly title: string;
  readonly body: string;
  /** ISO 639-1, '' when unknown. */
  readonly language: string;
  /** '' for reviews written here. */
  readonly sourceDomain: string;
  readonly sourceReviewId: string;
  readonly sourceUrl: string;
  readonly publishedAt: string;
  readonly createdAt: string;
}

export function toReviewMessage(record: ReviewRecord): Review {
  return {
    id: record._id,
    productId: record.productId,
    author: record.author,
    authorUserId: record.authorUserId,
    publishedAt: new Date(record.publishedAt),
    domain: record.sourceDomain,
    rating: record.rating,
    title: record.title,
    body: record.body,
    language: record.language,
    sourceUrl: record.sourceUrl,
  };
}
