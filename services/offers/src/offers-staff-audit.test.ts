import { status as GrpcStatus } from '@grpc/grpc-js';
import { AccountsStaffServiceService } from '@pc/proto/accounts/v1/staff';
import { AdminPanel } from '@pc/proto/accounts/v1/types';
import { ShopStatus } from '@pc/proto/offers/v1/types';
import { AuditServiceService, type ListAuditEntriesRequest } from '@pc/proto/staff/v1/audit';
import { createServiceClient } from '@pc/kit/grpc/client';
import { OffersHarness } from './test-support/offers-harness.js';
import { directoryShop } from './test-support/observations.js';

/**
 * The admin panel's shop lifecycle in offers (ADR 042): SetShopStatus needs staff:admin, checked
 * by offers — a holder of another panel's role is refused — and each change is audited in
 * offers' own store with the shop before and after (ADR 042a).
 */
describe('offers staff writes: staff:admin and the audit log', () => {
  let h: OffersHarness;
  let audit: ReturnType<typeof createServiceClient<typeof AuditServiceService>>;
  let admin = '';
  let shopStaff = '';
  let shopId = '';
  const entries = (actorUserId: string, fields: Partial<ListAuditEntriesRequest> = {}) =>
    audit.listAuditEntries({
      actorUserId,
      panel: 'admin',
      entityType: 'shop',
      entityId: shopId,
      byUserId: '',
      action: '',
      page: undefined,
      ...fields,
    });
  const setStatus = (actorUserId: string, status: ShopStatus) =>
    h.offers.setShopStatus({ shopId, actorUserId, status, reason: 'test' });
  const failure = (call: Promise<unknown>) =>
    call.then(
      () => null,
      (error: unknown) => error as { code?: number; reason?: string },
    );

  beforeAll(async () => {
    h = await OffersHarness.start();
    audit = createServiceClient(AuditServiceService, h.address, { deadlineMs: 20_000 });
    admin = await h.adminId();
    shopStaff = await h.registerUser('shopping-staff@offers.test');
    const roles = createServiceClient(AccountsStaffServiceService, h.accountsAddress, { deadlineMs: 20_000 });
    await roles.grantStaffRole({ actorUserId: admin, userId: shopStaff, panel: AdminPanel.ADMIN_PANEL_SHOPPING });
    shopId =
      (await h.offers.registerShop(directoryShop('Kappa Audio', 'kappa-audio.ch', ['CH'], admin))).shop?.id ?? '';
  }, 60_000);
  afterAll(() => h.stop());

  it("refuses a holder of another panel's role: the shop stays, nothing is audited", async () => {
    const before = (await h.offers.getShop({ shopId, actorUserId: '' })).shop?.status;
    expect(await failure(setStatus(shopStaff, ShopStatus.SHOP_STATUS_SUSPENDED))).toMatchObject({
      code: GrpcStatus.PERMISSION_DENIED,
      reason: 'STAFF_ROLE_REQUIRED',
    });
    expect((await h.offers.getShop({ shopId, actorUserId: '' })).shop?.status).toBe(before);
    expect((await entries(admin)).entries).toEqual([]);
    expect(await failure(entries(shopStaff))).toMatchObject({ code: GrpcStatus.PERMISSION_DENIED });
  });

  it('audits a status change by staff:admin with the shop before and after; a change to the same status records nothing', async () => {
    await setStatus(admin, ShopStatus.SHOP_STATUS_SUSPENDED);
    await setStatus(admin, ShopStatus.SHOP_STATUS_SUSPENDED);
    const { entries: listed } = await entries(admin);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      service: 'offers',
      panel: 'admin',
      actorUserId: admin,
      action: 'shop.set_status',
      entityType: 'shop',
      entityId: shopId,
    });
    expect(JSON.parse(listed[0]?.afterJson ?? '{}')).toMatchObject({
      id: shopId,
      status: ShopStatus.SHOP_STATUS_SUSPENDED,
    });
    expect(JSON.parse(listed[0]?.beforeJson ?? '{}').status).not.toBe(ShopStatus.SHOP_STATUS_SUSPENDED);
  });
});
