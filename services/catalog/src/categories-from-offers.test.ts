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

describe('categories keyed by the built-in taxonomy (no Google files on the machine), and product counts', () => {
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

  it('files offers by their Google category id or localized path under one category named in every language', async () => {
    const english = await catalog.client.matchProduct(
      offer({ title: 'Husqvarna LC 140 lawn mower', brand: 'Husqvarna', googleProductCategoryId: 694 }),
    );
    const german = await catalog.client.matchProduct(
      offer({
        title: 'Bosch Rotak 32 Rasenmäher',
        brand: 'Bosch',
        language: 'de',
        googleProductCategoryId: 694,
        categoryPath: 'Haus & Garten > Rasenmäher',
      }),
    );
    // A page or feed that names the category only by its path in its own language.
    const byPath = await catalog.client.matchProduct(
      offer({
        title: 'Einhell GE-CM 36 Akku-Rasenmäher',
        brand: 'Einhell',
        language: 'de',
        categoryPath: ' haus & garten >RASENMÄHER ',
      }),
    );
    const view = async (id: string, language: string) =>
      (await catalog.client.getProduct({ productId: id, language })).product;
    const mower = await view(english.productId, 'en');
    expect(mower?.breadcrumbs.map((x) => x.name)).toEqual(['Home & Garden', 'Lawn Mowers']);
    expect((await view(german.productId, 'en'))?.category?.id).toBe(mower?.category?.id);
    expect((await view(byPath.productId, 'en'))?.category?.id).toBe(mower?.category?.id);
    expect((await view(english.productId, 'de'))?.breadcrumbs.map((x) => x.name)).toEqual([
      'Haus & Garten',
      'Rasenmäher',
    ]);
    const { category: fr } = await catalog.client.getCategory({
      categoryId: mower?.category?.id ?? '',
      language: 'fr',
    });
    expect(fr).toMatchObject({ name: 'Tondeuses', googleProductCategoryId: 694, productsCount: 3 });
    for (const language of ['en', 'de']) {
      const { nodes } = await catalog.client.getCategoryTree({ rootId: '', maxDepth: 2, language });
      expect(nodes).toHaveLength(1); // one tree, not one per language
      expect(nodes[0]?.children).toHaveLength(1);
    }
    const { brand } = await catalog.client.getBrand({ slug: 'bosch', brandId: '', language: 'en' });
    expect(brand?.productsCount).toBe(1);
  });

  it('leaves a product uncategorised while its offers name no category (a page) or only an unknown id, and files it once one does', async () => {
    const bare = offer({ title: 'Makita DHP482 cordless drill', brand: 'Makita' });
    const created = await catalog.client.matchProduct(bare);
    const categoryOf = async () =>
      (await catalog.client.getProduct({ productId: created.productId, language: 'en' })).product;
    expect((await categoryOf())?.category).toBeUndefined();
    await catalog.client.matchProduct({ ...bare, googleProductCategoryId: 987654321 });
    expect((await categoryOf())?.category).toBeUndefined();
    const { nodes } = await catalog.client.getCategoryTree({ rootId: '', maxDepth: 0, language: 'en' });
    expect(nodes.map((n) => n.category?.name)).toEqual(['Home & Garden']);
    const again = await catalog.client.matchProduct({ ...bare, googleProductCategoryId: 1217 });
    expect(again.method).toBe(MatchMethod.MATCH_METHOD_EXISTING_LINK);
    expect((await categoryOf())?.breadcrumbs.map((x) => [x.name, x.productsCount])).toEqual([
      ['Hardware', 1],
      ['Drills', 1],
    ]);
  });

  it('lists a category with or without its descendants', async () => {
    const { categories: roots } = await catalog.client.listCategories({
      parentId: '',
      sort: 0,
      page: undefined,
      language: 'en',
    });
    const garden = roots.find((c) => c.name === 'Home & Garden')!;
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
      'Bosch Rotak 32 Rasenmäher',
      'Einhell GE-CM 36 Akku-Rasenmäher',
      'Husqvarna LC 140 lawn mower',
    ]);
    expect(all.page).toMatchObject({ total: 3, pages: 1 });
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
