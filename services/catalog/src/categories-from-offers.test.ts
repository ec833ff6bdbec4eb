import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { status as GrpcStatus } from '@grpc/grpc-js';
import { testDataDir, testDataMissing } from '@pc/kit/config/test-data';
import { MatchMethod } from '@pc/proto/catalog/v1/catalog';
import { newDataDir, offer, removeDataDir, startCatalog, type RunningCatalog } from './test-support/catalog-harness.js';

const testData = testDataDir();
const hasTaxonomy = !!testData && existsSync(join(testData, 'google-product-taxonomy', 'taxonomy-with-ids.en-US.txt'));
if (!hasTaxonomy) process.stderr.write(testDataMissing('google-product-taxonomy', 'catalog taxonomy tests'));
const describeWithTaxonomy = hasTaxonomy ? describe : describe.skip;

const ref = (name: string) => expect.objectContaining({ name });

describeWithTaxonomy('categories from Google product taxonomy ids', () => {
  let dataDir: string;
  let catalog: RunningCatalog;

  beforeAll(async () => {
    dataDir = newDataDir();
    catalog = await startCatalog(dataDir);
  });
  afterAll(async () => {
    await catalog.stop();
    removeDataDir(dataDir);
  });

  it('creates the category and its ancestors on first use, named in every language the taxonomy has', async () => {
    const phone = await catalog.client.matchProduct(
      offer({ title: 'Fairphone 5 256 GB', brand: 'Fairphone', googleProductCategoryId: 267 }),
    );
    const { product } = await catalog.client.getProduct({ productId: phone.productId, language: 'de' });
    expect(product?.breadcrumbs.map((c) => c.name)).toEqual([
      'Elektronik',
      'Kommunikationsgeräte',
      'Telefone',
      'Mobiltelefone',
    ]);
    expect(product?.category).toMatchObject({ name: 'Mobiltelefone', slug: 'mobiltelefone', productsCount: 1 });
    const leafId = product?.category?.id ?? '';
    const { category: fr } = await catalog.client.getCategory({ categoryId: leafId, language: 'fr' });
    expect(fr).toMatchObject({ name: 'Téléphones mobiles', googleProductCategoryId: 267, depth: 3, productsCount: 1 });
    expect(fr?.ancestors.map((a) => a.name)).toEqual(['Appareils électroniques', 'Communications', 'Téléphonie']);
    for (const [language, name] of [
      ['it', 'Telefoni cellulari'],
      ['es', 'Teléfonos móviles'],
      ['pt', 'Celulares'],
      ['en', 'Mobile Phones'],
    ]) {
      expect((await catalog.client.getCategory({ categoryId: leafId, language: language! })).category?.name).toBe(name);
    }
  });

  it('reuses the ancestors for a sibling id and counts products over the whole subtree', async () => {
    await catalog.client.matchProduct(
      offer({ title: 'Fairphone 5 protective case', brand: 'Fairphone', googleProductCategoryId: 264 }),
    );
    await catalog.client.matchProduct(
      offer({ title: 'Framework Laptop 13 DIY edition', brand: 'Framework', googleProductCategoryId: 328 }),
    );
    const { nodes } = await catalog.client.getCategoryTree({ rootId: '', maxDepth: 3, language: 'en' });
    expect(nodes.map((n) => n.category?.name)).toEqual(['Electronics']);
    const electronics = nodes[0]!;
    expect(electronics.category?.productsCount).toBe(3);
    expect(electronics.children.map((c) => [c.category?.name, c.category?.productsCount])).toEqual([
      ['Communications', 2],
      ['Computers', 1],
    ]);
    const telephony = electronics.children[0]?.children[0];
    expect(telephony?.children.map((c) => c.category?.name)).toEqual(['Mobile Phone Accessories', 'Mobile Phones']);
    // max_depth counts levels below the roots: 1 shows their children, not grandchildren.
    const shallow = await catalog.client.getCategoryTree({ rootId: '', maxDepth: 1, language: 'en' });
    expect(shallow.nodes[0]?.children.every((c) => c.children.length === 0)).toBe(true);
  });

  it('names an id newer than the translations in English, its older ancestors in every language', async () => {
    const detector = await catalog.client.matchProduct(
      offer({ title: 'Nest Protect smoke alarm', brand: 'Google', googleProductCategoryId: 1471 }),
    );
    const { product } = await catalog.client.getProduct({ productId: detector.productId, language: 'de' });
    expect(product?.breadcrumbs[0]).toMatchObject({ name: 'Heim & Garten' });
    expect(product?.category).toMatchObject({ name: 'Smoke Detectors' });
  });

  it('finds taxonomy categories from a category path in the same language, and falls back to the path for unknown ids', async () => {
    const german = await catalog.client.matchProduct(
      offer({
        title: 'Gigaset DECT Telefon',
        brand: 'Gigaset',
        language: 'de',
        categoryPath: 'Elektronik > Kommunikationsgeräte > Telefone',
      }),
    );
    const unknownId = await catalog.client.matchProduct(
      offer({
        title: 'Siemens Gigaset CL390',
        brand: 'Siemens',
        googleProductCategoryId: 987654321,
        categoryPath: 'Electronics > Communications > Telephony',
      }),
    );
    const telephonyOf = async (productId: string) =>
      (await catalog.client.getProduct({ productId, language: 'en' })).product?.category;
    expect(await telephonyOf(german.productId)).toMatchObject({ name: 'Telephony' });
    expect((await telephonyOf(unknownId.productId))?.id).toBe((await telephonyOf(german.productId))?.id);
    const { nodes } = await catalog.client.getCategoryTree({ rootId: '', maxDepth: 0, language: 'en' });
    expect(nodes).toHaveLength(2); // Electronics and Home & Garden: no duplicate roots
  });
});

describe('categories from category paths (no taxonomy on the machine), and product counts', () => {
  let dataDir: string;
  let emptyTestData: string;
  let catalog: RunningCatalog;
  const savedTestData = process.env.PC_TEST_DATA;

  beforeAll(async () => {
    dataDir = newDataDir();
    emptyTestData = mkdtempSync(join(tmpdir(), 'no-taxonomy-'));
    process.env.PC_TEST_DATA = emptyTestData;
    catalog = await startCatalog(dataDir);
  });
  afterAll(async () => {
    await catalog.stop();
    if (savedTestData === undefined) delete process.env.PC_TEST_DATA;
    else process.env.PC_TEST_DATA = savedTestData;
    removeDataDir(dataDir);
    rmSync(emptyTestData, { recursive: true, force: true });
  });

  it('creates a path by slug once and files later offers under it; taxonomy ids without the files fall back to the path', async () => {
    const first = await catalog.client.matchProduct(
      offer({
        title: 'Fiskars Solid spade',
        brand: 'Fiskars',
        categoryPath: 'Garden > Tools > Spades',
        googleProductCategoryId: 2147,
      }),
    );
    const second = await catalog.client.matchProduct(
      offer({ title: 'Gardena ClassicLine spade', brand: 'Gardena', categoryPath: ' garden >TOOLS> spades ' }),
    );
    const third = await catalog.client.matchProduct(
      offer({ title: 'Fiskars Xact pruning saw', brand: 'Fiskars', categoryPath: 'Garden > Tools' }),
    );
    const view = async (id: string) => (await catalog.client.getProduct({ productId: id, language: 'en' })).product;
    const [a, b, c] = await Promise.all([view(first.productId), view(second.productId), view(third.productId)]);
    expect(a?.breadcrumbs.map((x) => x.name)).toEqual(['Garden', 'Tools', 'Spades']);
    expect(b?.category?.id).toBe(a?.category?.id);
    expect(c?.category?.id).toBe(a?.breadcrumbs[1]?.id);
    const { category: tools } = await catalog.client.getCategory({ categoryId: c?.category?.id ?? '', language: 'en' });
    expect(tools).toMatchObject({ name: 'Tools', productsCount: 3, children: [ref('Spades')] });
    expect(tools?.children[0]?.productsCount).toBe(2);
    const { brand } = await catalog.client.getBrand({ slug: 'fiskars', brandId: '', language: 'en' });
    expect(brand?.productsCount).toBe(2);
  });

  it('files a product without a category once an offer says where it belongs, and recounts', async () => {
    const bare = offer({ title: 'Wolf-Garten lawn rake', brand: 'Wolf-Garten' });
    const created = await catalog.client.matchProduct(bare);
    expect(
      (await catalog.client.getProduct({ productId: created.productId, language: 'en' })).product?.category,
    ).toBeUndefined();
    const again = await catalog.client.matchProduct({ ...bare, categoryPath: 'Garden > Tools > Rakes' });
    expect(again.method).toBe(MatchMethod.MATCH_METHOD_EXISTING_LINK);
    const { product } = await catalog.client.getProduct({ productId: created.productId, language: 'en' });
    expect(product?.breadcrumbs.map((x) => [x.name, x.productsCount])).toEqual([
      ['Garden', 4],
      ['Tools', 4],
      ['Rakes', 1],
    ]);
  });

  it('lists a category with or without its descendants', async () => {
    const { categories: roots } = await catalog.client.listCategories({
      parentId: '',
      sort: 0,
      page: undefined,
      language: 'en',
    });
    const garden = roots.find((c) => c.name === 'Garden')!;
    const direct = await catalog.client.listProducts({
      brandSlug: '',
      categoryId: garden.id,
      includeDescendants: false,
      includeInactive: false,
      order: 0,
      page: undefined,
      language: 'en',
    });
    expect(direct.products).toEqual([]);
    const all = await catalog.client.listProducts({
      brandSlug: '',
      categoryId: garden.id,
      includeDescendants: true,
      includeInactive: false,
      order: 2,
      page: undefined,
      language: 'en',
    });
    expect(all.products.map((p) => p.name)).toEqual([
      'Fiskars Solid spade',
      'Fiskars Xact pruning saw',
      'Gardena ClassicLine spade',
      'Wolf-Garten lawn rake',
    ]);
    expect(all.page).toMatchObject({ total: 4, pages: 1 });
  });

  it('validates the tree request', async () => {
    await expect(catalog.client.getCategoryTree({ rootId: '', maxDepth: 7, language: 'en' })).rejects.toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
    });
    await expect(catalog.client.getCategoryTree({ rootId: 'nope', maxDepth: 1, language: 'en' })).rejects.toMatchObject(
      { code: GrpcStatus.NOT_FOUND },
    );
    await expect(
      catalog.client.listCategories({ parentId: 'nope', sort: 0, page: undefined, language: 'en' }),
    ).rejects.toMatchObject({ code: GrpcStatus.NOT_FOUND });
  });
});
