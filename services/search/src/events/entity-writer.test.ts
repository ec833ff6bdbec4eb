import { openEmbeddedSearchIndex } from '@pc/embedded-search-index/embedded-search-index';
import type { SearchIndex } from '@pc/kit/ports/search-index';
import type { ProductRecord } from '../domain/product-record.js';
import { openSearchIndices, type SearchIndices } from '../store/search-indices.js';
import { EntityWriter } from './entity-writer.js';

const product = (id: string, categories: string[], changedAt = 1_000): ProductRecord => ({
  _id: id,
  version: 1,
  listed: true,
  slug: id,
  names: { en: id },
  brand: { id: 'b-acme', slug: 'acme', name: 'Acme', productsCount: 2 },
  categoryPath: categories.map((category) => ({ id: category, slug: category, name: category, productsCount: 1 })),
  gtins: [],
  displayGtin: '',
  mpn: '',
  imageUrl: '',
  rating: 0,
  ratingCount: 0,
  createdAt: 500,
  changedAt,
});

describe("a brand's categories", () => {
  let engine: SearchIndex;
  let indices: SearchIndices;

  beforeEach(async () => {
    engine = await openEmbeddedSearchIndex({ path: ':memory:' });
    indices = await openSearchIndices(engine);
    // Events over time: its products were in c-old and c-kept.
    await new EntityWriter(indices).writeProducts([product('p1', ['c-old']), product('p2', ['c-kept'])]);
  });
  afterEach(() => engine.close());

  it('only grow as events arrive', async () => {
    await new EntityWriter(indices).writeProducts([product('p1', ['c-new'])]);
    expect((await indices.brands.get('acme'))?.category_ids).toEqual(['c-kept', 'c-new', 'c-old']);
  });

  it('start over in a rebuild, which passes every product: those of its products now, its creation kept', async () => {
    const rebuild = EntityWriter.forRebuild(indices);
    await rebuild.writeProducts([product('p1', ['c-new'])]);
    await rebuild.writeProducts([product('p2', ['c-kept'])]);
    expect(await indices.brands.get('acme')).toMatchObject({ category_ids: ['c-kept', 'c-new'], created_at: 500 });
  });

  it('are emptied by a rebuild whose products of the brand have none', async () => {
    await EntityWriter.forRebuild(indices).writeProducts([product('p1', []), product('p2', [])]);
    expect((await indices.brands.get('acme'))?.category_ids).toEqual([]);
  });
});
