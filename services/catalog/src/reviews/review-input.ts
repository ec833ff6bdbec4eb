import { InvalidArgumentError, UnauthenticatedError, type FieldViolation } from '@pc/kit/errors/domain-errors';
import { isHttpUrl } from '@pc/kit/errors/field-checks';
import type { AddReviewRequest } from '@pc/proto/catalog/v1/catalog';
import { productIdFromSegment } from '../domain/ids.js';

export const REVIEW_LIMITS = { title: 200, body: 10_000, author: 100, domain: 253, sourceId: 200, url: 2_048 } as const;

/** A checked AddReview: either written here (authorUserId) or imported (sourceDomain + id). */
export interface ReviewInput {
  readonly productId: string;
  readonly authorUserId: string;
  readonly author: string;
  readonly rating: number;
  readonly title: string;
  readonly body: string;
  readonly language: string;
  readonly sourceDomain: string;
  readonly sourceReviewId: string;
  readonly sourceUrl: string;
  /** ISO time; now for reviews written here. */
  readonly publishedAt: string;
}

const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
/** Clocks of other sites drift; a review from further in the future is a wrong date. */
const MAX_FUTURE_MS = 24 * 60 * 60 * 1000;

function maxLength(field: string, value: string, max: number): FieldViolation[] {
  return value.length > max
    ? [{ field, reason: `must be at most ${max} characters`, rule: 'max', params: { max: String(max) } }]
    : [];
}

/** Validates AddReview: UNAUTHENTICATED without an actor or a source, INVALID_ARGUMENT for bad fields. */
export function readReview(request: AddReviewRequest, now: Date): ReviewInput {
  const actor = request.actorUserId.trim();
  const sourceDomain = request.sourceDomain.trim().toLowerCase();
  const sourceReviewId = request.sourceReviewId.trim();
  if (!actor && !sourceDomain && !sourceReviewId)
    throw new UnauthenticatedError('a review needs a signed-in author (actor_user_id) or a source (source_domain)');
  const body = request.body.trim();
  const violations: FieldViolation[] = [
    ...(request.productId.trim() ? [] : [{ field: 'product_id', reason: 'is required', rule: 'required' }]),
    ...(Number.isInteger(request.rating) && request.rating >= 1 && request.rating <= 5
      ? []
      : [{ field: 'rating', reason: 'must be between 1 and 5', rule: 'between', params: { min: '1', max: '5' } }]),
    ...(body ? [] : [{ field: 'body', reason: 'is required', rule: 'required' }]),
    ...maxLength('body', body, REVIEW_LIMITS.body),
    ...maxLength('title', request.title.trim(), REVIEW_LIMITS.title),
    ...maxLength('author', request.author.trim(), REVIEW_LIMITS.author),
    ...(request.language && !/^[a-z]{2}$/.test(request.language)
      ? [{ field: 'language', reason: 'must be an ISO 639-1 code', rule: 'regex' }]
      : []),
  ];
  if (actor && (sourceDomain || sourceReviewId)) {
    violations.push({
      field: 'source_domain',
      reason: 'a review is either written by actor_user_id or imported from a source, not both',
      rule: 'prohibited_with',
    });
  }
  if (!actor) {
    if (!DOMAIN.test(sourceDomain))
      violations.push({
        field: 'source_domain',
        reason: 'must be a host name such as "example-shop.ch"',
        rule: 'regex',
      });
    if (!sourceReviewId)
      violations.push({
        field: 'source_review_id',
        reason: 'is required for an imported review',
        rule: 'required_with',
      });
    violations.push(...maxLength('source_review_id', sourceReviewId, REVIEW_LIMITS.sourceId));
  }
  if (request.sourceUrl && (!isHttpUrl(request.sourceUrl) || request.sourceUrl.length > REVIEW_LIMITS.url)) {
    violations.push({ field: 'source_url', reason: 'must be an http(s) URL', rule: 'url' });
  }
  const published = request.publishedAt && !actor ? request.publishedAt : now;
  if (published.getTime() > now.getTime() + MAX_FUTURE_MS)
    violations.push({ field: 'published_at', reason: 'must not be in the future', rule: 'before_or_equal' });
  if (violations.length > 0) throw new InvalidArgumentError(violations);
  return {
    productId: productIdFromSegment(request.productId.trim()),
    authorUserId: actor,
    author: request.author.trim(),
    rating: request.rating,
    title: request.title.trim(),
    body,
    language: request.language,
    sourceDomain: actor ? '' : sourceDomain,
    sourceReviewId: actor ? '' : sourceReviewId,
    sourceUrl: request.sourceUrl,
    publishedAt: published.toISOString(),
  };
}
