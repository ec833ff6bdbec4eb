import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { status as GrpcStatus } from '@grpc/grpc-js';
import { CatalogServiceService } from '@pc/proto/catalog/v1/catalog';
import { EntitySort } from '@pc/proto/common/v1/sort';
import { loadConfig } from '@pc/kit/config/load-config';
import { closeAllChannels } from '@pc/kit/grpc/channel-pool';
import { createServiceClient, type ServiceClient } from '@pc/kit/grpc/client';
import { createGrpcServer, type GrpcServer } from '@pc/kit/grpc/server';
import { openEmbeddedDocumentStore } from '@pc/sqlite-document-store/embedded-document-store';
import type { ServiceApp } from '@pc/kit/service/service-app';
import { pino } from 'pino';
import { buildCatalogApp } from './app.js';
import { catalogConfigSchema } from './config.js';
import type { BrandRecord } from './domain/brand.js';
import type { CategoryRecord } from './domain/category.js';

const now = '2026-11-01T00:00:00.000Z';
const category = (
  id: string,
  parentId: string,
  ancestorIds: string[],
  position: number,
  en: string,
  de?: string,
): CategoryRecord => ({
  _id: id,
  parentId,
  ancestorIds,
  position,
  texts: {
    en: { name: en, slug: en.toLowerCase(), description: '' },
    ...(de ? { de: { name: de, slug: de.toLowerCase(), description: '' } } : {}),
  },
  productsCount: 10 * position,
  imageUrl: '',
  googleProductCategoryId: 0,
  createdAt: now,
  updatedAt: now,
});
const brand = (slug: string, name: string, productsCount: number): BrandRecord => ({
  _id: `b-${slug}`,
  slug,
  name,
  key: slug,
  sortName: name.toLowerCase(),
  descriptions: {},
  logoUrl: '',
  homepageUrl: '',
  productsCount,
  createdAt: now,
  updatedAt: now,
});

describe('catalog service (app.ts over gRPC, embedded store)', () => {
  let dataDir: string;
  let app: ServiceApp;
  let server: GrpcServer;
  let catalog: ServiceClient<typeof CatalogServiceService>;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'catalog-'));
    // Categories and brands as offers' matching would have made them (admin writes come with issue 6).
    const store = await openEmbeddedDocumentStore({ path: join(dataDir, 'catalog', 'documents.sqlite') });
    const categories = await store.collection<CategoryRecord>({ name: 'categories' });
    await categories.bulkPut([
      category('electronics', '', [], 2, 'Electronics', 'Elektronik'),
      category('garden', '', [], 1, 'Garden'),
      category('phones', 'electronics', ['electronics'], 1, 'Phones', 'Telefone'),
      category('smartphones', 'phones', ['electronics', 'phones'], 1, 'Smartphones'),
    ]);
    const brands = await store.collection<BrandRecord>({ name: 'brands' });
    await brands.bulkPut([
      brand('apple', 'Apple', 120),
      brand('asus', 'ASUS', 80),
      brand('3m', '3M', 5),
      brand('bosch', 'Bosch', 300),
    ]);
    await store.close();

    const config = loadConfig(catalogConfigSchema, { GRPC_PORT: '0', OPS_PORT: '0', DATA_DIR: dataDir });
    app = await buildCatalogApp({ config, logger: pino({ level: 'silent' }) });
    server = createGrpcServer({ services: app.services, logger: pino({ level: 'silent' }) });
    catalog = createServiceClient(CatalogServiceService, `127.0.0.1:${await server.listen('127.0.0.1', 0)}`);
  });

  afterAll(async () => {
    closeAllChannels();
    await server.shutdown();
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lists root categories in editorial order, in the asked language with English fallback', async () => {
    const response = await catalog.listCategories({
      parentId: '',
      sort: EntitySort.ENTITY_SORT_UNSPECIFIED,
      page: undefined,
      language: 'de',
    });
    expect(response.categories.map((c) => c.name)).toEqual(['Garden', 'Elektronik']);
    expect(response.page).toMatchObject({ page: 1, hitsPerPage: 24, total: 2, pages: 1 });
  });

  it('sorts by product count and pages through children', async () => {
    const bySize = await catalog.listCategories({
      parentId: '',
      sort: EntitySort.ENTITY_SORT_PRODUCT_COUNT,
      page: { page: 1, hitsPerPage: 1 },
      language: 'en',
    });
    expect(bySize.categories.map((c) => c.id)).toEqual(['electronics']);
    expect(bySize.page).toMatchObject({ total: 2, pages: 2 });
  });

  it('returns a category with its breadcrumb ancestors and children', async () => {
    const { category: phones } = await catalog.getCategory({ categoryId: 'phones', language: 'de' });
    expect(phones).toMatchObject({ id: 'phones', name: 'Telefone', depth: 1, parentId: 'electronics' });
    expect(phones?.ancestors.map((a) => a.name)).toEqual(['Elektronik']);
    expect(phones?.children.map((c) => c.id)).toEqual(['smartphones']);
  });

  it('answers NOT_FOUND for an unknown category and INVALID_ARGUMENT for bad input', async () => {
    await expect(catalog.getCategory({ categoryId: 'nope', language: 'en' })).rejects.toMatchObject({
      code: GrpcStatus.NOT_FOUND,
    });
    await expect(catalog.getCategory({ categoryId: '', language: 'en' })).rejects.toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      violations: [expect.objectContaining({ field: 'category_id' })],
    });
    await expect(
      catalog.listCategories({ parentId: '', sort: 0, page: undefined, language: 'german' }),
    ).rejects.toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      violations: [expect.objectContaining({ field: 'language' })],
    });
  });

  it('lists brands by name prefix (case-insensitive), by digits, and by popularity', async () => {
    const a = await catalog.listBrands({
      namePrefix: 'A',
      minProducts: 0,
      sort: EntitySort.ENTITY_SORT_NAME,
      page: undefined,
      language: 'en',
    });
    expect(a.brands.map((b) => b.name)).toEqual(['Apple', 'ASUS']);
    const digits = await catalog.listBrands({
      namePrefix: '#',
      minProducts: 0,
      sort: 0,
      page: undefined,
      language: 'en',
    });
    expect(digits.brands.map((b) => b.slug)).toEqual(['3m']);
    const popular = await catalog.listBrands({
      namePrefix: '',
      minProducts: 100,
      sort: EntitySort.ENTITY_SORT_PRODUCT_COUNT,
      page: undefined,
      language: 'en',
    });
    expect(popular.brands.map((b) => b.slug)).toEqual(['bosch', 'apple']);
  });

  it('finds a brand by slug or id', async () => {
    expect((await catalog.getBrand({ slug: 'bosch', brandId: '', language: 'en' })).brand?.productsCount).toBe(300);
    expect((await catalog.getBrand({ slug: '', brandId: 'b-apple', language: 'en' })).brand?.slug).toBe('apple');
    await expect(catalog.getBrand({ slug: 'nokia', brandId: '', language: 'en' })).rejects.toMatchObject({
      code: GrpcStatus.NOT_FOUND,
    });
  });
});
