import { violationsOf, type SearchContractHarness } from './search-index-contract-harness.js';
import { PRODUCT_SCHEMA, PRODUCTS, type Product } from './search-index-contract-fixtures.js';

/** Ids that sort differently by code unit, by case and by length, and one beyond the BMP. */
const ODD_IDS = ['B', 'a', 'a:de', 'a:en', 'aa', 'é', '\u{1F600}', 'Z-1'];

const withIds = (ids: readonly string[]): Product[] =>
  ids.map((id, i) => ({ ...(PRODUCTS[i % PRODUCTS.length] as Product), id }));

/** Everything `idsAfter` pages out, `size` at a time. */
async function allIds(index: { idsAfter(afterId: string, limit: number): Promise<string[]> }, size: number) {
  const seen: string[] = [];
  for (let page = await index.idsAfter('', size); page.length > 0; page = await index.idsAfter(page.at(-1)!, size))
    seen.push(...page);
  return seen;
}

/** Paging through every id of an index (what a rebuild sweeps), whatever the ids look like. */
export function describeIdPaging(harness: SearchContractHarness): void {
  describe('ids in pages', () => {
    it('pages through every id once, in one order whatever the page size, and after deletes', async () => {
      const index = await harness.fresh(PRODUCT_SCHEMA, withIds(ODD_IDS));
      const whole = await index.idsAfter('', 1000);
      expect([...whole].sort()).toEqual([...ODD_IDS].sort());
      // UTF-8 byte order: upper case before lower, a prefix before what extends it, BMP before astral.
      expect(whole).toEqual(['B', 'Z-1', 'a', 'a:de', 'a:en', 'aa', 'é', '\u{1F600}']);
      expect(await allIds(index, 1)).toEqual(whole);
      expect(await allIds(index, 3)).toEqual(whole);

      await index.delete(['a:de', 'aa']);
      await index.refresh();
      expect(await allIds(index, 2)).toEqual(['B', 'Z-1', 'a', 'a:en', 'é', '\u{1F600}']);
      // An id that is not (or no longer) in the index is a place in the order all the same.
      await expect(index.idsAfter('a:de', 2)).resolves.toEqual(['a:en', 'é']);
      await expect(index.idsAfter('\u{1F600}', 10)).resolves.toEqual([]);
    });

    it('answers nothing for an empty index and refuses a bad page size', async () => {
      const empty = await harness.fresh(PRODUCT_SCHEMA, []);
      await expect(empty.idsAfter('', 10)).resolves.toEqual([]);
      for (const limit of [0, 1001, 2.5])
        expect(await violationsOf(empty.idsAfter('', limit))).toEqual([expect.objectContaining({ field: 'limit' })]);
    });
  });
}
