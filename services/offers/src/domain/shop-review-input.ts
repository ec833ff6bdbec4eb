import type { FieldViolation } from '@pc/kit/errors/domain-errors';

/** The bounds of shop_reviews.proto, in characters (code points, as a visitor counts them). */
export const SHOP_REVIEW_LIMITS = { title: 120, bodyMin: 20, body: 5_000, reply: 2_000, reason: 500 } as const;

/** The site's interface languages (ADR 049c): a review is written in the language of the page. */
export const REVIEW_LANGUAGES: readonly string[] = ['de', 'en', 'fr', 'it', 'es', 'pt'];

/** A checked AddShopReview's texts. */
export interface ShopReviewInput {
  readonly rating: number;
  readonly title: string;
  readonly body: string;
  readonly language: string;
}

const length = (text: string): number => [...text].length;

const tooLong = (field: string, text: string, max: number): FieldViolation[] =>
  length(text) > max ? [{ field, reason: `at most ${max} characters`, rule: 'max', params: { max: String(max) } }] : [];

/** The review's stars and texts, trimmed, with a violation per bad field. */
export function readShopReviewInput(request: {
  readonly rating: number;
  readonly title: string;
  readonly body: string;
  readonly language: string;
}): { input: ShopReviewInput; violations: FieldViolation[] } {
  const title = request.title.trim();
  const body = request.body.trim();
  const language = request.language.trim().toLowerCase();
  const violations: FieldViolation[] = [];
  if (!Number.isInteger(request.rating) || request.rating < 1 || request.rating > 5)
    violations.push({ field: 'rating', reason: 'between 1 and 5', rule: 'between', params: { min: '1', max: '5' } });
  violations.push(...tooLong('title', title, SHOP_REVIEW_LIMITS.title));
  if (!body) violations.push({ field: 'body', reason: 'is required', rule: 'required' });
  else if (length(body) < SHOP_REVIEW_LIMITS.bodyMin)
    violations.push({
      field: 'body',
      reason: `at least ${SHOP_REVIEW_LIMITS.bodyMin} characters`,
      rule: 'min',
      params: { min: String(SHOP_REVIEW_LIMITS.bodyMin) },
    });
  violations.push(...tooLong('body', body, SHOP_REVIEW_LIMITS.body));
  if (!language) violations.push({ field: 'language', reason: 'is required', rule: 'required' });
  else if (!REVIEW_LANGUAGES.includes(language))
    violations.push({ field: 'language', reason: `one of ${REVIEW_LANGUAGES.join(', ')}`, rule: 'in' });
  return { input: { rating: request.rating, title, body, language }, violations };
}

/** The owner's reply, trimmed ('' removes it). */
export function readReplyBody(body: string): { body: string; violations: FieldViolation[] } {
  const reply = body.trim();
  return { body: reply, violations: tooLong('body', reply, SHOP_REVIEW_LIMITS.reply) };
}

/** A user's reviews within this window count against the daily limit. */
export const REVIEW_LIMIT_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Reviews one user may write within the window: a busy buyer's day, not a campaign. */
export const MAX_REVIEWS_PER_WINDOW = 10;
