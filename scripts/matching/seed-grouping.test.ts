import { groupSeedOffers } from './seed-grouping';

// The whole catalog path (claims, blocking keys, the planner, token statistics) on the seed's
// offers: shops in six languages, each with its own title, a GTIN mostly, sometimes only an MPN
// or neither, and families of one model in several colours and sizes. Measured at 3,000
// products: pairwise precision 1.0000, recall 1.0000, no product split or merged
// (docs/matching-report.md).
describe("catalog grouping the seed's offers into their products", () => {
  it('keeps the offers of one product together and those of two apart, with token statistics in use', async () => {
    const grouping = await groupSeedOffers(1_200);
    expect(grouping.learnedWeights).toBe(true);
    expect(grouping.methods.get('title')).toBeGreaterThan(100); // titles decide, not only barcodes
    expect(grouping.correctPairs / grouping.groupedPairs).toBeGreaterThanOrEqual(0.995);
    expect(grouping.correctPairs / grouping.truePairs).toBeGreaterThanOrEqual(0.99);
    expect(grouping.merged).toBeLessThanOrEqual(2);
    expect(grouping.split).toBeLessThanOrEqual(2);
  }, 120_000);
});
