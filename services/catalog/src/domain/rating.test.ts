import { ratingFromDistribution, sameRating } from './rating.js';

describe('rating', () => {
  it('summarises star counts given 5 stars first, with one decimal', () => {
    expect(ratingFromDistribution([1, 1, 0, 1, 0])).toEqual({ value: 3.7, count: 3, distribution: [1, 1, 0, 1, 0] });
    expect(ratingFromDistribution([0, 0, 0, 0, 2])).toEqual({ value: 1, count: 2, distribution: [0, 0, 0, 0, 2] });
    expect(ratingFromDistribution([0, 0, 0, 0, 0])).toBeNull();
  });

  it('compares summaries by value, count and distribution', () => {
    const a = ratingFromDistribution([1, 0, 0, 0, 1]);
    expect(sameRating(a, ratingFromDistribution([1, 0, 0, 0, 1]))).toBe(true);
    expect(sameRating(a, ratingFromDistribution([0, 1, 0, 1, 0]))).toBe(false); // same mean and count
    expect(sameRating(null, null)).toBe(true);
    expect(sameRating(a, null)).toBe(false);
  });
});
