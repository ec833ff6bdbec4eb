import { status as GrpcStatus } from '@grpc/grpc-js';
import { MatchMethod, UpdateProductRequest } from '@pc/proto/catalog/v1/catalog';
import { ProductStatus } from '@pc/proto/catalog/v1/types';
import { CatalogAdminHarness, eventually, failure, UNKNOWN_ACTOR, type CatalogStore } from '../admin-harness.js';
import { offer } from '../catalog-harness.js';
import { testGtin } from '../gtins.js';

const LANGUAGES = ['de', 'en', 'es', 'fr', 'it', 'pt'];
const gtin14 = (ean: string) => `0${ean}`;
/** A GTIN whose check digit is wrong. */
const badGtin = (ean: string) => `${ean.slice(0, 12)}${(Number(ean[12]) + 1) % 10}`;

/** UpdateProduct as staff use it from the product page's edit link (spec §2.7). */
export function describeProductUpdates(store: CatalogStore): void {
  describe(`UpdateProduct over gRPC (${store.name})`, () => {
    let h: CatalogAdminHarness;
    let coffee = '';
    const get = async (productId: string, language = 'en') =>
      (await h.client.getProduct({ productId, language })).product;
    const update = (fields: Partial<UpdateProductRequest>) =>
      h.client.updateProduct(
        UpdateProductRequest.fromPartial({ productId: coffee, actorUserId: h.adminId, language: 'en', ...fields }),
      );

    beforeAll(async () => {
      h = await CatalogAdminHarness.start(store);
      coffee = await h.product({
        shopId: 'pu',
        title: 'Jura E8 Coffee Machine',
        brand: 'Jura',
        gtin: testGtin(60, 1),
        categoryPath: 'Home > Coffee Machines',
      });
    });
    afterAll(() => h.stop());

    it('sets names and descriptions in six languages, features, the gallery, MPN and manufacturer, with one ProductChanged', async () => {
      const before = await get(coffee);
      const { product } = await update({
        expectedVersion: before?.version ?? 0,
        texts: LANGUAGES.map((language) => ({
          language,
          name: `Jura E8 (${language})`,
          description: `Automatic coffee machine (${language})`,
        })),
        mpn: '15400',
        manufacturer: 'JURA Elektroapparate AG',
        replaceFeatures: true,
        features: [
          { group: 'Power', name: 'Wattage', value: '1450 W' },
          { group: '', name: 'Water tank', value: '1.9 l' },
        ],
        replaceImages: true,
        images: [
          {
            id: '',
            name: 'front.jpg',
            src: 'https://img.example/e8/front.jpg',
            alt: 'Jura E8 front',
            width: 800,
            height: 600,
          },
        ],
        language: 'de',
      });
      expect(product).toMatchObject({
        name: 'Jura E8 (de)',
        description: 'Automatic coffee machine (de)',
        language: 'de',
        slug: 'jura-e8-en',
        mpn: '15400',
        manufacturer: 'JURA Elektroapparate AG',
        features: [
          { group: 'Power', name: 'Wattage', value: '1450 W' },
          { group: '', name: 'Water tank', value: '1.9 l' },
        ],
        images: [
          expect.objectContaining({
            name: 'front.jpg',
            src: 'https://img.example/e8/front.jpg',
            alt: 'Jura E8 front',
            width: 800,
            height: 600,
          }),
        ],
      });
      expect(product?.version).toBeGreaterThan(before?.version ?? 0);
      expect((await get(coffee))?.version).toBe(product?.version);
      expect((await get(coffee, 'it'))?.name).toBe('Jura E8 (it)');
      const change = await eventually(() =>
        h.changesOf(coffee).find((event) => event.version > (before?.version ?? 0)),
      );
      expect([...change.changedFields].sort()).toEqual([
        'description',
        'features',
        'images',
        'manufacturer',
        'mpn',
        'name',
        'slug',
      ]);
      expect(change.texts.map((text) => text.language)).toEqual(LANGUAGES);
      // The same edit again, at the version the answer gave: it changes nothing (no write, no event).
      const again = await update({
        expectedVersion: product?.version ?? 0,
        mpn: '15400',
        manufacturer: 'JURA Elektroapparate AG',
      });
      expect(again.product?.version).toBe(product?.version);
      expect(h.changesOf(coffee).filter((event) => event.version > (before?.version ?? 0))).toHaveLength(1);
    });

    it('moves the product to another brand and category; products counts and lists follow', async () => {
      const melitta = await get(
        await h.product({
          shopId: 'pu',
          title: 'Melitta Caffeo Solo',
          brand: 'Melitta',
          categoryPath: 'Home > Espresso',
        }),
      );
      const { product } = await update({ brandId: melitta?.brand?.id, categoryId: melitta?.category?.id });
      expect(product?.brand).toMatchObject({ slug: 'melitta', productsCount: 2 });
      expect(product?.breadcrumbs.map((c) => c.name)).toEqual(['Home', 'Espresso']);
      expect((await h.client.getBrand({ slug: 'jura', brandId: '', language: 'en' })).brand?.productsCount).toBe(0);
      const home = (
        await h.client.listCategories({ parentId: '', sort: 0, page: undefined, language: 'en' })
      ).categories.find((c) => c.name === 'Home');
      const children = (
        await h.client.listCategories({ parentId: home?.id ?? '', sort: 0, page: undefined, language: 'en' })
      ).categories;
      expect(Object.fromEntries(children.map((c) => [c.name, c.productsCount]))).toEqual({
        'Coffee Machines': 0,
        Espresso: 2,
      });
      expect(home?.productsCount).toBe(2);
      const listed = await h.client.listProducts({
        brandSlug: 'melitta',
        categoryId: '',
        includeDescendants: false,
        includeInactive: false,
        order: 0,
        page: undefined,
        language: 'en',
      });
      expect(listed.products.map((p) => p.id)).toContain(coffee);
    });

    it('replaces the GTINs: barcode lookups and offer matching follow, the old GTIN is free again', async () => {
      const { product } = await update({
        replaceGtins: true,
        gtins: [testGtin(60, 2), `${testGtin(60, 3).slice(0, 4)} ${testGtin(60, 3).slice(4)}`],
      });
      expect(product).toMatchObject({
        gtins: [gtin14(testGtin(60, 2)), gtin14(testGtin(60, 3))],
        displayGtin: testGtin(60, 2),
      });
      expect((await h.client.findProductsByGtin({ gtin: testGtin(60, 1), language: 'en' })).products).toEqual([]);
      expect(
        (await h.client.findProductsByGtin({ gtin: testGtin(60, 3), language: 'en' })).products.map((p) => p.id),
      ).toEqual([coffee]);
      expect(
        await h.client.matchProduct(offer({ shopId: 'pu2', title: 'Coffee maker', gtin: testGtin(60, 3) })),
      ).toMatchObject({ productId: coffee, method: MatchMethod.MATCH_METHOD_GTIN });
      const freed = await h.client.matchProduct(
        offer({ shopId: 'pu2', title: 'Some other machine', gtin: testGtin(60, 1) }),
      );
      expect(freed).toMatchObject({ method: MatchMethod.MATCH_METHOD_CREATED });
      // That GTIN belongs to the new product now: giving it back is refused (merge the two instead).
      const refused = await failure(update({ replaceGtins: true, gtins: [testGtin(60, 2), testGtin(60, 1)] }));
      expect(refused).toMatchObject({
        code: GrpcStatus.INVALID_ARGUMENT,
        violations: [expect.objectContaining({ field: 'gtins[1]', rule: 'unique' })],
      });
      expect((await get(coffee))?.gtins).toEqual([gtin14(testGtin(60, 2)), gtin14(testGtin(60, 3))]);
    });

    it('hides a product from every reader and shows it again', async () => {
      const { product } = await update({ status: ProductStatus.PRODUCT_STATUS_HIDDEN });
      expect(product?.status).toBe(ProductStatus.PRODUCT_STATUS_HIDDEN);
      expect((await failure(get(coffee)))?.code).toBe(GrpcStatus.NOT_FOUND);
      expect((await h.client.getBrand({ slug: 'melitta', brandId: '', language: 'en' })).brand?.productsCount).toBe(1);
      const hidden = await eventually(() =>
        h.changesOf(coffee).find((event) => event.product?.status === ProductStatus.PRODUCT_STATUS_HIDDEN),
      );
      expect(hidden.changedFields).toEqual(['status']);
      await update({ status: ProductStatus.PRODUCT_STATUS_ACTIVE });
      expect((await get(coffee))?.status).toBe(ProductStatus.PRODUCT_STATUS_ACTIVE);
      expect((await h.client.getBrand({ slug: 'melitta', brandId: '', language: 'en' })).brand?.productsCount).toBe(2);
    });

    it('lets admins edit; a call without a staff user or a signed-in non-admin is PERMISSION_DENIED, an unknown actor UNAUTHENTICATED', async () => {
      const version = (await get(coffee))?.version ?? 0;
      expect((await failure(update({ actorUserId: h.memberId, mpn: 'X1' })))?.code).toBe(GrpcStatus.PERMISSION_DENIED);
      expect((await failure(update({ actorUserId: UNKNOWN_ACTOR, mpn: 'X1' })))?.code).toBe(GrpcStatus.UNAUTHENTICATED);
      // No user: the caller (a user front) is never staff on its own.
      expect(await failure(update({ actorUserId: '', mpn: 'X1' }))).toMatchObject({
        code: GrpcStatus.PERMISSION_DENIED,
        reason: 'STAFF_ROLE_REQUIRED',
      });
      expect((await get(coffee))?.version).toBe(version);
      expect((await update({ mpn: '15400-INT' })).product?.mpn).toBe('15400-INT');
    });

    it('rejects bad input field by field and changes nothing', async () => {
      const before = await get(coffee);
      const refused = await failure(
        update({
          texts: [{ language: 'english', name: ' ', description: '' }],
          replaceGtins: true,
          gtins: [badGtin(testGtin(60, 9))],
          replaceImages: true,
          images: [{ id: '', name: '', src: 'ftp://img.example/x.jpg', alt: '', width: -1, height: 0 }],
          features: [{ group: '', name: 'Colour', value: 'red' }],
          status: ProductStatus.PRODUCT_STATUS_MERGED,
          mpn: 'M'.repeat(71),
        }),
      );
      expect(refused?.code).toBe(GrpcStatus.INVALID_ARGUMENT);
      expect(refused?.violations?.map((v) => v.field).sort()).toEqual(
        [
          'features',
          'gtins[0]',
          'images[0].src',
          'images[0].width',
          'mpn',
          'status',
          'texts[0].language',
          'texts[0].name',
        ].sort(),
      );
      expect(await get(coffee)).toEqual(before);
    });

    it('answers NOT_FOUND for an unknown product, brand or category', async () => {
      expect((await failure(update({ productId: 'nope' })))?.code).toBe(GrpcStatus.NOT_FOUND);
      expect((await failure(update({ brandId: 'no-brand' })))?.code).toBe(GrpcStatus.NOT_FOUND);
      expect((await failure(update({ categoryId: 'no-category' })))?.code).toBe(GrpcStatus.NOT_FOUND);
    });

    it('answers ABORTED for a stale expected version: of two edits of one version, one wins', async () => {
      const version = (await get(coffee))?.version ?? 0;
      expect(await failure(update({ expectedVersion: version - 1, mpn: 'stale' }))).toMatchObject({
        code: GrpcStatus.ABORTED,
        reason: 'VERSION_MISMATCH',
      });
      const results = await Promise.allSettled([
        update({ expectedVersion: version, mpn: 'left' }),
        update({ expectedVersion: version, mpn: 'right' }),
      ]);
      const won = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.product] : []));
      const lost = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as { code?: number }] : []));
      expect(won).toHaveLength(1);
      expect(lost.map((error) => error.code)).toEqual([GrpcStatus.ABORTED]);
      expect(await get(coffee)).toMatchObject({ mpn: won[0]?.mpn, version: won[0]?.version });
    });
  });
}
