import { openEmbeddedSearchIndex } from '@pc/embedded-search-index/embedded-search-index';
import type { SearchIndex } from '@pc/kit/ports/search-index';
import type { ProductRecord } from '../domain/product-record.js';
import type { ShopRecord } from '../domain/shop-record.js';
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

describe('the clicks of brands, categories and shops (clicks_30d)', () => {
  let engine: SearchIndex;
  let indices: SearchIndices;
  let counted: Map<string, number>;
  const clicksOf = async (keys: readonly string[]) =>
    new Map(keys.flatMap((key) => (counted.has(key) ? [[key, counted.get(key) ?? 0] as const] : [])));
  const shop = (id: string, listed = true): ShopRecord => ({
    ...({} as ShopRecord),
    _id: id,
    name: id,
    domain: `${id}.example`,
    countries: ['CH'],
    listed,
    deleted: false,
    offersCount: 1,
    faviconUrl: '',
    registeredAt: 0,
  });
  const clicks = async () => ({
    brand: (await indices.brands.get('acme'))?.clicks_30d,
    category: (await indices.categories.get('c-1'))?.clicks_30d,
    shop: (await indices.shops.get('s-1'))?.clicks_30d,
  });

  beforeEach(async () => {
    engine = await openEmbeddedSearchIndex({ path: ':memory:' });
    indices = await openSearchIndices(engine);
    counted = new Map([
      ['brand:acme', 5],
      ['category:c-1', 3],
      ['shop:s-1', 2],
    ]);
  });
  afterEach(() => engine.close());

  it('are what the counts hold whenever an event or a rebuild writes the documents', async () => {
    const writer = new EntityWriter(indices, { clicksOf });
    await writer.writeProducts([product('p1', ['c-1'])]);
    await writer.writeShops([shop('s-1')]);
    expect(await clicks()).toEqual({ brand: 5, category: 3, shop: 2 });
    // A change of the brand's document (a new category) writes it with its clicks now.
    counted.set('brand:acme', 6);
    await writer.writeProducts([product('p2', ['c-2'], 2_000)]);
    expect((await clicks()).brand).toBe(6);
    counted = new Map();
    await writer.forRebuild().writeProducts([product('p1', ['c-1'], 3_000)]);
    expect((await clicks()).brand).toBeUndefined();
  });

  it('are set in the documents held, and left out at zero; entities without a document are skipped', async () => {
    const writer = new EntityWriter(indices);
    await writer.writeProducts([product('p1', ['c-1'])]);
    await writer.writeShops([shop('s-1'), shop('s-hidden', false)]);
    await writer.writePopularity(
      new Map([
        ['brand:acme', 9],
        ['category:c-1', 4],
        ['shop:s-1', 1],
        ['shop:s-hidden', 3],
        ['brand:unknown', 2],
      ]),
    );
    expect(await clicks()).toEqual({ brand: 9, category: 4, shop: 1 });
    expect(await indices.shops.get('s-hidden')).toBeNull();
    expect(await indices.brands.get('unknown')).toBeNull();
    // A later product event keeps them (the document held is the one written with them).
    await writer.writeProducts([product('p2', ['c-1'], 2_000)]);
    expect(await clicks()).toEqual({ brand: 9, category: 4, shop: 1 });
    await writer.writePopularity(new Map([['brand:acme', 0]]));
    expect(await indices.brands.get('acme')).not.toHaveProperty('clicks_30d');
  });
});
