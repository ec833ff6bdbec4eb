import { status as GrpcStatus } from '@grpc/grpc-js';
import { UpdateBrandRequest } from '@pc/proto/catalog/v1/catalog';
import { CatalogAdminHarness, eventually, failure, UNKNOWN_ACTOR, type CatalogStore } from '../admin-harness.js';

/** UpdateBrand (staff panel "brands"). */
export function describeBrandUpdates(store: CatalogStore): void {
  describe(`UpdateBrand over gRPC (${store.name})`, () => {
    let h: CatalogAdminHarness;
    let brandId = '';
    const products: string[] = [];
    const update = (fields: Partial<UpdateBrandRequest>) =>
      h.client.updateBrand(
        UpdateBrandRequest.fromPartial({ brandId, actorUserId: h.adminId, language: 'en', ...fields }),
      );
    const bySlug = async (slug: string) => (await h.client.getBrand({ slug, brandId: '', language: 'en' })).brand;

    beforeAll(async () => {
      h = await CatalogAdminHarness.start(store);
      products.push(await h.product({ shopId: 'b1', title: 'Acme Tools cordless drill CD-18', brand: 'Acme Tools' }));
      products.push(await h.product({ shopId: 'b1', title: 'Acme Tools jigsaw JS-5', brand: 'Acme Tools' }));
      brandId = (await bySlug('acme-tools'))?.id ?? '';
    });
    afterAll(() => h.stop());

    it('renames a brand and moves its page; its products’ views and events follow', async () => {
      const before = await bySlug('acme-tools');
      const { brand } = await update({
        expectedVersion: before?.version ?? 0,
        name: 'ACME',
        slug: 'acme',
        homepageUrl: 'https://acme.example/',
        logoUrl: 'https://acme.example/logo.svg',
        descriptions: [
          { language: 'de', description: 'Werkzeuge seit 1949.' },
          { language: 'en', description: 'Tools since 1949.' },
        ],
        language: 'de',
      });
      expect(brand).toMatchObject({
        id: brandId,
        name: 'ACME',
        slug: 'acme',
        description: 'Werkzeuge seit 1949.',
        homepageUrl: 'https://acme.example/',
        productsCount: 2,
        version: (before?.version ?? 0) + 1,
      });
      expect((await failure(bySlug('acme-tools')))?.code).toBe(GrpcStatus.NOT_FOUND);
      expect((await bySlug('acme'))?.description).toBe('Tools since 1949.');
      for (const productId of products) {
        const event = await eventually(() => h.changesOf(productId).find((e) => e.changedFields.includes('brand')));
        expect(event.product?.brand).toMatchObject({ name: 'ACME', slug: 'acme' });
        expect(event.product?.slug).toMatch(/^acme-/);
        expect((await h.client.getProduct({ productId, language: 'en' })).product?.brand?.name).toBe('ACME');
      }
      expect(
        (
          await h.client.listBrands({ namePrefix: 'a', minProducts: 0, sort: 0, page: undefined, language: 'en' })
        ).brands.map((b) => b.name),
      ).toContain('ACME');
    });

    it('emits nothing for its products when only texts and links change', async () => {
      const events = h.changesOf(products[0]!).length;
      const { brand } = await update({ descriptions: [{ language: 'de', description: '' }], logoUrl: '' });
      expect(brand).toMatchObject({ description: 'Tools since 1949.', logoUrl: '' });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(h.changesOf(products[0]!)).toHaveLength(events);
    });

    it('refuses a taken slug, a stale version, bad fields, an unknown brand and non-admins', async () => {
      await h.product({ shopId: 'b2', title: 'Bosch GSR 12V drill', brand: 'Bosch' });
      const version = (await bySlug('acme'))?.version ?? 0;
      expect(await failure(update({ slug: 'bosch' }))).toMatchObject({
        code: GrpcStatus.ALREADY_EXISTS,
        reason: 'SLUG_TAKEN',
        violations: [expect.objectContaining({ field: 'slug', rule: 'unique' })],
      });
      expect(await failure(update({ expectedVersion: version + 5, name: 'Acme Corp' }))).toMatchObject({
        code: GrpcStatus.ABORTED,
        reason: 'VERSION_MISMATCH',
      });
      const bad = await failure(
        update({
          name: '',
          slug: 'Not A Slug',
          homepageUrl: 'acme.example',
          descriptions: [{ language: 'deutsch', description: 'x' }],
        }),
      );
      expect(bad?.code).toBe(GrpcStatus.INVALID_ARGUMENT);
      expect(bad?.violations?.map((v) => v.field).sort()).toEqual([
        'descriptions[0].language',
        'homepage_url',
        'name',
        'slug',
      ]);
      expect((await failure(update({ brandId: 'no-such-brand', name: 'X' })))?.code).toBe(GrpcStatus.NOT_FOUND);
      expect((await failure(update({ actorUserId: h.memberId, name: 'Mine' })))?.code).toBe(
        GrpcStatus.PERMISSION_DENIED,
      );
      expect((await failure(update({ actorUserId: UNKNOWN_ACTOR, name: 'Mine' })))?.code).toBe(
        GrpcStatus.UNAUTHENTICATED,
      );
      expect(await bySlug('acme')).toMatchObject({ name: 'ACME', version });
    });
  });
}
