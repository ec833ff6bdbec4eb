import { status as GrpcStatus } from '@grpc/grpc-js';
import { ImportDriver } from '@pc/jobs/testing/import-driver';
import { createServiceClient } from '@pc/kit/grpc/client';
import { AccountsStaffServiceService } from '@pc/proto/accounts/v1/staff';
import { AdminPanel } from '@pc/proto/accounts/v1/types';
import type { StreamOffersResponse } from '@pc/proto/offers/v1/offers';
import { ShopStatus } from '@pc/proto/offers/v1/types';
import { AuditServiceService } from '@pc/proto/staff/v1/audit';
import { eventually, OffersHarness } from './test-support/offers-harness.js';
import { directoryShop, HEADPHONES, observation, SPEAKER } from './test-support/observations.js';

/**
 * The data area's parts that offers owns (ADR 061): shops imported as directory listings that
 * wait for staff to activate them, and every offer streamed to a holder of staff:infrastructure.
 */
describe('offers: shop import and offers export', () => {
  let h: OffersHarness;
  let driver: ImportDriver;
  let admin = '';
  let shopStaff = '';
  const failure = (call: Promise<unknown>) =>
    call.then(
      () => null,
      (error: unknown) => error as { code?: number; reason?: string },
    );
  const shopsOn = async (domain: string) =>
    (
      await h.offers.listShops({
        actorUserId: admin,
        country: '',
        ownerUserId: '',
        statuses: [
          ShopStatus.SHOP_STATUS_AWAITING_PAYMENT_METHOD,
          ShopStatus.SHOP_STATUS_PENDING_ACTIVATION,
          ShopStatus.SHOP_STATUS_ACTIVE,
          ShopStatus.SHOP_STATUS_SUSPENDED,
        ],
        domain,
        sort: 0,
        page: { page: 1, hitsPerPage: 10 },
      })
    ).shops;
  const streamAs = async (actorUserId: string): Promise<StreamOffersResponse[]> => {
    const received: StreamOffersResponse[] = [];
    for await (const message of h.offers.streamOffers({ actorUserId, afterOfferId: '' })) received.push(message);
    return received;
  };

  beforeAll(async () => {
    h = await OffersHarness.start();
    driver = new ImportDriver(h.address);
    admin = await h.adminId();
    shopStaff = await h.registerUser('shopping-staff@transfer.test');
    const roles = createServiceClient(AccountsStaffServiceService, h.accountsAddress, { deadlineMs: 20_000 });
    await roles.grantStaffRole({ actorUserId: admin, userId: shopStaff, panel: AdminPanel.ADMIN_PANEL_SHOPPING });
  }, 60_000);
  afterAll(() => h.stop());

  const rows = [
    {
      name: 'Lambda Sound',
      homepage_url: 'https://www.lambda-sound.ch/',
      countries: 'CH LI',
      email: 'info@lambda-sound.ch',
    },
    { name: 'Mu Hifi', homepage_url: 'https://mu-hifi.de/', country: 'DE', city: 'Berlin' },
  ];

  it('reports bad shop rows by row and column in the dry run and registers nothing', async () => {
    const report = await driver.check(admin, 'shops', [
      rows[0]!,
      { name: '', homepage_url: 'ftp://nu.example/', countries: 'ZZZ' },
      { name: 'Xi Audio', homepage_url: 'https://xi-audio.ch/', email: 'not-an-address', countries: 'CH' },
    ]);
    expect(report).toMatchObject({ rows: 3, validRows: 1, importId: '' });
    expect(report.violations.map((v) => [v.row, v.field])).toEqual([
      [2, 'name'],
      [2, 'homepage_url'],
      [2, 'countries'],
      [3, 'email'],
    ]);
    expect(await shopsOn('lambda-sound.ch')).toEqual([]);
    // Two rows of one file for one domain: the second is reported, not left for the job to refuse.
    const twice = await driver.check(admin, 'shops', [rows[0]!, { ...rows[0]!, name: 'Lambda Sound AG' }]);
    expect(twice.violations).toEqual([{ row: 2, field: 'homepage_url', reason: 'repeats row 1 (lambda-sound.ch)' }]);
    expect(await failure(driver.check(shopStaff, 'shops', rows))).toMatchObject({
      code: GrpcStatus.PERMISSION_DENIED,
    });
  });

  it('registers a clean file as directory shops awaiting activation, audited; a second run reports duplicates', async () => {
    const { report, job } = await driver.run(admin, 'shops', rows);
    expect(report).toMatchObject({ rows: 2, validRows: 2, violations: [] });
    expect(job?.state).toBe('succeeded');
    const [lambda] = await shopsOn('lambda-sound.ch');
    expect(lambda).toMatchObject({
      name: 'Lambda Sound',
      status: ShopStatus.SHOP_STATUS_PENDING_ACTIVATION,
      countries: ['CH', 'LI'],
      ownerUserId: '',
    });
    expect((await shopsOn('mu-hifi.de'))[0]).toMatchObject({ countries: ['DE'] });
    const audit = createServiceClient(AuditServiceService, h.address, { deadlineMs: 20_000 });
    const { entries } = await audit.listAuditEntries({
      actorUserId: admin,
      panel: 'admin',
      entityType: 'shop',
      entityId: '',
      byUserId: '',
      action: 'shop.import',
      page: undefined,
    });
    expect(entries.map((entry) => entry.entityId)).toContain(lambda?.id);
    expect(entries).toHaveLength(2);

    const again = await driver.check(admin, 'shops', rows);
    expect(again).toMatchObject({ rows: 2, validRows: 0, importId: '' });
    expect(again.violations.map((v) => v.reason)).toEqual([
      'a shop with the domain lambda-sound.ch is already registered',
      'a shop with the domain mu-hifi.de is already registered',
    ]);
  });

  it('streams every offer, with its shop, to staff:infrastructure only', async () => {
    const shopId =
      (await h.offers.registerShop(directoryShop('Omega Audio', 'omega-audio.ch', ['CH'], admin))).shop?.id ?? '';
    await h.observe(observation(shopId, 'OM-1', HEADPHONES, 32_900), observation(shopId, 'OM-2', SPEAKER, 14_900));
    await eventually(async () => (await streamAs(admin)).length === 2 || undefined);
    const offers = (await streamAs(admin)).map((message) => message.offer);
    expect(offers.map((offer) => [offer?.shopOfferId, offer?.price?.amountMinor, offer?.shop?.name]).sort()).toEqual([
      ['OM-1', 32_900, 'Omega Audio'],
      ['OM-2', 14_900, 'Omega Audio'],
    ]);
    for (const actor of [shopStaff, await h.registerUser('visitor@transfer.test')])
      expect(await failure(streamAs(actor))).toMatchObject({
        code: GrpcStatus.PERMISSION_DENIED,
        reason: 'STAFF_ROLE_REQUIRED',
      });
  });
});
