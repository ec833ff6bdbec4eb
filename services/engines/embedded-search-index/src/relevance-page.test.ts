import type { IndexSchema, SearchDocument, SearchIndex, SearchRequest } from '@pc/kit/ports/search-index';
import { openEmbeddedSearchIndex } from './embedded-search-index.js';

const schema: IndexSchema = { name: 'products', fields: { name: { type: 'text' }, brand: { type: 'keyword' } } };

/**
 * Relevance-ordered pages score only the best rows (`TextMatcher.topScored`): each page must be
 * exactly that slice of the full order (score desc, id asc), ties across a page's edge included.
 */
describe('relevance pages of the embedded engine', () => {
  let engine: SearchIndex;
  beforeEach(async () => {
    engine = await openEmbeddedSearchIndex({ path: ':memory:' });
  });
  afterEach(async () => {
    await engine.close();
  });

  it('pages through a broad match in the order of a full sort, with filters and tied scores', async () => {
    const index = await engine.index<SearchDocument>(schema);
    // Ids out of insertion order, so rowid order is not id order; many identical names tie.
    const names = ['lite kamera', 'lite', 'lite lite pro', 'kamera lite mini tasche', 'lite kamera'];
    await index.upsert(
      Array.from({ length: 60 }, (_, i) => ({
        id: `p${(i * 37) % 60}`.padStart(4, '0'),
        name: names[i % names.length],
        brand: i % 3 === 0 ? 'a' : 'b',
      })),
    );
    for (const base of [
      { text: 'lite' },
      { text: 'lite', filters: [{ field: 'brand', anyOf: ['a'] }] },
      { text: 'kamera lite' },
    ] as SearchRequest[]) {
      const full = await index.search({ ...base, hitsPerPage: 100 });
      expect(full.total).toBeGreaterThan(5);
      const order = full.hits.map((hit) => [hit.score, hit.id] as const);
      expect(order).toEqual([...order].sort((a, b) => b[0] - a[0] || (a[1] < b[1] ? -1 : 1)));
      for (const size of [1, 3, 7]) {
        const paged = [];
        for (let page = 1; (page - 1) * size < full.total; page++) {
          const result = await index.search({ ...base, page, hitsPerPage: size });
          expect(result.total).toBe(full.total);
          paged.push(...result.hits.map((hit) => hit.id));
        }
        expect(paged).toEqual(full.hits.map((hit) => hit.id));
      }
    }
  });

  it('puts documents whose keyword equals the query first, ordered by their text score, across pages', async () => {
    const index = await engine.index<SearchDocument>(schema);
    const names = ['lite kamera', 'lite', 'tasche', 'kamera lite mini tasche'];
    await index.upsert(
      Array.from({ length: 40 }, (_, i) => ({
        id: `q${(i * 13) % 40}`.padStart(4, '0'),
        name: names[i % names.length],
        brand: i % 4 === 2 || i % 5 === 0 ? 'Lite' : 'b',
      })),
    );
    const full = await index.search({ text: 'lite', hitsPerPage: 100 });
    const exact = full.hits.filter((hit) => hit.document.brand === 'Lite');
    expect(exact.length).toBeGreaterThan(3);
    expect(full.hits.slice(0, exact.length)).toEqual(exact);
    // Among them a text match ('lite kamera') outranks a brand-only one ('tasche').
    const firstTasche = exact.findIndex((hit) => hit.document.name === 'tasche');
    const lastText = exact.map((hit) => hit.document.name).lastIndexOf('lite');
    expect(firstTasche).toBeGreaterThan(lastText);
    const paged = [];
    for (let page = 1; (page - 1) * 4 < full.total; page++)
      paged.push(...(await index.search({ text: 'lite', page, hitsPerPage: 4 })).hits.map((hit) => hit.id));
    expect(paged).toEqual(full.hits.map((hit) => hit.id));
  });
});
