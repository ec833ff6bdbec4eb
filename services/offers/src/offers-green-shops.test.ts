import { status as GrpcStatus } from '@grpc/grpc-js';
import { AdminPanel } from '@pc/proto/accounts/v1/types';
import { IngestFeedRequest, RegisterShopRequest } from '@pc/proto/offers/v1/offers';
import { ShopStatus } from '@pc/proto/offers/v1/types';
import { AuditServiceService } from '@pc/proto/staff/v1/audit';
import { createServiceClient } from '@pc/kit/grpc/client';
import { offerIdOf } from './domain/offer-record.js';
import { eventually, OffersHarness } from './test-support/offers-harness.js';
import { directoryShop, gtin14 } from './test-support/observations.js';

/**
 * Green shops (ADR 108): staff:admin certifies a shop green with SetShopStatus (audited); the flag
 * is public on the shop and travels in ShopChanged, from which the crawler marks the shop's
 * observations green. Its owner, or staff of another panel, cannot set it. A feed uploaded for a
 * green shop gives green offers, as the crawler's reads do.
 */
describe('offers green shops', () => {
  let h: OffersHarness;
  let audit: ReturnType<typeof createServiceClient<typeof AuditServiceService>>;
  let admin = '';
  let owner = '';
  let shopStaff = '';
  let directoryId = '';
  let ownedId = '';
  const failure = (call: Promise<unknown>) =>
    call.then(
      () => null,
      (error: unknown) => error as { code?: number; reason?: string },
    );
  const setGreen = (shopId: string, actorUserId: string, green: boolean) =>
    h.offers.setShopStatus({ shopId, actorUserId, status: ShopStatus.SHOP_STATUS_UNSPECIFIED, green, reason: 'test' });
  const auditOf = async (shopId: string) =>
    (
      await audit.listAuditEntries({
        actorUserId: admin,
        panel: 'admin',
        entityType: 'shop',
        entityId: shopId,
        byUserId: '',
        action: '',
        page: undefined,
      })
    ).entries;
  const greenOf = async (shopId: string, actorUserId = '') =>
    (await h.offers.getShop({ shopId, actorUserId })).shop?.green;

  beforeAll(async () => {
    h = await OffersHarness.start();
    audit = createServiceClient(AuditServiceService, h.address, { deadlineMs: 20_000 });
    admin = await h.adminId();
    owner = await h.registerUser('owner@green-shop.test');
    shopStaff = await h.staffUser('shopping@green-shop.test', AdminPanel.ADMIN_PANEL_SHOPPING);
    directoryId =
      (await h.offers.registerShop(directoryShop('Leaf Goods', 'leaf-goods.ch', ['CH'], admin))).shop?.id ?? '';
    ownedId =
      (
        await h.offers.registerShop(
          RegisterShopRequest.fromPartial({
            actorUserId: owner,
            name: 'Owned Greens',
            homepageUrl: 'https://owned-greens.ch/',
            company: 'Owned Greens AG',
            commercialRegisterNumber: 'CHE-111.222.333',
            address: { line1: 'Seestrasse 5', line2: '', zipCode: '8002', city: 'Zürich', country: 'CH' },
            phone: '+41 44 111 22 33',
            email: 'info@owned-greens.ch',
            termsAccepted: true,
          }),
        )
      ).shop?.id ?? '';
  }, 60_000);
  afterAll(() => h.stop());

  it('lets staff:admin certify a shop green: public on the shop, in ShopChanged, audited; the same again changes nothing', async () => {
    expect(await greenOf(directoryId)).toBe(false);
    const { shop } = await setGreen(directoryId, admin, true);
    expect(shop).toMatchObject({ id: directoryId, green: true, status: ShopStatus.SHOP_STATUS_ACTIVE });
    // Public: an anonymous read sees it (the site shows the leaf on the shop's offers).
    expect(await greenOf(directoryId)).toBe(true);

    const changed = await eventually(() =>
      h.events.shopChanged.find((event) => event.shopId === directoryId && event.changedFields.includes('green')),
    );
    expect(changed.changedFields).toEqual(['green']);
    expect(changed.shop).toMatchObject({ id: directoryId, green: true, status: ShopStatus.SHOP_STATUS_ACTIVE });
    expect(changed.version).toBe(shop?.version);

    const entries = await auditOf(directoryId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorUserId: admin, action: 'shop.set_green', panel: 'admin' });
    expect(JSON.parse(entries[0]?.afterJson ?? '{}').green).toBe(true);
    expect(JSON.parse(entries[0]?.beforeJson ?? '{}').green ?? false).toBe(false);

    // Set again to the same value: no write, no event, no entry.
    const events = h.events.shopChanged.length;
    expect((await setGreen(directoryId, admin, true)).shop?.version).toBe(shop?.version);
    expect(await auditOf(directoryId)).toHaveLength(1);
    expect(h.events.shopChanged.length).toBe(events);

    // And back: no longer green, told the same way.
    await setGreen(directoryId, admin, false);
    const cleared = await eventually(() =>
      h.events.shopChanged.find(
        (event) => event.shopId === directoryId && event.changedFields.includes('green') && !event.shop?.green,
      ),
    );
    expect(cleared.changedFields).toEqual(['green']);
    expect(await greenOf(directoryId)).toBe(false);
  });

  it('refuses the shop’s own owner and staff of another panel: the flag stays, nothing is audited', async () => {
    expect(await failure(setGreen(ownedId, owner, true))).toMatchObject({ code: GrpcStatus.PERMISSION_DENIED });
    expect(await failure(setGreen(ownedId, shopStaff, true))).toMatchObject({
      code: GrpcStatus.PERMISSION_DENIED,
      reason: 'STAFF_ROLE_REQUIRED',
    });
    expect(await greenOf(ownedId, admin)).toBe(false);
    expect(await auditOf(ownedId)).toEqual([]);
    expect(
      h.events.shopChanged.some((event) => event.shopId === ownedId && event.changedFields.includes('green')),
    ).toBe(false);
  });

  it('gives green offers for a feed uploaded to a green shop', async () => {
    await setGreen(directoryId, admin, true);
    const content = Buffer.from(
      `id,title,brand,gtin,mpn,price,link,availability\nleaf-1,Bamboo Toothbrush,Acme,${gtin14('4006381000017')},M-1,4.90,https://leaf-goods.ch/leaf-1,in stock\n`,
    );
    const answer = await h.offers.ingestFeed(
      IngestFeedRequest.fromPartial({
        shopId: directoryId,
        actorUserId: admin,
        content,
        country: 'CH',
        currency: 'CHF',
        language: 'de',
      }),
    );
    expect(answer).toMatchObject({ itemsValid: 1, offersCreated: 1 });
    const { offer } = await h.offers.getOffer({ offerId: offerIdOf(directoryId, 'leaf-1'), displayCurrency: '' });
    expect(offer).toMatchObject({ isGreen: true, active: true });
  });
});
