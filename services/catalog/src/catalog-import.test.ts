import { setTimeout as sleep } from 'node:timers/promises';
import { status as GrpcStatus } from '@grpc/grpc-js';
import { DataImportServiceService } from '@pc/proto/staff/v1/data_import';
import { JobsServiceService } from '@pc/proto/staff/v1/jobs';
import { createServiceClient } from '@pc/kit/grpc/client';
import { CatalogAdminHarness, EMBEDDED_STORE, failure } from './test-support/admin-harness.js';

/**
 * Staff imports of brands (ADR 055): the dry run reports every bad field by row and writes
 * nothing; a clean upload is applied only once confirmed, as a durable job of the catalog.
 */
describe('catalog imports: dry run, row-level report, the import as a job', () => {
  let h: CatalogAdminHarness;
  let imports: ReturnType<typeof createServiceClient<typeof DataImportServiceService>>;
  let jobs: ReturnType<typeof createServiceClient<typeof JobsServiceService>>;
  let brandId = '';
  const brandName = async () => (await h.client.getBrand({ brandId, slug: '', language: 'en' })).brand?.name;
  const rows = (...values: object[]) => values.map((value) => JSON.stringify(value));

  beforeAll(async () => {
    h = await CatalogAdminHarness.start(EMBEDDED_STORE);
    imports = createServiceClient(DataImportServiceService, h.catalog.address, { deadlineMs: 20_000 });
    jobs = createServiceClient(JobsServiceService, h.catalog.address, { deadlineMs: 20_000 });
    const productId = await h.product({ shopId: 'sr', title: 'Sage Barista Express espresso machine', brand: 'Sage' });
    brandId = (await h.client.getProduct({ productId, language: 'en' })).product?.brand?.id ?? '';
  });
  afterAll(() => h.stop());

  it('reports each bad field by row and writes nothing, not even the good rows', async () => {
    const report = await imports.checkImport({
      actorUserId: h.adminId,
      entity: 'brands',
      rowsJson: [
        ...rows(
          { id: brandId, name: 'Sage Appliances' },
          { id: brandId, slug: 'Not A Slug' },
          { id: 'b_missing', name: 'Ghost' },
        ),
        'not json',
      ],
    });
    expect(report).toMatchObject({ rows: 4, validRows: 1, importId: '' });
    expect(report.violations.map((v) => [v.row, v.field])).toEqual([
      [2, 'slug'],
      [3, ''],
      [4, ''],
    ]);
    expect(report.violations[1]?.reason).toContain('b_missing');
    expect(await brandName()).toBe('Sage');
  });

  it('refuses unknown entities and callers without the role', async () => {
    expect(
      await failure(imports.checkImport({ actorUserId: h.adminId, entity: 'planets', rowsJson: rows({ id: 'x' }) })),
    ).toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT });
    expect(
      await failure(
        imports.checkImport({ actorUserId: h.memberId, entity: 'brands', rowsJson: rows({ id: brandId }) }),
      ),
    ).toMatchObject({ code: GrpcStatus.PERMISSION_DENIED });
  });

  it('applies a clean upload only when confirmed, as a job that ends succeeded', async () => {
    const report = await imports.checkImport({
      actorUserId: h.adminId,
      entity: 'brands',
      rowsJson: rows({ id: brandId, name: 'Sage Appliances', homepage_url: 'https://www.sageappliances.com/' }),
    });
    expect(report).toMatchObject({ rows: 1, validRows: 1, violations: [] });
    expect(report.importId).not.toBe('');
    expect(await brandName()).toBe('Sage');

    const { jobId } = await imports.confirmImport({ actorUserId: h.adminId, importId: report.importId });
    let state = '';
    while (state !== 'succeeded') {
      await sleep(20);
      state = (await jobs.getJob({ actorUserId: h.adminId, jobId })).job?.state ?? '';
      expect(['queued', 'running', 'succeeded']).toContain(state);
    }
    expect(await brandName()).toBe('Sage Appliances');
    const { job } = await jobs.getJob({ actorUserId: h.adminId, jobId });
    expect(JSON.parse(job?.resultJson ?? '{}')).toMatchObject({ entity: 'brands', rows: 1, applied: 1, failed: 0 });
    expect(await failure(imports.confirmImport({ actorUserId: h.adminId, importId: report.importId }))).toMatchObject({
      code: GrpcStatus.FAILED_PRECONDITION,
    });
  });
});
