import { z } from 'zod';

/** What catalog takes of a review (REVIEW_LIMITS): the form refuses more before asking it. */
export const REVIEW_TITLE_MAX = 200;
export const REVIEW_BODY_MAX = 10_000;

/** Stars a reviewer gives, best first (the order of the form's choices). */
export const STARS = ['5', '4', '3', '2', '1'] as const;

/** A signed-in visitor's review of a product (spec §3 Review): stars, an optional title, the text. */
export const reviewForm = z.object({
  product_id: z.string().trim().min(1, 'is required').max(128),
  rating: z.enum(STARS, { error: 'choose a rating' }).transform(Number),
  title: z.string().trim().max(REVIEW_TITLE_MAX).default(''),
  body: z.string().trim().min(1, 'is required').max(REVIEW_BODY_MAX),
});

export type ReviewInput = z.output<typeof reviewForm>;
