import { z } from 'zod';
import { STARS } from '~/reviews/forms';

/**
 * The forms of shop reviews (ADR 119): a visitor's review of a shop, deleting it, the owner's
 * reply. The page checks with them before sending, the action again, and offers once more (the
 * authority). Lengths are counted in characters (code points), as offers counts them.
 */
export const SHOP_REVIEW_LIMITS = { titleMax: 120, bodyMin: 20, bodyMax: 5_000, replyMax: 2_000 } as const;

/** Characters as a visitor counts them: "ü" and "😀" are one each. */
export const characters = (text: string): number => [...text].length;

/** A problem with a text of its own (`shopReviews.validation.*`). */
const rule = (name: string) => ({ params: { rule: `shopReviews.validation.${name}` } });

const id = z.string().trim().min(1, 'is required').max(128);

export const isStars = (value: string): boolean => (STARS as readonly string[]).includes(value);

/** A signed-in visitor's review of a shop: 1 to 5 stars, a title of at most 120 characters, 20 to 5,000 of text. */
export const shopReviewForm = z.object({
  shop_id: id,
  rating: z
    .string()
    .optional()
    .transform((value) => value ?? '')
    .refine(isStars, rule('rating'))
    .transform(Number),
  title: z
    .string()
    .trim()
    .default('')
    .refine((value) => characters(value) <= SHOP_REVIEW_LIMITS.titleMax, rule('titleMax')),
  body: z
    .string()
    .trim()
    .min(1, 'is required')
    .refine((value) => value === '' || characters(value) >= SHOP_REVIEW_LIMITS.bodyMin, rule('bodyMin'))
    .refine((value) => characters(value) <= SHOP_REVIEW_LIMITS.bodyMax, rule('bodyMax')),
});

export type ShopReviewInput = z.output<typeof shopReviewForm>;

/** "Delete my review": the review, and the shop whose form page to come back to. */
export const deleteShopReviewForm = z.object({ review_id: id, shop_id: id });

/** The owner's public reply to a review; empty removes it. */
export const shopReplyForm = z.object({
  review_id: id,
  body: z
    .string()
    .trim()
    .default('')
    .refine((value) => characters(value) <= SHOP_REVIEW_LIMITS.replyMax, rule('replyMax')),
});
