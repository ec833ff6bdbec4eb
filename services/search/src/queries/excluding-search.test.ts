import { openEmbeddedSearchIndex } from '@pc/embedded-search-index/embedded-search-index';
import type { SearchIndex, SearchIndexHandle, SearchRequest } from '@pc/kit/ports/search-index';
import { searchExcluding } from './excluding-search.js';

type Doc = { id: string; category: string; price: number };

/** 150 products of one category, priced 1 to 150: the cheapest first is p-1, p-2, … */
const DOCS: Doc[] = Array.from({ length: 150 }, (_, i) => ({ id: `p-${i + 1}`, category: 'tv', price: i + 1 }));
const CHEAPEST: SearchRequest = {
  filters: [{ field: 'category', anyOf: ['tv'] }],
  sort: [{ field: 'price', order: 'asc' }],
};

describe('searchExcluding (similar products without the product itself)', () => {
  let engine: SearchIndex;
  let index: SearchIndexHandle<Doc>;
  /** The hits each search reached the real index for (its page size). */
  let hitsAsked: number[];

  beforeEach(async () => {
    engine = await openEmbeddedSearchIndex({ path: ':memory:' });
    const real = await engine.index<Doc>({
      name: 'products',
      fields: { category: { type: 'keyword' }, price: { type: 'number' } },
    });
    await real.upsert(DOCS);
    hitsAsked = [];
    // A pass-through that only records what reached the real index.
    index = Object.create(real) as SearchIndexHandle<Doc>;
    index.search = (request) => {
      hitsAsked.push(request.hitsPerPage ?? 20);
      return real.search(request);
    };
  });

  afterEach(() => engine.close());

  const ids = (hits: readonly { id: string }[]) => hits.map((hit) => hit.id);

  it('leaves the excluded products out of the page and the total', async () => {
    const result = await searchExcluding(index, { ...CHEAPEST, hitsPerPage: 4 }, ['p-2', 'p-4', 'p-999']);
    expect(ids(result.hits)).toEqual(['p-1', 'p-3', 'p-5', 'p-6']);
    expect(result.total).toBe(148);
  });

  it('reads the page’s hits and as many more as there are excluded products, not a chunk of 100', async () => {
    await searchExcluding(index, { ...CHEAPEST, hitsPerPage: 8 }, ['p-3']);
    // The page's 8 + 1, and the count of the excluded that match (no hits).
    expect(hitsAsked.sort((a, b) => a - b)).toEqual([0, 9]);
  });

  it('pages on: the second page starts after the first page’s kept hits', async () => {
    const result = await searchExcluding(index, { ...CHEAPEST, hitsPerPage: 4, page: 2 }, ['p-1', 'p-6']);
    expect(ids(result.hits)).toEqual(['p-7', 'p-8', 'p-9', 'p-10']);
  });

  it('reads in chunks of at most 100 when the page ends further down', async () => {
    const result = await searchExcluding(index, { ...CHEAPEST, hitsPerPage: 60, page: 2 }, ['p-1', 'p-2']);
    expect(ids(result.hits)).toEqual(DOCS.slice(62, 122).map((doc) => doc.id));
    expect(Math.max(...hitsAsked)).toBe(100);
  });
});
