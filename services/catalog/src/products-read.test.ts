import { status as GrpcStatus } from '@grpc/grpc-js';
import { createServiceClient } from '@pc/kit/grpc/client';
import {
  CatalogServiceService,
  ProductOrder,
  type StreamProductsRequest,
  type StreamProductsResponse,
} from '@pc/proto/catalog/v1/catalog';
import { ProductStatus } from '@pc/proto/catalog/v1/types';
import type { ProductRecord } from './domain/product.js';
import { newDataDir, offer, removeDataDir, startCatalog, type RunningCatalog } from './test-support/catalog-harness.js';
import { testGtin } from './test-support/gtins.js';
import { startStaffAccounts, type StaffAccounts } from '../../accounts/src/test-support/staff-accounts.js';
import { editStoredDocument } from './test-support/stored-documents.js';
import { storeOperationsDuring } from '@pc/kit/testing/store-operations';

const list = (fields: Partial<Parameters<RunningCatalog['client']['listProducts']>[0]> = {}) => ({
  brandSlug: '',
  categoryId: '',
  includeDescendants: false,
  includeInactive: false,
  order: ProductOrder.PRODUCT_ORDER_UNSPECIFIED,
  page: undefined,
  language: 'en',
  ...fields,
});

/** Every message of a StreamProducts call, through the kit's client (which signs the call). */
async function streamAll(address: string, request: StreamProductsRequest): Promise<StreamProductsResponse[]> {
  const received: StreamProductsResponse[] = [];
  for await (const message of createServiceClient(CatalogServiceService, address).streamProducts(request))
    received.push(message);
  return received;
}

describe('product reads over gRPC: get, batch, list, similar, by GTIN, stream', () => {
  let dataDir: string;
  let catalog: RunningCatalog;
  // StreamProducts is a staff:infrastructure read (ADR 061): its reader is a staff user of a real accounts.
  let staff: StaffAccounts;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    dataDir = newDataDir();
    staff = await startStaffAccounts();
    catalog = await startCatalog(dataDir, { ACCOUNTS_GRPC_ADDR: staff.address });
    const { results } = await catalog.client.matchProducts({
      items: [
        offer({
          title: 'Bosch Professional GSR 18V-60 C drill',
          brand: 'Bosch',
          categoryPath: 'Tools > Drills',
          gtin: testGtin(10, 1),
        }),
        offer({ title: 'Makita DHP486Z combi drill', brand: 'Makita', categoryPath: 'Tools > Drills' }),
        offer({
          title: 'Bosch Professional GBH 18V-26 hammer drill',
          brand: 'Bosch',
          categoryPath: 'Tools > Hammer drills',
        }),
        offer({ title: 'Bosch PMF 250 CES multi-tool', brand: 'Bosch', categoryPath: 'Tools > Multi-tools' }),
        offer({ title: 'Metabo SB 18 LT drill', brand: 'Metabo', categoryPath: 'Tools > Drills' }),
        offer({
          title: 'Miele Complete C3 vacuum cleaner',
          brand: 'Miele',
          categoryPath: 'Household > Vacuums',
          gtin: testGtin(10, 2),
        }),
      ],
    });
    ['boschDrill', 'makitaDrill', 'boschHammer', 'boschMulti', 'metaboDrill', 'miele'].forEach((name, i) => {
      ids[name] = results[i]?.match?.productId ?? '';
    });
  });

  afterAll(async () => {
    await catalog.stop();
    await staff.stop();
    removeDataDir(dataDir);
  });

  it('GetProduct answers the product page shape, also for a "{slug}-p{id}" segment', async () => {
    const { product } = await catalog.client.getProduct({
      productId: `bosch-professional-gsr-18v-60-c-drill-p${ids.boschDrill}`,
      language: 'fr',
    });
    expect(product).toMatchObject({
      id: ids.boschDrill,
      slug: 'bosch-professional-gsr-18v-60-c-drill',
      name: 'Bosch Professional GSR 18V-60 C drill',
      language: 'en',
      brand: { slug: 'bosch', name: 'Bosch', productsCount: 3 },
      category: { name: 'Drills', productsCount: 3 },
      breadcrumbs: [
        expect.objectContaining({ name: 'Tools', productsCount: 5 }),
        expect.objectContaining({ name: 'Drills' }),
      ],
      gtins: [`0${testGtin(10, 1)}`],
      status: ProductStatus.PRODUCT_STATUS_ACTIVE,
      mergedIntoProductId: '',
      rating: undefined,
    });
    expect(product?.createdAt).toBeInstanceOf(Date);
    expect(product?.version).toBeGreaterThanOrEqual(1);
  });

  it('GetProduct: INVALID_ARGUMENT for an empty id or language, NOT_FOUND for unknown or hidden, MERGED as is', async () => {
    await expect(catalog.client.getProduct({ productId: ' ', language: 'en' })).rejects.toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
    });
    await expect(catalog.client.getProduct({ productId: ids.miele!, language: 'french' })).rejects.toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
    });
    await expect(catalog.client.getProduct({ productId: 'unknown', language: 'en' })).rejects.toMatchObject({
      code: GrpcStatus.NOT_FOUND,
    });
    const hidden = await catalog.client.matchProduct(offer({ title: 'Recalled kettle', brand: 'Acme' }));
    await editStoredDocument<ProductRecord>(dataDir, 'products', hidden.productId, (p) => ({ ...p, status: 'hidden' }));
    await expect(catalog.client.getProduct({ productId: hidden.productId, language: 'en' })).rejects.toMatchObject({
      code: GrpcStatus.NOT_FOUND,
    });
    const merged = await catalog.client.matchProduct(offer({ title: 'Duplicate Miele vacuum', brand: 'Miele' }));
    await editStoredDocument<ProductRecord>(dataDir, 'products', merged.productId, (p) => ({
      ...p,
      status: 'merged',
      mergedIntoProductId: ids.miele!,
    }));
    const { product } = await catalog.client.getProduct({ productId: merged.productId, language: 'en' });
    expect(product).toMatchObject({ status: ProductStatus.PRODUCT_STATUS_MERGED, mergedIntoProductId: ids.miele });

    const batch = await catalog.client.batchGetProducts({
      productIds: [ids.miele!, 'nope', hidden.productId, merged.productId, ids.miele!, ids.boschDrill!],
      language: 'en',
    });
    expect(batch.products.map((p) => p.id)).toEqual([ids.miele, merged.productId, ids.boschDrill]);
    expect(batch.missingIds).toEqual(['nope', hidden.productId]);
    await expect(
      catalog.client.batchGetProducts({ productIds: Array.from({ length: 101 }, (_, i) => `p${i}`), language: 'en' }),
    ).rejects.toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      violations: [expect.objectContaining({ field: 'product_ids' })],
    });
  });

  it('ListProducts filters by brand and category (with descendants), orders and pages', async () => {
    const bosch = await catalog.client.listProducts(
      list({ brandSlug: 'bosch', order: ProductOrder.PRODUCT_ORDER_NAME, page: { page: 1, hitsPerPage: 2 } }),
    );
    expect(bosch.products.map((p) => p.name)).toEqual([
      'Bosch PMF 250 CES multi-tool',
      'Bosch Professional GBH 18V-26 hammer drill',
    ]);
    expect(bosch.page).toMatchObject({ page: 1, hitsPerPage: 2, total: 3, pages: 2 });
    const page2 = await catalog.client.listProducts(
      list({ brandSlug: 'bosch', order: ProductOrder.PRODUCT_ORDER_NAME, page: { page: 2, hitsPerPage: 2 } }),
    );
    expect(page2.products.map((p) => p.id)).toEqual([ids.boschDrill]);
    const drills =
      (await catalog.client.getProduct({ productId: ids.makitaDrill!, language: 'en' })).product?.category?.id ?? '';
    const inDrills = await catalog.client.listProducts(
      list({ categoryId: drills, order: ProductOrder.PRODUCT_ORDER_NAME }),
    );
    expect(inDrills.products.map((p) => p.id)).toEqual([ids.boschDrill, ids.makitaDrill, ids.metaboDrill]);
    await expect(catalog.client.listProducts(list({ brandSlug: 'nobody' }))).rejects.toMatchObject({
      code: GrpcStatus.NOT_FOUND,
    });
    await expect(catalog.client.listProducts(list({ categoryId: 'nowhere' }))).rejects.toMatchObject({
      code: GrpcStatus.NOT_FOUND,
    });
    await expect(catalog.client.listProducts(list({ page: { page: 1, hitsPerPage: 101 } }))).rejects.toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
    });
    await expect(catalog.client.listProducts(list({ order: 42 as ProductOrder }))).rejects.toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
    });
  });

  it('ListProducts filters by the start of the name: case aside, with brand and category, every status for staff', async () => {
    const names = async (fields: Parameters<typeof list>[0]) =>
      (await catalog.client.listProducts(list({ order: ProductOrder.PRODUCT_ORDER_NAME, ...fields }))).products.map(
        (p) => p.name,
      );
    expect(await names({ namePrefix: '  BOSCH pro' })).toEqual([
      'Bosch Professional GBH 18V-26 hammer drill',
      'Bosch Professional GSR 18V-60 C drill',
    ]);
    // Only the start of the name: words inside it do not match.
    expect(await names({ namePrefix: 'drill' })).toEqual([]);
    // With the other filters: all must hold.
    const tools =
      (await catalog.client.getProduct({ productId: ids.makitaDrill!, language: 'en' })).product?.breadcrumbs[0]?.id ??
      '';
    expect(await names({ namePrefix: 'm', categoryId: tools, includeDescendants: true })).toEqual([
      'Makita DHP486Z combi drill',
      'Metabo SB 18 LT drill',
    ]);
    expect(await names({ namePrefix: 'bosch', brandSlug: 'makita' })).toEqual([]);
    // Paged and counted like any list; a blank prefix filters nothing.
    const page2 = await catalog.client.listProducts(
      list({ namePrefix: 'bosch', order: ProductOrder.PRODUCT_ORDER_NAME, page: { page: 2, hitsPerPage: 2 } }),
    );
    expect(page2.products.map((p) => p.id)).toEqual([ids.boschDrill]);
    expect(page2.page).toMatchObject({ page: 2, total: 3, pages: 2 });
    expect((await catalog.client.listProducts(list({ namePrefix: '  ' }))).page?.total).toBe(
      (await catalog.client.listProducts(list())).page?.total,
    );
    // A hidden product only in the staff's every-status list.
    const hidden = await catalog.client.matchProduct(offer({ title: 'Bosch recalled charger', brand: 'Bosch' }));
    await editStoredDocument<ProductRecord>(dataDir, 'products', hidden.productId, (p) => ({ ...p, status: 'hidden' }));
    expect(await names({ namePrefix: 'bosch r' })).toEqual([]);
    expect(await names({ namePrefix: 'bosch r', includeInactive: true })).toEqual(['Bosch recalled charger']);
    await expect(catalog.client.listProducts(list({ namePrefix: 'x'.repeat(201) }))).rejects.toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      violations: [expect.objectContaining({ field: 'name_prefix' })],
    });
  });

  it('GetSimilarProducts: same category first, then the brand; never the product itself', async () => {
    const { products } = await catalog.client.getSimilarProducts({
      productId: ids.boschDrill!,
      limit: 0,
      language: 'en',
    });
    const similar = products.map((p) => p.id);
    expect(similar).not.toContain(ids.boschDrill);
    expect(similar.slice(0, 2).sort()).toEqual([ids.makitaDrill, ids.metaboDrill].sort());
    expect(similar.slice(2, 4).sort()).toEqual([ids.boschHammer, ids.boschMulti].sort());
    expect(similar).not.toContain(ids.miele);
    const one = await catalog.client.getSimilarProducts({ productId: ids.boschDrill!, limit: 1, language: 'en' });
    expect(one.products).toHaveLength(1);
    await expect(
      catalog.client.getSimilarProducts({ productId: ids.boschDrill!, limit: 51, language: 'en' }),
    ).rejects.toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT });
    await expect(
      catalog.client.getSimilarProducts({ productId: 'nope', limit: 5, language: 'en' }),
    ).rejects.toMatchObject({ code: GrpcStatus.NOT_FOUND });
  });

  it('FindProductsByGtin normalises, verifies the check digit and answers an empty list for no match', async () => {
    const found = await catalog.client.findProductsByGtin({ gtin: `0${testGtin(10, 1)}`, language: 'en' });
    expect(found).toMatchObject({
      normalizedGtin: `0${testGtin(10, 1)}`,
      products: [expect.objectContaining({ id: ids.boschDrill })],
    });
    expect(await catalog.client.findProductsByGtin({ gtin: testGtin(10, 99), language: 'en' })).toEqual({
      normalizedGtin: `0${testGtin(10, 99)}`,
      products: [],
    });
    for (const bad of ['abc', '12345', testGtin(10, 1).slice(0, 12) + '0', '']) {
      if (bad === `${testGtin(10, 1).slice(0, 12)}0` && testGtin(10, 1).endsWith('0')) continue;
      await expect(catalog.client.findProductsByGtin({ gtin: bad, language: 'en' })).rejects.toMatchObject({
        code: GrpcStatus.INVALID_ARGUMENT,
      });
    }
  });

  it('FindProductsByGtin finds a hidden product only with include_inactive (the staff table)', async () => {
    const hidden = await catalog.client.matchProduct(
      offer({ title: 'Acme recalled toaster', brand: 'Acme', gtin: testGtin(10, 3) }),
    );
    await editStoredDocument<ProductRecord>(dataDir, 'products', hidden.productId, (p) => ({ ...p, status: 'hidden' }));
    expect((await catalog.client.findProductsByGtin({ gtin: testGtin(10, 3), language: 'en' })).products).toEqual([]);
    const found = await catalog.client.findProductsByGtin({
      gtin: testGtin(10, 3),
      language: 'en',
      includeInactive: true,
    });
    expect(found.products).toEqual([
      expect.objectContaining({ id: hidden.productId, status: ProductStatus.PRODUCT_STATUS_HIDDEN }),
    ]);
  });

  it('StreamProducts streams every change oldest first with all translations, from a time, resumably', async () => {
    const all = await streamAll(catalog.address, {
      updatedAfter: undefined,
      includeInactive: false,
      actorUserId: staff.staffUserId,
    });
    const times = all.map((m) => m.product?.updatedAt?.getTime() ?? 0);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(all.map((m) => m.product?.id)).toEqual(expect.arrayContaining(Object.values(ids)));
    expect(all.every((m) => m.product?.status === ProductStatus.PRODUCT_STATUS_ACTIVE)).toBe(true);
    const withInactive = await streamAll(catalog.address, {
      updatedAfter: undefined,
      includeInactive: true,
      actorUserId: staff.staffUserId,
    });
    expect(withInactive.length).toBeGreaterThan(all.length);

    const cut = new Date();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const german = await catalog.client.matchProduct(
      offer({
        shopId: 'de',
        language: 'de',
        title: 'Miele Complete C3 Staubsauger',
        brand: 'Miele',
        gtin: testGtin(10, 2),
      }),
    );
    expect(german.productId).toBe(ids.miele);
    const later = await streamAll(catalog.address, {
      updatedAfter: cut,
      includeInactive: false,
      actorUserId: staff.staffUserId,
    });
    expect(later.map((m) => m.product?.id)).toEqual([ids.miele]);
    expect(later[0]?.texts.map((t) => [t.language, t.name])).toEqual([
      ['de', 'Miele Complete C3 Staubsauger'],
      ['en', 'Miele Complete C3 vacuum cleaner'],
    ]);
    await expect(
      streamAll(catalog.address, {
        updatedAfter: new Date(Date.now() + 60_000),
        includeInactive: false,
        actorUserId: staff.staffUserId,
      }),
    ).resolves.toEqual([]);
  });

  it('GetProduct answers from three key reads, never a scan', async () => {
    // Its speed is bench:core's; what keeps it fast is that it reads by key only.
    const operations = await storeOperationsDuring(async () => {
      for (let i = 0; i < 20; i += 1) await catalog.client.getProduct({ productId: ids.boschDrill!, language: 'de' });
    });
    const productReads = [...operations].filter(([key]) => key.startsWith('products.'));
    expect(productReads).toEqual([['products.get', 20]]);
    expect(operations.get('brands.getMany')).toBe(20);
    expect(operations.get('categories.getMany')).toBe(20);
    // The staff job queue polls its own collection in the background; the read itself scans nothing.
    const scans = [...operations.keys()].filter((key) => /\.(find|findIds|count)$/.test(key));
    expect(scans.filter((key) => !key.startsWith('jobs.'))).toEqual([]);
  });
});
