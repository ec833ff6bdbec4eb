import { status as GrpcStatus } from '@grpc/grpc-js';
import { CreateCategoryRequest } from '@pc/proto/catalog/v1/catalog';
import { AuditServiceService, ListAuditEntriesRequest } from '@pc/proto/staff/v1/audit';
import { createServiceClient } from '@pc/kit/grpc/client';
import { CatalogAdminHarness, EMBEDDED_STORE } from './test-support/admin-harness.js';

/** DeleteCategory: only an empty category, only by staff:shopping, at the version seen; audited. */
describe('DeleteCategory over gRPC (embedded store)', () => {
  let h: CatalogAdminHarness;
  const create = async (name: string, parentId = '', googleProductCategoryId = 0) =>
    (
      await h.client.createCategory(
        CreateCategoryRequest.fromPartial({
          actorUserId: h.adminId,
          parentId,
          translations: [{ language: 'en', name }],
          googleProductCategoryId,
          language: 'en',
        }),
      )
    ).category!;
  const remove = (categoryId: string, actorUserId = h.adminId, expectedVersion = 0) =>
    h.client.deleteCategory({ categoryId, actorUserId, expectedVersion });
  const exists = async (categoryId: string) =>
    h.client.getCategory({ categoryId, language: 'en' }).then(
      () => true,
      (error: { code?: number }) => (error.code === GrpcStatus.NOT_FOUND ? false : Promise.reject(error)),
    );

  beforeAll(async () => {
    h = await CatalogAdminHarness.start(EMBEDDED_STORE);
  });
  afterAll(() => h.stop());

  it('refuses a category with subcategories or products, and a stale version; deletes an empty one and audits it', async () => {
    const garden = await create('Garden');
    const mowers = await create('Lawn Mowers', garden.id, 694);
    const spare = await create('Spare Parts', garden.id);
    await h.product({
      shopId: 'cd',
      title: 'Husqvarna LC 140 lawn mower',
      brand: 'Husqvarna',
      googleProductCategoryId: 694,
    });

    for (const full of [garden.id, mowers.id])
      await expect(remove(full)).rejects.toMatchObject({
        code: GrpcStatus.FAILED_PRECONDITION,
        reason: 'CATEGORY_NOT_EMPTY',
      });
    await expect(remove(spare.id, h.memberId)).rejects.toMatchObject({ code: GrpcStatus.PERMISSION_DENIED });
    await expect(remove(spare.id, h.adminId, Number(spare.version) + 5)).rejects.toMatchObject({
      code: GrpcStatus.ABORTED,
    });
    expect(await exists(spare.id)).toBe(true);

    await remove(spare.id, h.adminId, Number(spare.version));
    expect(await exists(spare.id)).toBe(false);
    expect(await exists(garden.id)).toBe(true);
    await expect(remove(spare.id)).rejects.toMatchObject({ code: GrpcStatus.NOT_FOUND });
    await expect(remove('')).rejects.toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT });

    const audit = createServiceClient(AuditServiceService, h.catalog.address, { deadlineMs: 20_000 });
    const { entries } = await audit.listAuditEntries(
      ListAuditEntriesRequest.fromPartial({ actorUserId: h.adminId, panel: 'shopping', action: 'category.delete' }),
    );
    expect(entries.map((entry) => [entry.entityId, JSON.parse(entry.beforeJson).texts.en.name])).toEqual([
      [spare.id, 'Spare Parts'],
    ]);
  });
});
