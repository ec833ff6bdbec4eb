import type { RatingRecord } from './product.js';

/** Stars from 5 down to 1: the order of a rating distribution (spec §3). */
export const STARS_DESCENDING = [5, 4, 3, 2, 1] as const;

/** The rating summary of star counts given 5 stars first; null when there is no review. */
export function ratingFromDistribution(distribution: readonly number[]): RatingRecord | null {
  const count = distribution.reduce((sum, n) => sum + n, 0);
  if (count === 0) return null;
  const total = STARS_DESCENDING.reduce((sum, stars, i) => sum + stars * (distribution[i] ?? 0), 0);
  // One decimal, as the site shows it (spec §9); the exact mean is recoverable from the counts.
  return { value: Math.round((total / count) * 10) / 10, count, distribution: [...distribution] };
}

export function sameRating(a: RatingRecord | null, b: RatingRecord | null): boolean {
  if (a === null || b === null) return a === b;
  return a.value === b.value && a.count === b.count && a.distribution.every((n, i) => n === b.distribution[i]);
}
