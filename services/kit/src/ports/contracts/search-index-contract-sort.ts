import { idsOf, type SearchContractHarness } from './search-index-contract-harness.js';
import type { IndexSchema } from '../search-index.js';
import { PRODUCT_SCHEMA, PRODUCTS } from './search-index-contract-fixtures.js';

/** Sort orders; `id` ascending breaks ties, documents without the value come last. */
export function describeSorting(harness: SearchContractHarness): void {
  describe('sort', () => {
    it('orders by id without text and by relevance with text', async () => {
      const index = await harness.fresh(PRODUCT_SCHEMA, [...PRODUCTS].reverse());
      expect(idsOf(await index.search({}))).toEqual(['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8']);
      expect(idsOf(await index.search({ text: 'samsung' }))[2]).toBe('p2');
    });

    it('orders by a number ascending and descending', async () => {
      const index = await harness.fresh(PRODUCT_SCHEMA, PRODUCTS);
      expect(idsOf(await index.search({ sort: [{ field: 'price', order: 'asc' }] }))).toEqual([
        'p8',
        'p7',
        'p1',
        'p3',
        'p2',
        'p4',
        'p5',
        'p6',
      ]);
      expect(idsOf(await index.search({ sort: [{ field: 'price', order: 'desc' }] }))).toEqual([
        'p6',
        'p5',
        'p4',
        'p2',
        'p3',
        'p1',
        'p7',
        'p8',
      ]);
    });

    it('puts documents without the value last in both directions', async () => {
      const index = await harness.fresh(PRODUCT_SCHEMA, PRODUCTS);
      expect(idsOf(await index.search({ sort: [{ field: 'rating', order: 'desc' }] }))).toEqual([
        'p2',
        'p5',
        'p1',
        'p6',
        'p3',
        'p8',
        'p7',
        'p4',
      ]);
      expect(idsOf(await index.search({ sort: [{ field: 'rating', order: 'asc' }] })).at(-1)).toBe('p4');
    });

    it('orders documents without the value by the next key, also after a write took the value away', async () => {
      // A count kept only while it is not zero (e.g. clicks over a window) sorts like this.
      const schema: Omit<IndexSchema, 'name'> = {
        fields: { name: { type: 'text' }, clicks: { type: 'number' }, sort_name: { type: 'keyword' } },
      };
      const doc = (id: string, sortName: string, clicks?: number) => ({
        id,
        name: sortName,
        sort_name: sortName,
        ...(clicks === undefined ? {} : { clicks }),
      });
      const index = await harness.fresh(schema, [
        doc('e1', 'beta', 2),
        doc('e2', 'gamma'),
        doc('e3', 'alpha'),
        doc('e4', 'zeta', 5),
        doc('e5', 'alpha', 2),
      ]);
      const byClicks = async () =>
        idsOf(
          await index.search({
            sort: [
              { field: 'clicks', order: 'desc' },
              { field: 'sort_name', order: 'asc' },
            ],
          }),
        );
      expect(await byClicks()).toEqual(['e4', 'e5', 'e1', 'e3', 'e2']);
      await index.upsert([doc('e4', 'zeta')]);
      await index.refresh();
      expect(await byClicks()).toEqual(['e5', 'e1', 'e3', 'e2', 'e4']);
    });

    it('orders by a keyword with id breaking ties, and by several keys', async () => {
      const index = await harness.fresh(PRODUCT_SCHEMA, PRODUCTS);
      expect(idsOf(await index.search({ sort: [{ field: 'brand', order: 'asc' }] }))).toEqual([
        'p2',
        'p3',
        'p5',
        'p4',
        'p8',
        'p1',
        'p7',
        'p6',
      ]);
      expect(idsOf(await index.search({ sort: [{ field: 'brand', order: 'desc' }] }))).toEqual([
        'p6',
        'p1',
        'p7',
        'p8',
        'p4',
        'p5',
        'p3',
        'p2',
      ]);
      const byCategoryThenPrice = await index.search({
        sort: [
          { field: 'category', order: 'asc' },
          { field: 'price', order: 'desc' },
        ],
      });
      expect(idsOf(byCategoryThenPrice)).toEqual(['p8', 'p4', 'p3', 'p2', 'p1', 'p6', 'p5', 'p7']);
    });

    it('sorts text matches by a field instead of relevance when asked', async () => {
      const index = await harness.fresh(PRODUCT_SCHEMA, PRODUCTS);
      expect(idsOf(await index.search({ text: 'samsung', sort: [{ field: 'price', order: 'desc' }] }))).toEqual([
        'p2',
        'p1',
        'p7',
      ]);
    });
  });
}
