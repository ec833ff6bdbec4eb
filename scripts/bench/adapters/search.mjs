// Search workload: index product-like documents, then text + 3 facets + price sort queries.
import { closedLoop, timed } from './stats.mjs';

const WORDS = [
  'phone',
  'laptop',
  'camera',
  'headphones',
  'monitor',
  'blender',
  'drill',
  'jacket',
  'shoe',
  'watch',
  'speaker',
  'tablet',
  'printer',
  'router',
  'kettle',
];
const BRANDS = ['Apple', 'Samsung', 'Sony', 'Bosch', 'Philips', 'Lenovo', 'Canon', 'Nike', 'Garmin', 'Dyson'];
const CATEGORIES = ['electronics', 'computers', 'photo', 'audio', 'home', 'tools', 'fashion', 'sport'];
const SHOPS = Array.from({ length: 60 }, (_, i) => `shop-${i}`);

const product = (i) => ({
  id: `p${i}`,
  name: `${BRANDS[i % BRANDS.length]} ${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]} model ${i % 997}`,
  brand: BRANDS[i % BRANDS.length],
  category: CATEGORIES[i % CATEGORIES.length],
  shops: [SHOPS[i % 60], SHOPS[(i * 13) % 60]],
  price: 1_000 + ((i * 7919) % 200_000),
  rating: (i % 50) / 10,
});

export const PRODUCT_SCHEMA = {
  name: 'bench_products',
  fields: {
    name: { type: 'text', boost: 3 },
    brand: { type: 'keyword' },
    category: { type: 'keyword' },
    shops: { type: 'keyword' },
    price: { type: 'number' },
    rating: { type: 'number' },
  },
  suggestField: 'name',
};

export async function searchWorkload(searchIndex, { documents = 100_000, batch = 1_000 } = {}) {
  const index = await searchIndex.index({ ...PRODUCT_SCHEMA, name: `bench_products_${process.pid}_${Date.now()}` });
  const { seconds } = await timed(async () => {
    for (let start = 0; start < documents; start += batch) {
      await index.upsert(Array.from({ length: batch }, (_, j) => product(start + j)));
    }
    await index.refresh();
  });
  const query = (i) =>
    index.search({
      text: WORDS[i % WORDS.length],
      language: 'en',
      filters: [{ field: 'price', gte: 5_000, lt: 150_000 }],
      facets: [
        { field: 'brand', type: 'terms', size: 10 },
        { field: 'category', type: 'terms', size: 10 },
        { field: 'shops', type: 'terms', size: 10 },
      ],
      sort: [{ field: 'price', order: 'asc' }],
      hitsPerPage: 20,
    });
  const one = await closedLoop(query, { concurrency: 1, durationMs: 4_000 });
  const eight = await closedLoop(query, { concurrency: 8, durationMs: 4_000 });
  return {
    'indexed docs/s': documents / seconds,
    'queries/s (1 client)': one.perSecond,
    'query p50 ms (1)': one.p50,
    'query p95 ms (1)': one.p95,
    'queries/s (8 clients)': eight.perSecond,
    'query p95 ms (8)': eight.p95,
  };
}
