import { idsOf, type SearchContractHarness } from './search-index-contract-harness.js';
import { PRODUCT_SCHEMA, PRODUCTS, type Product } from './search-index-contract-fixtures.js';

const sorted = (ids: string[]): string[] => [...ids].sort();

/** Filters, facets and metrics, each over the whole matching set. */
export function describeFiltersAndFacets(harness: SearchContractHarness): void {
  describe('filters', () => {
    it('keeps documents with any of the keyword values', async () => {
      const index = await harness.fresh(PRODUCT_SCHEMA, PRODUCTS);
      const result = await index.search({ filters: [{ field: 'category', anyOf: ['phones', 'tvs'] }] });
      expect(idsOf(result)).toEqual(['p1', 'p2', 'p5', 'p6']);
      expect((await index.search({ filters: [{ field: 'category', anyOf: ['unknown'] }] })).total).toBe(0);
    });

    it('matches a multi-valued keyword on any of its values', async () => {
      const index = await harness.fresh(PRODUCT_SCHEMA, PRODUCTS);
      expect(idsOf(await index.search({ filters: [{ field: 'shops', anyOf: ['mediamarkt'] }] }))).toEqual([
        'p1',
        'p4',
        'p6',
      ]);
    });

    it('ANDs two filters on one multi-valued keyword: a document holds a value of each', async () => {
      const index = await harness.fresh(PRODUCT_SCHEMA, PRODUCTS);
      const both = await index.search({
        filters: [
          { field: 'shops', anyOf: ['mediamarkt'] },
          { field: 'shops', anyOf: ['amazon', 'otto'] },
        ],
      });
      expect(idsOf(both)).toEqual(['p1', 'p4', 'p6']);
      const none = await index.search({
        filters: [
          { field: 'shops', anyOf: ['fnac'] },
          { field: 'shops', anyOf: ['amazon'] },
        ],
      });
      expect(none.total).toBe(0);
    });

    it('keeps numbers in [gte, lt) and combines filters with text (AND)', async () => {
      const index = await harness.fresh(PRODUCT_SCHEMA, PRODUCTS);
      expect(idsOf(await index.search({ filters: [{ field: 'price', gte: 54900, lt: 89900 }] }))).toEqual(['p1', 'p7']);
      expect(idsOf(await index.search({ filters: [{ field: 'price', gte: 150000 }] }))).toEqual(['p6']);
      const combined = await index.search({
        text: 'samsung',
        filters: [
          { field: 'category', anyOf: ['phones'] },
          { field: 'price', lt: 100000 },
        ],
      });
      expect(idsOf(combined)).toEqual(['p1']);
    });

    it('keeps the documents with any of the ids, with the other filters, after deletes and re-inserts', async () => {
      const index = await harness.fresh(PRODUCT_SCHEMA, PRODUCTS);
      expect(idsOf(await index.search({ filters: [{ field: 'id', anyOf: ['p7', 'p1', 'nope', 'p1'] }] }))).toEqual([
        'p1',
        'p7',
      ]);
      const cheap = await index.search({
        filters: [
          { field: 'id', anyOf: ['p1', 'p7'] },
          { field: 'price', lt: 60000 },
        ],
        facets: [{ field: 'brand', type: 'terms' }],
      });
      expect(idsOf(cheap)).toEqual(['p7']);
      expect(cheap.facets.brand).toEqual([{ value: 'Samsung', count: 1 }]);
      await index.delete(['p7']);
      await index.refresh();
      expect(idsOf(await index.search({ filters: [{ field: 'id', anyOf: ['p1', 'p7'] }] }))).toEqual(['p1']);
      const p7 = PRODUCTS.find((product) => product.id === 'p7');
      await index.upsert([{ ...(p7 as (typeof PRODUCTS)[number]), price: 100 }]);
      await index.refresh();
      const back = await index.search({ filters: [{ field: 'id', anyOf: ['p7'] }] });
      expect(back.hits.map((hit) => [hit.id, hit.document.price])).toEqual([['p7', 100]]);
    });
  });

  describe('facets', () => {
    it('counts terms by count desc then value asc, over all matches and not just the page', async () => {
      const index = await harness.fresh(PRODUCT_SCHEMA, PRODUCTS);
      const result = await index.search({
        hitsPerPage: 1,
        facets: [
          { field: 'category', type: 'terms', size: 4 },
          { field: 'shops', type: 'terms' },
        ],
      });
      expect(result.hits).toHaveLength(1);
      expect(result.facets['category']).toEqual([
        { value: 'fridges', count: 2 },
        { value: 'phones', count: 2 },
        { value: 'tvs', count: 2 },
        { value: 'audio', count: 1 },
      ]);
      expect(result.facets['shops']).toEqual([
        { value: 'amazon', count: 4 },
        { value: 'mediamarkt', count: 3 },
        { value: 'otto', count: 3 },
        { value: 'fnac', count: 1 },
      ]);
    });

    it('counts only the documents matching the text and filters', async () => {
      const index = await harness.fresh(PRODUCT_SCHEMA, PRODUCTS);
      const result = await index.search({
        text: 'samsung',
        filters: [{ field: 'price', lt: 100000 }],
        facets: [{ field: 'brand', type: 'terms' }],
      });
      expect(result.facets['brand']).toEqual([{ value: 'Samsung', count: 2 }]);
    });

    it('counts only the terms that start with a prefix, its characters taken literally, size among them', async () => {
      const doc = (id: string, price: number, shops: string[]): Product => ({
        id,
        name: id,
        brand: 'b',
        category: 'c',
        shops,
        price,
      });
      const index = await harness.fresh(PRODUCT_SCHEMA, [
        doc('s1', 1, ['power:500 W', 'power:1.5 kW', 'powered:yes', 'colour:Black']),
        doc('s2', 2, ['power:500 W', 'POWER:2', 'power.x:1', 'a.c:1']),
        doc('s3', 3, ['power:2000 W', 'abc:2', 'a+c:3']),
      ]);
      const terms = async (prefix: string, size?: number, lt?: number) =>
        (
          await index.search({
            hitsPerPage: 0,
            filters: lt === undefined ? [] : [{ field: 'price', lt }],
            facets: [{ field: 'shops', type: 'terms', prefix, size }],
          })
        ).facets['shops'];
      expect(await terms('power:', 10)).toEqual([
        { value: 'power:500 W', count: 2 },
        { value: 'power:1.5 kW', count: 1 },
        { value: 'power:2000 W', count: 1 },
      ]);
      expect(await terms('power:', 2)).toEqual([
        { value: 'power:500 W', count: 2 },
        { value: 'power:1.5 kW', count: 1 },
      ]);
      expect(await terms('power:', 10, 3)).toEqual([
        { value: 'power:500 W', count: 2 },
        { value: 'power:1.5 kW', count: 1 },
      ]);
      // "." and "+" are no operators; case counts.
      expect(await terms('a.c')).toEqual([{ value: 'a.c:1', count: 1 }]);
      expect(await terms('a+')).toEqual([{ value: 'a+c:3', count: 1 }]);
      expect(await terms('POWER')).toEqual([{ value: 'POWER:2', count: 1 }]);
      expect(await terms('nothing')).toEqual([]);
      expect(await terms('', 2)).toEqual([
        { value: 'power:500 W', count: 2 },
        { value: 'POWER:2', count: 1 },
      ]);
    });

    it('counts ranges from inclusive to exclusive, in request order', async () => {
      const index = await harness.fresh(PRODUCT_SCHEMA, PRODUCTS);
      // p4 costs exactly 129900: counted in 'high' (from is inclusive), not in 'mid' (to is exclusive).
      const ranges = [
        { key: 'high', from: 129900 },
        { key: 'low', to: 60000 },
        { key: 'mid', from: 60000, to: 129900 },
        { key: 'none', from: 1, to: 2 },
      ];
      const result = await index.search({ facets: [{ field: 'price', type: 'range', ranges }] });
      expect(result.facets['price']).toEqual([
        { value: 'high', count: 3 },
        { value: 'low', count: 2 },
        { value: 'mid', count: 3 },
        { value: 'none', count: 0 },
      ]);
    });
  });

  describe('metrics', () => {
    it('reports min, max and avg over matching documents that have the field', async () => {
      const index = await harness.fresh(PRODUCT_SCHEMA, PRODUCTS);
      const result = await index.search({
        filters: [{ field: 'category', anyOf: ['fridges', 'audio'] }],
        metrics: ['price', 'rating'],
      });
      expect(result.metrics['price']).toEqual({ min: 4990, max: 129900, avg: (89900 + 129900 + 4990) / 3 });
      expect(result.metrics['rating']?.min).toBe(4);
      expect(result.metrics['rating']?.max).toBe(4.2);
      expect(result.metrics['rating']?.avg).toBeCloseTo(4.1, 10);
      const none = await index.search({ text: 'nothing-matches-this', metrics: ['price'] });
      expect(none.metrics['price']).toEqual({ min: null, max: null, avg: null });
    });

    it('counts the distinct keyword values of the matching documents, each value of a list once', async () => {
      const index = await harness.fresh(PRODUCT_SCHEMA, PRODUCTS);
      // p1 Samsung phones [amazon, mediamarkt], p2 Apple phones [amazon] (Samsung in its description), p7 Samsung washers [otto].
      const samsung = await index.search({ text: 'samsung', hitsPerPage: 1, distinct: ['brand', 'shops', 'category'] });
      expect(samsung.distinct).toEqual({ brand: 2, shops: 3, category: 2 });
      const fridges = await index.search({
        filters: [{ field: 'category', anyOf: ['fridges'] }],
        hitsPerPage: 0,
        distinct: ['shops', 'brand'],
        facets: [{ field: 'brand', type: 'terms', size: 1 }],
      });
      expect(fridges.distinct).toEqual({ shops: 2, brand: 2 });
      expect(fridges.facets['brand']).toHaveLength(1);
      expect((await index.search({ text: 'nothing-matches-this', distinct: ['brand'] })).distinct).toEqual({
        brand: 0,
      });
    });
  });

  describe('pagination', () => {
    it('splits the matches into disjoint pages that cover them, each with the total', async () => {
      const index = await harness.fresh(PRODUCT_SCHEMA, PRODUCTS);
      const pages = await Promise.all(
        [1, 2, 3, 4].map((page) => index.search({ page, hitsPerPage: 3, sort: [{ field: 'price', order: 'asc' }] })),
      );
      expect(pages.map((page) => page.hits.length)).toEqual([3, 3, 2, 0]);
      expect(pages.every((page) => page.total === PRODUCTS.length)).toBe(true);
      const all = pages.flatMap(idsOf);
      expect(sorted(all)).toEqual(sorted(PRODUCTS.map((p) => p.id)));
    });

    it('pages through relevance-ranked text matches without repeats', async () => {
      const index = await harness.fresh(PRODUCT_SCHEMA, PRODUCTS);
      const first = await index.search({ text: 'samsung', hitsPerPage: 2 });
      const second = await index.search({ text: 'samsung', hitsPerPage: 2, page: 2 });
      expect(sorted([...idsOf(first), ...idsOf(second)])).toEqual(['p1', 'p2', 'p7']);
      expect(idsOf(second)).toEqual(['p2']);
    });
  });
}
