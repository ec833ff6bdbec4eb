import type { IndexSchema, SearchDocument, SearchIndexHandle, SearchRequest } from '@pc/kit/ports/search-index';

/** A small product index and word list whose random documents overlap a lot (for tests). */
export const WORKLOAD_SCHEMA: IndexSchema = {
  name: 'products',
  fields: { name: { type: 'text' }, brand: { type: 'keyword' }, price: { type: 'number' } },
};
const WORDS = ['kamera', 'kameras', 'kabel', 'lite', 'light', 'mini', 'minis', 'rot', 'rote', 'akku', 'pro', 'max'];

/** Deterministic pseudo-random numbers (mulberry32), so a failure replays. */
export function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One random step of writes over 40 ids: new names (texts), brands and prices, sometimes a delete. */
export function randomWrites(next: () => number): { writes: SearchDocument[]; deletes: string[] } {
  const pick = (): string => WORDS[Math.floor(next() * WORDS.length)] ?? 'rot';
  const writes: SearchDocument[] = Array.from({ length: 1 + Math.floor(next() * 6) }, () => ({
    id: `p${Math.floor(next() * 40)}`,
    name: `${pick()} ${pick()} ${next() < 0.5 ? pick() : ''}`,
    brand: next() < 0.5 ? 'Lite' : 'Acme',
    price: Math.floor(next() * 1000),
  }));
  const deletes = next() < 0.3 ? [`p${Math.floor(next() * 40)}`] : [];
  return { writes, deletes };
}

/** Unscored text searches (sorted, or counting only): the ones that go through the match cache. */
const QUERIES: SearchRequest[] = [
  ...WORDS.map((word) => ({ text: `${word} `, sort: [{ field: 'price', order: 'asc' as const }], hitsPerPage: 50 })),
  { text: 'kamera rot ', sort: [{ field: 'price', order: 'asc' }], hitsPerPage: 50 },
  { text: 'mini ka', sort: [{ field: 'price', order: 'desc' }], hitsPerPage: 50 },
  { text: 'li', hitsPerPage: 0 },
  { text: 'akku pro max ', hitsPerPage: 0, facets: [{ field: 'brand', type: 'terms' }] },
  {
    filters: [{ field: 'price', gte: 500 }],
    sort: [{ field: 'price', order: 'desc' }],
    hitsPerPage: 50,
    facets: [{ field: 'brand', type: 'terms' }],
  },
];

/** What a caller sees of the queries above: totals, ids in order, facets. */
export async function answers(index: SearchIndexHandle<SearchDocument>): Promise<unknown[]> {
  return Promise.all(
    QUERIES.map(async (query) => {
      const result = await index.search(query);
      return { total: result.total, ids: result.hits.map((hit) => hit.id), facets: result.facets };
    }),
  );
}
