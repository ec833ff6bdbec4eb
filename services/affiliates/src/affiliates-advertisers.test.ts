import { status as GrpcStatus } from '@grpc/grpc-js';
import {
  ResolveClickOutRequest,
  SaveAdvertisementRequest,
  SaveAdvertiserRequest,
  SaveAffiliateAccountRequest,
} from '@pc/proto/affiliates/v1/affiliates';
import { AdvertiserKind, PricingModel } from '@pc/proto/affiliates/v1/types';
import { AuditServiceService, ListAuditEntriesRequest } from '@pc/proto/staff/v1/audit';
import { createServiceClient } from '@pc/kit/grpc/client';
import { HEADPHONES, observation } from '../../offers/src/test-support/observations.js';
import { AffiliatesHarness, BROWSER, eventually } from './test-support/affiliates-harness.js';

const DAY = 86_400_000;

/** Advertisers, their affiliate accounts (tracking parameters) and advertisements (targeting, impressions, clicks). */
describe('affiliates advertisers and advertisements (app.ts over gRPC)', () => {
  let h: AffiliatesHarness;
  let admin = '';
  let stranger = '';
  let shopId = '';
  let advertiserId = '';
  const ads: Record<string, string> = {};

  const click = (locationId: string, ip: string) =>
    h.affiliates.resolveClickOut(
      ResolveClickOutRequest.fromPartial({
        locationId,
        country: 'CH',
        language: 'de',
        ip,
        userAgent: BROWSER,
        placement: 'advertisement',
      }),
    );
  const saveAd = (
    actorUserId: string,
    advertisement: Partial<NonNullable<SaveAdvertisementRequest['advertisement']>>,
  ) =>
    h.affiliates.saveAdvertisement(
      SaveAdvertisementRequest.fromPartial({
        actorUserId,
        advertisement: {
          advertiserId,
          placement: 'home-hero',
          url: 'https://www.adshop.ch/sale',
          weight: 1,
          ...advertisement,
        },
      }),
    );
  const served = async (country: string, language: string, categoryPath: string[] = []) =>
    (
      await h.affiliates.listAdvertisements({
        placement: 'home-hero',
        country,
        language,
        limit: 10,
        categoryId: categoryPath.at(-1) ?? '',
        categoryPath,
      })
    ).advertisements.map((ad) => ad.title);

  beforeAll(async () => {
    h = await AffiliatesHarness.start();
    admin = await h.adminId();
    stranger = await h.registerUser('stranger@adshop.test');
    shopId = await h.shop('Ad Shop', 'adshop.ch', ['CH']);
  }, 120_000);

  afterAll(() => h.stop());

  it('lets staff save advertisers and accounts, field by field, and nobody else', async () => {
    const advertiser = {
      name: 'Ad Shop AG',
      kind: AdvertiserKind.ADVERTISER_KIND_SHOP,
      shopId,
      homepageUrl: 'https://www.adshop.ch/',
      pricing: PricingModel.PRICING_MODEL_CPS,
      active: true,
    };
    await expect(
      h.affiliates.saveAdvertiser(SaveAdvertiserRequest.fromPartial({ actorUserId: stranger, advertiser })),
    ).rejects.toMatchObject({ code: GrpcStatus.PERMISSION_DENIED });
    await expect(
      h.affiliates.saveAdvertiser(
        SaveAdvertiserRequest.fromPartial({
          actorUserId: admin,
          advertiser: {
            ...advertiser,
            name: '',
            homepageUrl: 'javascript:alert(1)',
            kind: 0,
            metas: [{ language: 'deutsch', title: 'x' }],
          },
        }),
      ),
    ).rejects.toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      violations: expect.arrayContaining(
        ['advertiser.name', 'advertiser.homepage_url', 'kind', 'advertiser.metas[0].language'].map((field) =>
          expect.objectContaining({ field }),
        ),
      ),
    });
    const saved = await h.affiliates.saveAdvertiser(
      SaveAdvertiserRequest.fromPartial({
        actorUserId: admin,
        advertiser: { ...advertiser, metas: [{ language: 'de', title: 'Ad Shop', description: 'Elektronik' }] },
      }),
    );
    advertiserId = saved.advertiser?.id ?? '';
    expect(saved.advertiser).toMatchObject({
      name: 'Ad Shop AG',
      metas: [{ language: 'de', title: 'Ad Shop', description: 'Elektronik' }],
    });
    const account = {
      advertiserId,
      network: 'testnet',
      publisherId: 'pub-42',
      commissionBasisPoints: 500,
      active: true,
      trackingParameters: [
        { name: 'subid', value: '{click_id}' },
        { name: 'ref', value: 'pricecompare' },
      ],
    };
    await expect(
      h.affiliates.saveAffiliateAccount(
        SaveAffiliateAccountRequest.fromPartial({
          actorUserId: admin,
          account: { ...account, commissionBasisPoints: 20_000, network: 'Not A Network' },
        }),
      ),
    ).rejects.toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      violations: expect.arrayContaining([
        expect.objectContaining({ field: 'account.commission_basis_points' }),
        expect.objectContaining({ field: 'network' }),
      ]),
    });
    await expect(
      h.affiliates.saveAffiliateAccount(
        SaveAffiliateAccountRequest.fromPartial({
          actorUserId: admin,
          account: { ...account, advertiserId: 'av_none' },
        }),
      ),
    ).rejects.toMatchObject({ code: GrpcStatus.NOT_FOUND });
    expect(
      (
        await h.affiliates.saveAffiliateAccount(
          SaveAffiliateAccountRequest.fromPartial({ actorUserId: admin, account }),
        )
      ).account,
    ).toMatchObject({ network: 'testnet', publisherId: 'pub-42' });
  });

  it('puts the network’s tracking parameters on the shop’s click-outs, never over the shop link’s own', async () => {
    await h.observe(observation(shopId, 'hp', HEADPHONES, 27_900, { url: 'https://www.adshop.ch/hp?ref=feed' }));
    const location = (await h.listedOffers(shopId))[0]!.locationId;
    const answer = await eventually(() => click(location, '203.0.113.1').catch(() => undefined), 20_000);
    expect(answer.targetUrl).toBe(
      `https://www.adshop.ch/hp?ref=feed&subid=${answer.clickId}&pc_click=${answer.clickId}`,
    );
  });

  it('serves a placement’s running ads by country, language and category, counting what visitors saw and clicked', async () => {
    const now = h.now();
    ads.swiss =
      (await saveAd(admin, { title: 'Swiss German', countries: ['CH'], language: 'de', weight: 5 })).advertisement
        ?.id ?? '';
    ads.audio =
      (await saveAd(admin, { title: 'Audio everywhere', categoryIds: ['cat-audio'], weight: 3 })).advertisement?.id ??
      '';
    ads.ended =
      (
        await saveAd(admin, {
          title: 'Ended',
          startsAt: new Date(now.getTime() - 3 * DAY),
          endsAt: new Date(now.getTime() - DAY),
        })
      ).advertisement?.id ?? '';
    ads.french = (await saveAd(admin, { title: 'French', language: 'fr', weight: 9 })).advertisement?.id ?? '';
    expect(await served('CH', 'de')).toEqual(['Swiss German']);
    expect(await served('CH', 'de', ['cat-root', 'cat-audio'])).toEqual(['Swiss German', 'Audio everywhere']);
    expect(await served('DE', 'fr', ['cat-audio'])).toEqual(['French', 'Audio everywhere']);
    await expect(saveAd(stranger, { title: 'Mine' })).rejects.toMatchObject({ code: GrpcStatus.PERMISSION_DENIED });
    await expect(
      saveAd(admin, { title: '', placement: 'Home Hero', url: 'ftp://x', countries: ['Swiss'] }),
    ).rejects.toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT });
    await expect(
      h.affiliates.listAdvertisements({
        placement: '',
        country: 'CH',
        language: '',
        limit: 21,
        categoryId: '',
        categoryPath: [],
      }),
    ).rejects.toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT });

    // Serving counted nothing (a page is rendered for a cache, shown from it); a visitor's view counts,
    // once a minute per visitor, never a bot's, and an id of no advertisement not at all.
    const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
    const saw = async (ids: string[], ip: string, userAgent = CHROME) =>
      (await h.affiliates.recordAdImpressions({ advertisementIds: ids, visitorId: '', ip, userAgent })).counted;
    expect(await saw([ads.swiss, ads.audio], '203.0.113.2')).toBe(2);
    expect(await saw([ads.swiss], '203.0.113.2')).toBe(0); // the same visitor within the minute
    expect(await saw([ads.swiss, 'no-such-ad'], '203.0.113.3')).toBe(1);
    expect(await saw([ads.audio], '203.0.113.4', 'Mozilla/5.0 (compatible; bingbot/2.0)')).toBe(0);
    expect(await saw([ads.audio], '203.0.113.5')).toBe(1);
    for (const ids of [[], Array.from({ length: 21 }, (_, i) => `ad-${i}`), ['x'.repeat(201)]])
      await expect(saw(ids, '203.0.113.6')).rejects.toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT });

    const answer = await click(`ad_${ads.swiss}`, '203.0.113.2');
    expect(answer.targetUrl).toBe(
      `https://www.adshop.ch/sale?subid=${answer.clickId}&ref=pricecompare&pc_click=${answer.clickId}`,
    );
    await h.folded();
    const { advertisements } = await h.affiliates.getAdvertiser({ actorUserId: admin, advertiserId });
    const swiss = advertisements.find((ad) => ad.id === ads.swiss);
    expect(swiss).toMatchObject({ impressions: 2, clicks: 1, url: 'https://www.adshop.ch/sale' });
    expect(advertisements.find((ad) => ad.id === ads.audio)).toMatchObject({ impressions: 2, clicks: 0 });
  });

  it('sends a deleted ad’s clicks to its shop’s homepage', async () => {
    await h.affiliates.deleteAdvertisement({ actorUserId: admin, advertisementId: ads.swiss! });
    expect(await served('CH', 'de')).toEqual([]);
    const answer = await click(`ad_${ads.swiss}`, '203.0.113.3');
    expect(answer).toMatchObject({
      fallback: true,
      targetUrl: expect.stringMatching(/^https:\/\/www\.adshop\.ch\/\?subid=/),
    });
    await expect(click('ad_unknown', '203.0.113.4')).rejects.toMatchObject({ code: GrpcStatus.NOT_FOUND });
    await expect(
      h.affiliates.deleteAdvertisement({ actorUserId: admin, advertisementId: ads.swiss! }),
    ).rejects.toMatchObject({ code: GrpcStatus.NOT_FOUND });
  });

  it('keeps an audit entry of every staff write with its before and after, for staff:affiliates to read', async () => {
    const audit = createServiceClient(AuditServiceService, h.address, { deadlineMs: 20_000 });
    const entries = (actorUserId: string, fields: Partial<ListAuditEntriesRequest> = {}) =>
      audit.listAuditEntries(ListAuditEntriesRequest.fromPartial({ actorUserId, panel: 'affiliates', ...fields }));
    const deleted = await entries(admin, {
      entityType: 'advertisement',
      entityId: ads.swiss!,
      action: 'advertisement.delete',
    });
    expect(deleted.entries).toHaveLength(1);
    expect(deleted.entries[0]).toMatchObject({ service: 'affiliates', actorUserId: admin });
    expect(JSON.parse(deleted.entries[0]!.beforeJson)).toMatchObject({ deleted: false });
    expect(JSON.parse(deleted.entries[0]!.afterJson)).toMatchObject({ deleted: true });
    const created = await entries(admin, { action: 'advertiser.create' });
    expect(created.entries.map((entry) => JSON.parse(entry.afterJson).name)).toContain('Ad Shop AG');
    expect((await entries(admin, { action: 'affiliate_account.create' })).entries.length).toBeGreaterThan(0);
    await expect(entries(stranger)).rejects.toMatchObject({ code: GrpcStatus.PERMISSION_DENIED });
  });
});
