import type { ShopRating } from '@pc/proto/offers/v1/types';

/** A shop's rating over its published reviews, as the shop record keeps it (proto ShopRating). */
export interface ShopRatingRecord {
  /** The mean of the stars, one decimal (1.0 … 5.0). */
  readonly value: number;
  readonly count: number;
  /** Exactly five counts, 5 stars first. */
  readonly distribution: readonly number[];
  /** Published reviews whose author had followed one of the shop's links first. */
  readonly verifiedCount: number;
}

/** Stars from 5 down to 1: the order of a rating's distribution. */
export const STARS_DESCENDING = [5, 4, 3, 2, 1] as const;

/** The rating of these star counts (5 stars first); null when there is no published review. */
export function shopRatingOf(distribution: readonly number[], verifiedCount: number): ShopRatingRecord | null {
  const count = distribution.reduce((sum, n) => sum + n, 0);
  if (count === 0) return null;
  const stars = STARS_DESCENDING.reduce((sum, star, i) => sum + star * (distribution[i] ?? 0), 0);
  // One decimal, as the site shows it; the exact mean is recoverable from the counts.
  return { value: Math.round((stars / count) * 10) / 10, count, distribution: [...distribution], verifiedCount };
}

export function sameShopRating(a: ShopRatingRecord | null, b: ShopRatingRecord | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.value === b.value &&
    a.count === b.count &&
    a.verifiedCount === b.verifiedCount &&
    a.distribution.length === b.distribution.length &&
    a.distribution.every((n, i) => n === b.distribution[i])
  );
}

/** The proto message; undefined (absent) while the shop has no published review. */
export const toShopRatingMessage = (rating: ShopRatingRecord | null | undefined): ShopRating | undefined =>
  rating
    ? {
        value: rating.value,
        count: rating.count,
        distribution: [...rating.distribution],
        verifiedCount: rating.verifiedCount,
      }
    : undefined;
