import { idsOf, type SearchContractHarness } from './search-index-contract-harness.js';
import { PRODUCT_SCHEMA, PRODUCTS } from './search-index-contract-fixtures.js';

/** Text matching: relevance, boosts, languages, codes, as-you-type and typos. */
export function describeTextSearch(harness: SearchContractHarness): void {
  describe('text', () => {
    it('ranks a document with the term in its name above one with it only in the description', async () => {
      const index = await harness.fresh(PRODUCT_SCHEMA, PRODUCTS);
      const result = await index.search({ text: 'samsung' });
      expect(new Set(idsOf(result))).toEqual(new Set(['p1', 'p2', 'p7']));
      expect(idsOf(result)[2]).toBe('p2');
      expect(result.total).toBe(3);
      expect(result.hits[0]?.score).toBeGreaterThan(result.hits[2]?.score ?? Number.POSITIVE_INFINITY);
    });

    it('orders by a sort key without scoring: the same hits, each with score 0', async () => {
      const index = await harness.fresh(PRODUCT_SCHEMA, PRODUCTS);
      const sorted = await index.search({ text: 'samsung', sort: [{ field: 'price', order: 'asc' }] });
      expect(new Set(idsOf(sorted))).toEqual(new Set(['p1', 'p2', 'p7']));
      expect(sorted.hits.map((hit) => hit.score)).toEqual([0, 0, 0]);
    });

    it('lets the field boost decide between two fields', async () => {
      const docs = [
        { id: 'in-title', title: 'espresso machine', body: 'a kitchen appliance for coffee lovers' },
        { id: 'in-body', title: 'kitchen appliance', body: 'an espresso machine for coffee lovers' },
      ];
      const titleFirst = await harness.fresh(
        { fields: { title: { type: 'text', boost: 5 }, body: { type: 'text', boost: 1 } } },
        docs,
      );
      const bodyFirst = await harness.fresh(
        { fields: { title: { type: 'text', boost: 1 }, body: { type: 'text', boost: 5 } } },
        docs,
      );
      expect(idsOf(await titleFirst.search({ text: 'espresso' }))).toEqual(['in-title', 'in-body']);
      expect(idsOf(await bodyFirst.search({ text: 'espresso' }))).toEqual(['in-body', 'in-title']);
    });

    it('requires every query word (AND) in any text field', async () => {
      const index = await harness.fresh(PRODUCT_SCHEMA, PRODUCTS);
      expect(idsOf(await index.search({ text: 'Samsung Galaxy' }))).toEqual(['p1']);
      expect(idsOf(await index.search({ text: 'samsung chargers titanium' }))).toEqual(['p2']);
      expect((await index.search({ text: 'samsung fernseher' })).total).toBe(0);
    });

    it('German: folds umlauts and their transliteration and stems plurals', async () => {
      const index = await harness.fresh(PRODUCT_SCHEMA, PRODUCTS);
      for (const text of ['kuhlschrank', 'Kühlschränke', 'KUEHLSCHRAENKE']) {
        expect(new Set(idsOf(await index.search({ text, language: 'de' })))).toEqual(new Set(['p3', 'p4']));
      }
    });

    it('French: folds accents and stems plurals', async () => {
      const index = await harness.fresh(PRODUCT_SCHEMA, PRODUCTS);
      expect(idsOf(await index.search({ text: 'televiseurs', language: 'fr' }))).toEqual(['p5']);
    });

    it('English: stems inflections', async () => {
      const index = await harness.fresh(PRODUCT_SCHEMA, PRODUCTS);
      expect(idsOf(await index.search({ text: 'headphone run', language: 'en' }))).toEqual(['p8']);
      expect(idsOf(await index.search({ text: 'headphone run' }))).toEqual(['p8']);
    });

    it('finds a product by its barcode, typed as GTIN-13 or GTIN-14, and by an exact keyword value', async () => {
      const index = await harness.fresh(PRODUCT_SCHEMA, PRODUCTS);
      expect(idsOf(await index.search({ text: '8806095299761' }))).toEqual(['p1']);
      expect(idsOf(await index.search({ text: '08806095299761' }))).toEqual(['p1']);
      expect(idsOf(await index.search({ text: 'XR-65A80L' }))).toEqual(['p6']);
      expect((await index.search({ text: '8806095299762' })).total).toBe(0);
    });

    it('completes the last word while it is being typed', async () => {
      const index = await harness.fresh(PRODUCT_SCHEMA, PRODUCTS);
      expect(idsOf(await index.search({ text: 'galax' }))).toEqual(['p1']);
      expect(idsOf(await index.search({ text: 'samsung wasch' }))).toEqual(['p7']);
      for (const text of ['kühlschr', 'KUEHLSCHR']) {
        expect(new Set(idsOf(await index.search({ text, language: 'de' })))).toEqual(new Set(['p3', 'p4']));
      }
      // Only the last word is a prefix: 'galax' as a finished earlier word does not match.
      expect((await index.search({ text: 'galax samsung' })).total).toBe(0);
    });

    it('corrects typos only when asked and only when the exact words find nothing', async () => {
      const index = await harness.fresh(PRODUCT_SCHEMA, PRODUCTS);
      expect((await index.search({ text: 'samsnug' })).total).toBe(0);
      expect(new Set(idsOf(await index.search({ text: 'samsnug', fuzzy: true })))).toEqual(new Set(['p1', 'p2', 'p7']));
      expect(idsOf(await index.search({ text: 'waschmashine', fuzzy: true, language: 'de' }))).toEqual(['p7']);
      expect(idsOf(await index.search({ text: 'samsung galaxy', fuzzy: true }))).toEqual(['p1']);
      // Short words are not corrected: 'lg' is a brand, 'lh' is not a typo of it.
      expect((await index.search({ text: 'lh', fuzzy: true })).total).toBe(0);
    });

    it('reads query text as words, never as query syntax', async () => {
      const index = await harness.fresh(PRODUCT_SCHEMA, PRODUCTS);
      const result = await index.search({ text: 'samsung" OR (galaxy* NEAR ^name: -{x} \\' });
      expect(result.total).toBe(0);
      expect(idsOf(await index.search({ text: '"galaxy"' }))).toEqual(['p1']);
    });

    it('treats empty text as match-all', async () => {
      const index = await harness.fresh(PRODUCT_SCHEMA, PRODUCTS);
      expect((await index.search({ text: '' })).total).toBe(PRODUCTS.length);
      expect((await index.search({ text: '   ' })).total).toBe(PRODUCTS.length);
    });
  });
}
