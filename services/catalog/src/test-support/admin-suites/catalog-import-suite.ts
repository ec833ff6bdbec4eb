import { ImportDriver } from '@pc/jobs/testing/import-driver';
import { createServiceClient } from '@pc/kit/grpc/client';
import { CreateCategoryRequest } from '@pc/proto/catalog/v1/catalog';
import { AuditServiceService } from '@pc/proto/staff/v1/audit';
import { CatalogAdminHarness, type CatalogStore } from '../admin-harness.js';

/**
 * Staff imports of products and categories (ADR 055, ADR 061): the dry run reports bad rows by
 * row and column and writes nothing; a clean file is applied only once confirmed, as a job of the
 * catalog, through the same writers as the shopping panel (events, audit); running a file again
 * changes nothing (products) or reports each row as existing (new categories).
 */
export function describeCatalogImports(store: CatalogStore): void {
  describe(`catalog imports of products and categories (${store.name})`, () => {
    let h: CatalogAdminHarness;
    let driver: ImportDriver;
    let audit: ReturnType<typeof createServiceClient<typeof AuditServiceService>>;
    let kettle = '';
    let toaster = '';
    const product = async (productId: string, language = 'en') =>
      (await h.client.getProduct({ productId, language })).product!;
    const audited = async (action: string) =>
      (
        await audit.listAuditEntries({
          actorUserId: h.adminId,
          panel: 'shopping',
          entityType: '',
          entityId: '',
          byUserId: '',
          action,
          page: undefined,
        })
      ).entries;

    beforeAll(async () => {
      h = await CatalogAdminHarness.start(store);
      driver = new ImportDriver(h.catalog.address);
      audit = createServiceClient(AuditServiceService, h.catalog.address, { deadlineMs: 20_000 });
      kettle = await h.product({ shopId: 'sr', title: 'Bosch TWK3A011 kettle', brand: 'Bosch' });
      toaster = await h.product({ shopId: 'sr', title: 'Bosch TAT3A011 toaster', brand: 'Bosch' });
    });
    afterAll(() => h.stop());

    it('reports bad product rows by row and column in the dry run and writes nothing', async () => {
      const before = await product(kettle);
      const report = await driver.check(h.adminId, 'products', [
        { id: kettle, name: 'Bosch kettle', images: 'https://img.example.test/k1.jpg ftp://img.example.test/k2.jpg' },
        { id: toaster, gtins: '4006381333931 123', status: 'archived' },
        { id: 'p_missing', name: 'Ghost' },
        { id: kettle, attributes: 'Capacity: 1.7 l | no value here' },
      ]);
      expect(report).toMatchObject({ rows: 4, validRows: 0, importId: '' });
      expect(report.violations.map((v) => [v.row, v.field])).toEqual([
        [1, 'images'],
        [2, 'gtins'],
        [2, 'status'],
        [3, ''],
        [4, 'attributes'],
      ]);
      expect(report.violations[0]?.reason).toContain('http(s)');
      expect(report.violations[3]?.reason).toContain('p_missing');
      expect(await product(kettle)).toMatchObject({
        name: before.name,
        version: before.version,
        images: before.images,
      });
      expect(await audited('product.import')).toEqual([]);
    });

    it('applies a clean product file as a job, audits each row, and a second run changes nothing', async () => {
      const rows = [
        {
          id: kettle,
          name: 'Bosch TWK3A011 kettle 1.7 l',
          images: 'https://img.example.test/kettle-front.jpg https://img.example.test/kettle-side.jpg',
          attributes: 'Capacity: 1.7 l | Power / Wattage: 2400 W',
          mpn: 'TWK3A011',
        },
        { id: toaster, language: 'de', name: 'Bosch TAT3A011 Toaster', description: 'Zwei Schlitze.' },
      ];
      const { report, job } = await driver.run(h.adminId, 'products', rows);
      expect(report).toMatchObject({ rows: 2, validRows: 2, violations: [] });
      expect(job?.state).toBe('succeeded');
      expect(JSON.parse(job?.resultJson ?? '{}')).toMatchObject({ entity: 'products', rows: 2, applied: 2, failed: 0 });

      const edited = await product(kettle);
      expect(edited).toMatchObject({ name: 'Bosch TWK3A011 kettle 1.7 l', mpn: 'TWK3A011' });
      expect(edited.images.map((image) => image.src)).toEqual([
        'https://img.example.test/kettle-front.jpg',
        'https://img.example.test/kettle-side.jpg',
      ]);
      expect(edited.features).toEqual([
        { group: '', name: 'Capacity', value: '1.7 l' },
        { group: '', name: 'Power / Wattage', value: '2400 W' },
      ]);
      expect(await product(toaster, 'de')).toMatchObject({
        name: 'Bosch TAT3A011 Toaster',
        description: 'Zwei Schlitze.',
      });
      const entries = await audited('product.import');
      expect(entries.map((entry) => entry.entityId).sort()).toEqual([kettle, toaster].sort());
      expect(entries.every((entry) => entry.actorUserId === h.adminId)).toBe(true);

      // The same file again: every row valid, applied, and nothing changes (no new version).
      const again = await driver.run(h.adminId, 'products', rows);
      expect(again.job?.state).toBe('succeeded');
      expect((await product(kettle)).version).toBe(edited.version);
      // An empty CSV cell leaves a list as it is; [] in JSON Lines empties it.
      await driver.run(h.adminId, 'products', [{ id: kettle, images: '', attributes: '', gtins: '' }]);
      expect((await product(kettle)).images).toHaveLength(2);
      await driver.run(h.adminId, 'products', [{ id: kettle, attributes: [] }]);
      expect((await product(kettle)).features).toEqual([]);
    });

    it('creates and changes categories; a second run of the file reports the new ones as existing', async () => {
      const { category: home } = await h.client.createCategory(
        CreateCategoryRequest.fromPartial({
          actorUserId: h.adminId,
          translations: [{ language: 'en', name: 'Household appliances', description: '' }],
          language: 'en',
        }),
      );
      const rows = [
        { parent_id: home?.id, name: 'Kettles', description: 'Electric kettles.' },
        { parent_id: home?.id, name: 'Toasters', position: '2' },
        { id: home?.id, language: 'de', name: 'Haushaltsgeräte' },
      ];
      const bad = await driver.check(h.adminId, 'categories', [
        { parent_id: 'c_missing', name: 'Orphans' },
        { parent_id: home?.id, language: 'de', name: 'Wasserkocher' },
        { name: '' },
      ]);
      expect(bad.violations.map((v) => [v.row, v.field])).toEqual([
        [1, ''],
        [2, 'name'],
        [3, 'name'],
      ]);

      const { job } = await driver.run(h.adminId, 'categories', rows);
      expect(job?.state).toBe('succeeded');
      const children = await h.client.listCategories({
        parentId: home?.id ?? '',
        sort: 0,
        page: { page: 1, hitsPerPage: 10 },
        language: 'en',
      });
      expect(children.categories.map((category) => category.name).sort()).toEqual(['Kettles', 'Toasters']);
      const german = await h.client.getCategory({ categoryId: home?.id ?? '', language: 'de' });
      expect(german.category?.name).toBe('Haushaltsgeräte');
      expect((await audited('category.import')).length).toBe(3);

      const again = await driver.check(h.adminId, 'categories', rows);
      expect(again).toMatchObject({ rows: 3, validRows: 1, importId: '' });
      expect(again.violations.map((v) => [v.row, v.field])).toEqual([
        [1, 'name'],
        [2, 'name'],
      ]);
      expect(again.violations[0]?.reason).toContain('exists under this parent');
    });
  });
}
