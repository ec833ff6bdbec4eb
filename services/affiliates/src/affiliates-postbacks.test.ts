import { status as GrpcStatus } from '@grpc/grpc-js';
import {
  ListPostbacksRequest,
  PostbackSort,
  ResolveClickOutRequest,
  SaveAdvertisementRequest,
  SaveAdvertiserRequest,
  SaveAffiliateAccountRequest,
} from '@pc/proto/affiliates/v1/affiliates';
import {
  AdvertiserKind,
  ClickOrigin,
  PostbackOutcome,
  PricingModel,
  type Advertiser,
  type AffiliateAccount,
} from '@pc/proto/affiliates/v1/types';
import { AuditServiceService, ListAuditEntriesRequest } from '@pc/proto/staff/v1/audit';
import { createServiceClient } from '@pc/kit/grpc/client';
import { HEADPHONES, observation } from '../../offers/src/test-support/observations.js';
import { AffiliatesHarness, BROWSER, eventually, TEST_NETWORK } from './test-support/affiliates-harness.js';

/** A network's postback item (the documented JSON). */
const sale = (transactionId: string, clickId: string, status = 'pending') => ({
  transaction_id: transactionId,
  click_id: clickId,
  order_value: { amount_minor: 19_990, currency: 'CHF' },
  status,
});

/**
 * The postback log (every postback, accepted or refused with its reason) and what deactivating an
 * advertiser or an affiliate account does: its ads stop being served, its postbacks are refused.
 */
describe('affiliates postback log and deactivation (app.ts over gRPC)', () => {
  let h: AffiliatesHarness;
  let admin = '';
  let stranger = '';
  let shopId = '';
  let location = '';
  let advertiser: Advertiser;
  let account: AffiliateAccount;

  const click = (ip: string) =>
    h.affiliates.resolveClickOut(
      ResolveClickOutRequest.fromPartial({
        locationId: location,
        origin: ClickOrigin.CLICK_ORIGIN_PRODUCT_PAGE,
        country: 'CH',
        ip,
        userAgent: BROWSER,
        placement: 'offer',
      }),
    );
  const postback = (body: unknown, options?: Parameters<AffiliatesHarness['signed']>[1]) =>
    h.affiliates.recordPostback(h.signed(body, options));
  const log = (fields: Partial<ListPostbacksRequest> = {}) =>
    h.affiliates.listPostbacks(ListPostbacksRequest.fromPartial({ actorUserId: admin, ...fields }));
  const served = async () =>
    (
      await h.affiliates.listAdvertisements({
        placement: 'home-hero',
        country: 'CH',
        language: '',
        limit: 10,
        categoryId: '',
        categoryPath: [],
      })
    ).advertisements.map((ad) => ad.title);

  beforeAll(async () => {
    h = await AffiliatesHarness.start();
    admin = await h.adminId();
    stranger = await h.registerUser('stranger@postbacks.test');
    await h.fxRates();
    shopId = await h.shop('Postback Shop', 'postback-shop.ch', ['CH']);
    await h.observe(observation(shopId, 'pb', HEADPHONES, 19_990, { url: 'https://www.postback-shop.ch/pb' }));
    location = (await h.listedOffers(shopId))[0]!.locationId;
    await eventually(() => click('198.18.1.1').catch(() => undefined), 20_000);
  }, 120_000);

  afterAll(() => h.stop());

  it('logs every postback with its outcome — accepted, duplicate, or refused with the reason — newest first', async () => {
    const { clickId } = await click('203.0.113.70');
    expect((await postback(sale('L-1', clickId))).results[0]?.changed).toBe(true);
    expect((await postback(sale('L-1', clickId))).results[0]?.changed).toBe(false);
    await expect(postback(sale('L-2', clickId), { secret: 'not-the-networks-secret-at-all' })).rejects.toMatchObject({
      code: GrpcStatus.UNAUTHENTICATED,
      reason: 'BAD_SIGNATURE',
    });
    await expect(postback(sale('L-3', clickId), { at: new Date(Date.now() - 3_600_000) })).rejects.toMatchObject({
      code: GrpcStatus.UNAUTHENTICATED,
      reason: 'STALE_POSTBACK',
    });
    await expect(
      h.affiliates.recordPostback({ ...h.signed(sale('L-4', clickId)), network: 'othernet' }),
    ).rejects.toMatchObject({ code: GrpcStatus.UNAUTHENTICATED, reason: 'UNKNOWN_NETWORK' });
    await expect(postback(sale('L-5', 'ck_unknown'))).rejects.toMatchObject({ code: GrpcStatus.NOT_FOUND });
    await expect(postback(sale('L-6', clickId, 'shipped'))).rejects.toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
    });

    const { postbacks, page } = await log();
    expect(page?.total).toBe(7);
    expect(postbacks.map((entry) => [entry.outcome, entry.transactionIds])).toEqual([
      [PostbackOutcome.POSTBACK_OUTCOME_INVALID, ['L-6']],
      [PostbackOutcome.POSTBACK_OUTCOME_UNKNOWN_TRANSACTION, ['L-5']],
      // Refused before the body was read: nothing of it is trusted.
      [PostbackOutcome.POSTBACK_OUTCOME_UNKNOWN_NETWORK, []],
      [PostbackOutcome.POSTBACK_OUTCOME_STALE, []],
      [PostbackOutcome.POSTBACK_OUTCOME_BAD_SIGNATURE, []],
      [PostbackOutcome.POSTBACK_OUTCOME_DUPLICATE, ['L-1']],
      [PostbackOutcome.POSTBACK_OUTCOME_ACCEPTED, ['L-1']],
    ]);
    expect(postbacks[0]).toMatchObject({ network: TEST_NETWORK.name, reason: expect.stringContaining('status') });
    expect(postbacks[4]?.reason).toBe('the signature does not match the body');
    expect(postbacks[6]).toMatchObject({ changed: 1, reason: '' });
    // Lists carry no bodies; the entry does, exactly as received, and never the signature.
    expect(postbacks.every((entry) => entry.body.length === 0)).toBe(true);
    const sent = h.signed(sale('L-1', clickId));
    const { postback: accepted } = await h.affiliates.getPostback({ actorUserId: admin, postbackId: postbacks[6]!.id });
    expect(Buffer.from(accepted!.body).toString()).toBe(sent.body.toString());
    expect(accepted!.bodySize).toBe(sent.body.length);
    expect(JSON.stringify(accepted)).not.toContain(sent.signature.slice(7));

    // Filtered, sorted and paged by the service.
    const refused = await log({
      outcomes: [PostbackOutcome.POSTBACK_OUTCOME_BAD_SIGNATURE, PostbackOutcome.POSTBACK_OUTCOME_STALE],
      sort: PostbackSort.POSTBACK_SORT_OLDEST,
    });
    expect(refused.postbacks.map((entry) => entry.outcome)).toEqual([
      PostbackOutcome.POSTBACK_OUTCOME_BAD_SIGNATURE,
      PostbackOutcome.POSTBACK_OUTCOME_STALE,
    ]);
    expect((await log({ network: 'othernet' })).postbacks).toHaveLength(1);
    const second = await log({ page: { page: 2, hitsPerPage: 3 } });
    expect(second.postbacks.map((entry) => entry.id)).toEqual(postbacks.slice(3, 6).map((entry) => entry.id));
    expect((await log({ range: { start: new Date(Date.now() + 60_000), end: undefined } })).postbacks).toEqual([]);
  });

  it('refuses bad filters and anyone without staff:affiliates', async () => {
    await expect(log({ outcomes: [99 as PostbackOutcome], sort: 7 as PostbackSort })).rejects.toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      violations: expect.arrayContaining([
        expect.objectContaining({ field: 'outcomes[0]' }),
        expect.objectContaining({ field: 'sort' }),
      ]),
    });
    await expect(log({ actorUserId: stranger })).rejects.toMatchObject({ code: GrpcStatus.PERMISSION_DENIED });
    const [entry] = (await log()).postbacks;
    await expect(h.affiliates.getPostback({ actorUserId: stranger, postbackId: entry!.id })).rejects.toMatchObject({
      code: GrpcStatus.PERMISSION_DENIED,
    });
    await expect(h.affiliates.getPostback({ actorUserId: admin, postbackId: 'pb_0' })).rejects.toMatchObject({
      code: GrpcStatus.NOT_FOUND,
    });
    await expect(h.affiliates.getPostback({ actorUserId: admin, postbackId: 'x' })).rejects.toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
    });
  });

  it('refuses the postbacks of a deactivated account or advertiser, and stops serving a deactivated advertiser’s ads', async () => {
    advertiser = (
      await h.affiliates.saveAdvertiser(
        SaveAdvertiserRequest.fromPartial({
          actorUserId: admin,
          advertiser: {
            name: 'Postback Shop AG',
            kind: AdvertiserKind.ADVERTISER_KIND_SHOP,
            shopId,
            homepageUrl: 'https://www.postback-shop.ch/',
            pricing: PricingModel.PRICING_MODEL_CPS,
            active: true,
          },
        }),
      )
    ).advertiser!;
    const saveAccount = async (fields: Partial<AffiliateAccount>) =>
      (account = (
        await h.affiliates.saveAffiliateAccount(
          SaveAffiliateAccountRequest.fromPartial({
            actorUserId: admin,
            account: {
              ...account,
              advertiserId: advertiser.id,
              network: TEST_NETWORK.name,
              publisherId: 'p-1',
              ...fields,
            },
          }),
        )
      ).account!);
    const saveAdvertiser = async (fields: Partial<Advertiser>) =>
      (advertiser = (
        await h.affiliates.saveAdvertiser(
          SaveAdvertiserRequest.fromPartial({ actorUserId: admin, advertiser: { ...advertiser, ...fields } }),
        )
      ).advertiser!);
    await saveAccount({ active: true });
    await h.affiliates.saveAdvertisement(
      SaveAdvertisementRequest.fromPartial({
        actorUserId: admin,
        advertisement: {
          advertiserId: advertiser.id,
          placement: 'home-hero',
          title: 'Postback sale',
          url: 'https://www.postback-shop.ch/sale',
          weight: 1,
        },
      }),
    );
    expect(await served()).toEqual(['Postback sale']);
    const { clickId } = await click('203.0.113.71');

    await saveAccount({ active: false });
    await expect(postback(sale('X-1', clickId))).rejects.toMatchObject({
      code: GrpcStatus.FAILED_PRECONDITION,
      reason: 'INACTIVE_ACCOUNT',
      details: expect.stringContaining('affiliate account'),
    });
    await saveAccount({ active: true });
    await saveAdvertiser({ active: false });
    expect(await served()).toEqual([]);
    await expect(postback(sale('X-1', clickId))).rejects.toMatchObject({
      code: GrpcStatus.FAILED_PRECONDITION,
      reason: 'INACTIVE_ACCOUNT',
      details: expect.stringContaining('advertiser'),
    });
    const refused = await log({ outcomes: [PostbackOutcome.POSTBACK_OUTCOME_INACTIVE_ACCOUNT] });
    expect(refused.postbacks.map((entry) => entry.transactionIds)).toEqual([['X-1'], ['X-1']]);

    // Live again: served again, and the network's retry is taken.
    await saveAdvertiser({ active: true, name: 'Postback Shop Schweiz AG' });
    expect(await served()).toEqual(['Postback sale']);
    expect((await postback(sale('X-1', clickId))).results[0]?.changed).toBe(true);

    // Each edit is audited with its before and after.
    const audit = createServiceClient(AuditServiceService, h.address, { deadlineMs: 20_000 });
    const updates = await audit.listAuditEntries(
      ListAuditEntriesRequest.fromPartial({
        actorUserId: admin,
        panel: 'affiliates',
        entityId: advertiser.id,
        action: 'advertiser.update',
      }),
    );
    expect(
      updates.entries.map((entry) => [JSON.parse(entry.beforeJson).active, JSON.parse(entry.afterJson).active]),
    ).toEqual(
      expect.arrayContaining([
        [true, false],
        [false, true],
      ]),
    );
    const renamed = updates.entries.find((entry) => JSON.parse(entry.afterJson).name === 'Postback Shop Schweiz AG');
    expect(JSON.parse(renamed!.beforeJson).name).toBe('Postback Shop AG');
    await expect(
      h.affiliates.saveAdvertiser(
        SaveAdvertiserRequest.fromPartial({ actorUserId: stranger, advertiser: { ...advertiser, active: false } }),
      ),
    ).rejects.toMatchObject({ code: GrpcStatus.PERMISSION_DENIED });
    await expect(
      h.affiliates.saveAffiliateAccount(
        SaveAffiliateAccountRequest.fromPartial({ actorUserId: admin, account: { ...account, publisherId: '' } }),
      ),
    ).rejects.toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT });
    expect(await served()).toEqual(['Postback sale']);
  });
});
