import type { SearchContractHarness } from './search-index-contract-harness.js';
import { PRODUCT_SCHEMA, PRODUCTS, type Product } from './search-index-contract-fixtures.js';

/** Documents enough to take many pages or segment bytes more than the eight fixtures. */
const MANY = 2000;

function manyProducts(): Product[] {
  return Array.from({ length: MANY }, (_, i) => {
    const base = PRODUCTS[i % PRODUCTS.length] as Product;
    return { ...base, id: `many-${i}`, name: `${base.name} variant ${i}`, description: `batch item number ${i}` };
  });
}

/** The size on disk an operator reads: measured, growing with documents, never an error. */
export function describeStorage(harness: SearchContractHarness): void {
  describe('storage', () => {
    it('reports a small size for a new empty index, with when it was measured', async () => {
      const before = Date.now();
      const storage = await (await harness.fresh(PRODUCT_SCHEMA, [])).storage();
      expect(Number.isInteger(storage.bytes)).toBe(true);
      expect(storage.bytes).toBeGreaterThanOrEqual(0);
      expect(storage.bytes).toBeLessThan(1024 * 1024);
      expect(storage.measuredAt).toBeInstanceOf(Date);
      expect(storage.measuredAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(storage.measuredAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    });

    it('reports more bytes for an index holding many more documents', async () => {
      const few = await (await harness.fresh(PRODUCT_SCHEMA, PRODUCTS)).storage();
      const many = await (await harness.fresh(PRODUCT_SCHEMA, [...PRODUCTS, ...manyProducts()])).storage();
      expect(few.bytes).toBeGreaterThan(0);
      expect(many.bytes).toBeGreaterThan(few.bytes);
    });
  });
}
