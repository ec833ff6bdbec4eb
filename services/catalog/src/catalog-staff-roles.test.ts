import { status as GrpcStatus } from '@grpc/grpc-js';
import { AccountsStaffServiceService } from '@pc/proto/accounts/v1/staff';
import { AdminPanel } from '@pc/proto/accounts/v1/types';
import { AddReviewRequest, UpdateBrandRequest, UpdateProductRequest } from '@pc/proto/catalog/v1/catalog';
import { AuditServiceService, type ListAuditEntriesRequest } from '@pc/proto/staff/v1/audit';
import { createServiceClient } from '@pc/kit/grpc/client';
import { CatalogAdminHarness, EMBEDDED_STORE, failure } from './test-support/admin-harness.js';

/**
 * The shopping panel's role checked by the catalog itself (ADR 042): staff:shopping may write,
 * a holder of another panel's role is refused and changes nothing; every write is audited in
 * the catalog's own store with its before and after (ADR 042a), readable by staff:shopping only.
 */
describe('catalog staff writes: the staff:shopping role and the audit log', () => {
  let h: CatalogAdminHarness;
  let audit: ReturnType<typeof createServiceClient<typeof AuditServiceService>>;
  let productId = '';
  let shopper = '';
  let crawlerStaff = '';
  const entries = (actorUserId: string, fields: Partial<ListAuditEntriesRequest> = {}) =>
    audit.listAuditEntries({
      actorUserId,
      panel: 'shopping',
      entityType: '',
      entityId: '',
      byUserId: '',
      action: '',
      page: undefined,
      ...fields,
    });
  const rename = (actorUserId: string, name: string, expectedVersion = 0) =>
    h.client.updateProduct(
      UpdateProductRequest.fromPartial({
        productId,
        actorUserId,
        expectedVersion,
        texts: [{ language: 'en', name, description: '' }],
        language: 'en',
      }),
    );
  const nameNow = async () => (await h.client.getProduct({ productId, language: 'en' })).product?.name;

  beforeAll(async () => {
    h = await CatalogAdminHarness.start(EMBEDDED_STORE);
    audit = createServiceClient(AuditServiceService, h.catalog.address, { deadlineMs: 20_000 });
    const roles = createServiceClient(AccountsStaffServiceService, h.accounts.address, { deadlineMs: 20_000 });
    const staffUser = async (email: string, panel: AdminPanel) => {
      const id = (await h.accounts.register({ email })).user?.id ?? '';
      await roles.grantStaffRole({ actorUserId: h.adminId, userId: id, panel });
      return id;
    };
    shopper = await staffUser('shopper@catalog.test', AdminPanel.ADMIN_PANEL_SHOPPING);
    crawlerStaff = await staffUser('crawler@catalog.test', AdminPanel.ADMIN_PANEL_CRAWLER);
    productId = await h.product({ shopId: 'sr', title: 'Sage Barista Express espresso machine', brand: 'Sage' });
  });
  afterAll(() => h.stop());

  it("refuses a holder of another panel's role and a plain user; nothing changes, nothing is audited", async () => {
    const name = await nameNow();
    for (const actor of [crawlerStaff, h.memberId]) {
      expect(await failure(rename(actor, 'Hijacked'))).toMatchObject({
        code: GrpcStatus.PERMISSION_DENIED,
        reason: 'STAFF_ROLE_REQUIRED',
      });
    }
    const brandId = (await h.client.getProduct({ productId, language: 'en' })).product?.brand?.id ?? '';
    expect(
      await failure(
        h.client.updateBrand(
          UpdateBrandRequest.fromPartial({ brandId, actorUserId: crawlerStaff, name: 'Hijacked', language: 'en' }),
        ),
      ),
    ).toMatchObject({
      code: GrpcStatus.PERMISSION_DENIED,
    });
    expect(await nameNow()).toBe(name);
    expect((await entries(h.adminId)).entries).toEqual([]);
    // The audit log of the shopping panel is the shopping panel's to read.
    expect(await failure(entries(crawlerStaff))).toMatchObject({
      code: GrpcStatus.PERMISSION_DENIED,
      reason: 'STAFF_ROLE_REQUIRED',
    });
  });

  it('lets staff:shopping edit a product and records who, what, before and after', async () => {
    const before = await nameNow();
    const { product } = await rename(shopper, 'Sage Barista Express BES875');
    expect(product?.name).toBe('Sage Barista Express BES875');

    const { entries: listed } = await entries(shopper, { entityType: 'product', entityId: productId });
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      service: 'catalog',
      panel: 'shopping',
      actorUserId: shopper,
      action: 'product.update',
      entityType: 'product',
      entityId: productId,
    });
    expect(listed[0]?.beforeJson).toContain(JSON.stringify(before));
    expect(listed[0]?.afterJson).toContain('Sage Barista Express BES875');
    // A write that fails (a stale version) records nothing.
    expect(await failure(rename(shopper, 'Stale edit', 999))).toMatchObject({
      code: GrpcStatus.ABORTED,
      reason: 'VERSION_MISMATCH',
    });
    expect((await entries(shopper, { entityId: productId })).entries).toHaveLength(1);
    // Filtered by who wrote it.
    expect((await entries(shopper, { byUserId: crawlerStaff })).entries).toEqual([]);
  });

  it("audits moderation (staff deleting someone's review), not an author deleting their own", async () => {
    const add = (actorUserId: string, body: string) =>
      h.client.addReview(AddReviewRequest.fromPartial({ productId, actorUserId, rating: 2, body, language: 'en' }));
    const { review: spam } = await add(h.memberId, 'Buy cheap watches at example.test');
    expect(
      await failure(h.client.deleteReview({ reviewId: spam?.id ?? '', actorUserId: crawlerStaff, reason: '' })),
    ).toMatchObject({ code: GrpcStatus.PERMISSION_DENIED });
    await h.client.deleteReview({ reviewId: spam?.id ?? '', actorUserId: shopper, reason: '' });
    const { review: own } = await add(shopper, 'Too loud for a flat.');
    await h.client.deleteReview({ reviewId: own?.id ?? '', actorUserId: shopper, reason: '' });

    const { entries: listed } = await entries(shopper, { action: 'review.delete' });
    expect(listed.map((entry) => entry.entityId)).toEqual([spam?.id]);
    expect(JSON.parse(listed[0]?.beforeJson ?? '{}')).toMatchObject({
      body: 'Buy cheap watches at example.test',
      authorUserId: h.memberId,
    });
    expect(listed[0]?.afterJson).toBe('');
  });
});
