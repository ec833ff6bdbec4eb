// Document store workload: bulk upserts of offer-like documents, then point reads by id.
import { closedLoop, timed } from './stats.mjs';

const offer = (i, pass) => ({
  _id: `offer-${i}`,
  productId: `product-${i % 2_000}`,
  shopId: `shop-${i % 60}`,
  country: ['ch', 'de', 'at', 'fr'][i % 4],
  price: { amountMinor: 10_000 + ((i * 37 + pass) % 90_000), currency: 'CHF' },
  availability: 'in_stock',
  title: `Offer ${i} for a product with a realistic, moderately long title`,
  lastSeenAt: new Date(1_700_000_000_000 + i * 1000).toISOString(),
});

export async function documentsWorkload(store, { documents = 20_000, batch = 500 } = {}) {
  const offers = await store.collection({
    name: `bench_offers_${process.pid}_${Date.now()}`,
    indexes: [{ fields: ['productId'] }],
  });
  const { seconds } = await timed(async () => {
    for (let start = 0; start < documents; start += batch) {
      await offers.bulkPut(Array.from({ length: batch }, (_, j) => offer(start + j, 0)));
    }
  });
  const reads = await closedLoop((i) => offers.get(`offer-${(i * 7919) % documents}`), {
    concurrency: 16,
    durationMs: 3_000,
  });
  const queries = await closedLoop((i) => offers.find({ productId: `product-${i % 2_000}` }), {
    concurrency: 16,
    durationMs: 3_000,
  });
  return {
    'bulk upserts/s': documents / seconds,
    'point reads/s': reads.perSecond,
    'read p95 ms': reads.p95,
    'indexed queries/s': queries.perSecond,
  };
}
