import { foldCase } from '@pc/text-analysis/fold';
import { idsOf, violationsOf, type SearchContractHarness } from './search-index-contract-harness.js';
import { PRODUCT_SCHEMA, PRODUCTS, product, type Product } from './search-index-contract-fixtures.js';

/** Writes and reads by id, suggestions, and what is refused. */
export function describeDocuments(harness: SearchContractHarness): void {
  describe('documents', () => {
    it('gets a document by id as it was given, and null for an unknown id', async () => {
      const index = await harness.fresh(PRODUCT_SCHEMA, PRODUCTS);
      await expect(index.get('p6')).resolves.toEqual(product('p6'));
      await expect(index.get('nope')).resolves.toBeNull();
      await expect(index.count()).resolves.toBe(PRODUCTS.length);
    });

    it('replaces a document on upsert: old terms and values no longer match', async () => {
      const index = await harness.fresh(PRODUCT_SCHEMA, PRODUCTS);
      const speaker: Product = {
        ...product('p8'),
        name: 'Philips Bluetooth Speaker',
        description: 'Portable',
        category: 'speakers',
      };
      await index.upsert([speaker]);
      await index.refresh();
      expect((await index.search({ text: 'headphones' })).total).toBe(0);
      expect(idsOf(await index.search({ text: 'speaker' }))).toEqual(['p8']);
      const facets = await index.search({ facets: [{ field: 'category', type: 'terms' }] });
      expect(facets.facets['category']).toContainEqual({ value: 'speakers', count: 1 });
      expect(facets.facets['category']?.map((b) => b.value)).not.toContain('audio');
      await expect(index.get('p8')).resolves.toEqual(speaker);
      await expect(index.count()).resolves.toBe(PRODUCTS.length);
    });

    it('deletes documents by id and ignores unknown ids', async () => {
      const index = await harness.fresh(PRODUCT_SCHEMA, PRODUCTS);
      await index.delete(['p7', 'unknown']);
      await index.refresh();
      await expect(index.get('p7')).resolves.toBeNull();
      await expect(index.count()).resolves.toBe(PRODUCTS.length - 1);
      expect((await index.search({ text: 'waschmaschine' })).total).toBe(0);
      const facets = await index.search({ facets: [{ field: 'category', type: 'terms' }] });
      expect(facets.facets['category']?.map((b) => b.value)).not.toContain('washers');
    });

    it('rejects a batch with an invalid document and writes none of it', async () => {
      const index = await harness.fresh(PRODUCT_SCHEMA, PRODUCTS);
      const good = { ...product('p1'), id: 'p9' };
      const bad = { ...product('p2'), id: 'p10', price: 'cheap' as unknown as number };
      const violations = await violationsOf(index.upsert([good, bad]));
      expect(violations.map((v) => v.field)).toContain('documents[1].price');
      await index.refresh();
      await expect(index.get('p9')).resolves.toBeNull();
    });
  });

  describe('suggest', () => {
    it('completes from the suggest field, folded, most frequent first', async () => {
      const index = await harness.fresh(PRODUCT_SCHEMA, PRODUCTS);
      const suggestions = (await index.suggest('Sams')).map(foldCase);
      expect(suggestions[0]).toBe('samsung');
      expect(suggestions).toEqual(
        expect.arrayContaining(['samsung galaxy s24 smartphone 128 gb', 'samsung waschmaschine ww90']),
      );
      expect(suggestions.every((s) => s.startsWith('sams'))).toBe(true);
      expect((await index.suggest('KUHL')).map(foldCase)).toEqual(
        expect.arrayContaining(['kuhlschrank', 'kuhlschranke']),
      );
    });

    it('respects the limit and answers nothing for an empty or unknown prefix', async () => {
      const index = await harness.fresh(PRODUCT_SCHEMA, PRODUCTS);
      expect(await index.suggest('s', { limit: 2 })).toHaveLength(2);
      await expect(index.suggest('')).resolves.toEqual([]);
      await expect(index.suggest('zzz')).resolves.toEqual([]);
    });

    it('forgets completions of deleted documents', async () => {
      const index = await harness.fresh(PRODUCT_SCHEMA, PRODUCTS);
      await index.delete(['p1', 'p7']);
      await index.refresh();
      await expect(index.suggest('sams')).resolves.toEqual([]);
    });
  });

  describe('validation', () => {
    it('rejects unknown or unfit fields in filters, facets, sorts, metrics and distinct counts', async () => {
      const index = await harness.fresh(PRODUCT_SCHEMA, PRODUCTS);
      expect(await violationsOf(index.search({ filters: [{ field: 'colour', anyOf: ['red'] }] }))).toEqual([
        expect.objectContaining({ field: 'filters[0].field' }),
      ]);
      expect(await violationsOf(index.search({ filters: [{ field: 'brand', gte: 1 }] }))).toEqual([
        expect.objectContaining({ field: 'filters[0].field' }),
      ]);
      expect(await violationsOf(index.search({ facets: [{ field: 'nope', type: 'terms' }] }))).toEqual([
        expect.objectContaining({ field: 'facets[0].field' }),
      ]);
      expect(await violationsOf(index.search({ sort: [{ field: 'description', order: 'asc' }] }))).toEqual([
        expect.objectContaining({ field: 'sort[0].field' }),
      ]);
      expect(await violationsOf(index.search({ metrics: ['brand'] }))).toEqual([
        expect.objectContaining({ field: 'metrics[0]' }),
      ]);
      expect(await violationsOf(index.search({ distinct: ['brand', 'price'] }))).toEqual([
        expect.objectContaining({ field: 'distinct[1]' }),
      ]);
    });

    it('bounds page and hitsPerPage', async () => {
      const index = await harness.fresh(PRODUCT_SCHEMA, PRODUCTS);
      for (const hitsPerPage of [-1, 101, 2.5]) {
        expect(await violationsOf(index.search({ hitsPerPage }))).toEqual([
          expect.objectContaining({ field: 'hitsPerPage' }),
        ]);
      }
      expect(await violationsOf(index.search({ page: 0 }))).toEqual([expect.objectContaining({ field: 'page' })]);
      expect((await index.search({ hitsPerPage: 100 })).hits).toHaveLength(PRODUCTS.length);
    });

    it('answers hitsPerPage 0 with the total, facets and metrics but no hits', async () => {
      const index = await harness.fresh(PRODUCT_SCHEMA, PRODUCTS);
      const result = await index.search({
        text: 'samsung',
        hitsPerPage: 0,
        facets: [{ field: 'brand', type: 'terms' }],
        metrics: ['price'],
      });
      expect(result.hits).toEqual([]);
      expect(result.total).toBe(3);
      expect(result.facets.brand).toEqual([
        { value: 'Samsung', count: 2 },
        { value: 'Apple', count: 1 },
      ]);
      expect(result.metrics.price).toEqual({ min: 54900, max: 119900, avg: expect.any(Number) });
    });
  });
}
