import type { FieldViolation } from '@pc/kit/errors/domain-errors';

/**
 * What offers' refusals of shop review writes say on the forms (ADR 119): each reason its text,
 * each field violation the text of its limit (the common texts would say "at least 6
 * characters" of a password). RESOURCE_EXHAUSTED answers 429 with its reason's text.
 */
export const SHOP_REVIEW_REASONS = {
  ALREADY_REVIEWED: 'shopReviews.already',
  OWN_SHOP: 'shopReviews.ownShop',
  REVIEW_LIMIT_REACHED: 'shopReviews.limit',
} as const;

/** Offers' field violations of AddShopReview on the review form; a field the form lacks (the language) is the form's. */
export function shopReviewViolations(violation: FieldViolation): { field: string; key: string } | undefined {
  switch (violation.field) {
    case 'rating':
      return { field: 'rating', key: 'shopReviews.validation.rating' };
    case 'title':
      return { field: 'title', key: 'shopReviews.validation.titleMax' };
    case 'body':
      if (violation.rule === 'min') return { field: 'body', key: 'shopReviews.validation.bodyMin' };
      if (violation.rule === 'max') return { field: 'body', key: 'shopReviews.validation.bodyMax' };
      return undefined;
    default:
      return { field: 'form', key: 'common.failed' };
  }
}

/** ReplyToShopReview's refusal of anyone but the shop's owner. */
export const REPLY_REASONS = { NOT_SHOP_OWNER: 'shopReviews.owner.notOwner' } as const;

/** A reply over 2,000 characters, at the reply's field. */
export const replyViolations = (violation: FieldViolation): { field: string; key: string } | undefined =>
  violation.field === 'body' ? { field: 'body', key: 'shopReviews.validation.replyMax' } : undefined;
