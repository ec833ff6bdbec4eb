import { status as GrpcStatus } from '@grpc/grpc-js';
import {
  CreatePromotionRequest,
  ListPromotionsRequest,
  PromotionSort,
  UpdatePromotionRequest,
} from '@pc/proto/affiliates/v1/affiliates';
import { LocationKind, PromotionStatus } from '@pc/proto/affiliates/v1/types';
import { AuditServiceService, ListAuditEntriesRequest } from '@pc/proto/staff/v1/audit';
import { createServiceClient } from '@pc/kit/grpc/client';
import { AffiliatesHarness } from './test-support/affiliates-harness.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Promotions end to end: staff writes, validation, status by the clock, the list's rules, click-outs. */
describe('affiliates promotions (app.ts over gRPC)', () => {
  let h: AffiliatesHarness;
  let alpha = '';
  let beta = '';
  let admin = '';
  let visitor = '';
  const ids = { admin: '', everywhere: '', open: '', beta: '', scheduled: '', ending: '' };
  const at = (offsetMs: number) => new Date(h.now().getTime() + offsetMs);
  const create = (partial: Partial<CreatePromotionRequest>) =>
    h.affiliates.createPromotion(
      CreatePromotionRequest.fromPartial({
        actorUserId: admin,
        title: 'Deal',
        url: 'https://www.alpha.ch/deal',
        shopId: alpha,
        ...partial,
      }),
    );
  const list = (partial: Partial<ListPromotionsRequest>) =>
    h.affiliates.listPromotions(ListPromotionsRequest.fromPartial(partial));
  const titles = async (partial: Partial<ListPromotionsRequest>) =>
    (await list(partial)).promotions.map((p) => p.title);
  const everything = {
    statuses: [
      PromotionStatus.PROMOTION_STATUS_SCHEDULED,
      PromotionStatus.PROMOTION_STATUS_ACTIVE,
      PromotionStatus.PROMOTION_STATUS_ENDED,
    ],
  };

  beforeAll(async () => {
    h = await AffiliatesHarness.start();
    alpha = await h.shop('Alpha Electronics', 'alpha.ch', ['CH']);
    beta = await h.shop('Beta Sound', 'beta.de', ['DE', 'AT']);
    admin = await h.adminId();
    visitor = await h.registerUser('visitor@example.test');
  }, 60_000);

  afterAll(() => h.stop());

  it('refuses bad input field by field and stores nothing', async () => {
    await expect(
      create({
        title: ' ',
        url: 'ftp://alpha.ch',
        shopId: '',
        discountPercent: 120,
        countries: ['Swiss'],
        code: 'x'.repeat(65),
        language: 'deu',
        startsAt: at(DAY),
        endsAt: at(HOUR),
      }),
    ).rejects.toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      violations: expect.arrayContaining(
        ['title', 'url', 'shop_id', 'discount_percent', 'countries[0]', 'code', 'language', 'ends_at'].map((field) =>
          expect.objectContaining({ field }),
        ),
      ),
    });
    await expect(create({ title: 'x'.repeat(201) })).rejects.toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      violations: [expect.objectContaining({ field: 'title' })],
    });
    await expect(create({ shopId: 'sh_unknown' })).rejects.toMatchObject({ code: GrpcStatus.NOT_FOUND });
    expect((await list(everything)).page?.total).toBe(0);
  });

  it('lets only staff write: an admin; a visitor, or a call without a staff user, is refused', async () => {
    await expect(create({ actorUserId: visitor })).rejects.toMatchObject({ code: GrpcStatus.PERMISSION_DENIED });
    await expect(create({ actorUserId: '' })).rejects.toMatchObject({
      code: GrpcStatus.PERMISSION_DENIED,
      reason: 'STAFF_ROLE_REQUIRED',
    });
    expect((await list(everything)).page?.total).toBe(0);
    const { promotion } = await create({
      actorUserId: admin,
      title: 'Admin deal',
      countries: ['ch'],
      language: 'DE',
      discountPercent: 15,
      code: 'ALPHA15',
      endsAt: at(3 * DAY),
    });
    expect(promotion).toMatchObject({
      title: 'Admin deal',
      shopId: alpha,
      shopName: 'Alpha Electronics',
      countries: ['CH'],
      language: 'de',
      url: 'https://www.alpha.ch/deal',
      status: PromotionStatus.PROMOTION_STATUS_ACTIVE,
      locationId: `pr_${promotion?.id}`,
    });
    ids.admin = promotion?.id ?? '';
    await expect(
      h.affiliates.updatePromotion(
        UpdatePromotionRequest.fromPartial({ actorUserId: visitor, promotionId: ids.admin, title: 'Mine' }),
      ),
    ).rejects.toMatchObject({ code: GrpcStatus.PERMISSION_DENIED });
    await expect(h.affiliates.deletePromotion({ actorUserId: visitor, promotionId: ids.admin })).rejects.toMatchObject({
      code: GrpcStatus.PERMISSION_DENIED,
    });
  });

  it('lists running promotions for a country (its own and those for everywhere), ending soon first, open-ended last', async () => {
    ids.everywhere =
      (await create({ title: 'Everywhere sale', language: 'en', endsAt: at(2 * DAY) })).promotion?.id ?? '';
    ids.open =
      (await create({ title: 'Open-ended bundle', countries: ['CH'], language: 'en', startsAt: at(-DAY) })).promotion
        ?.id ?? '';
    ids.beta =
      (
        await create({
          title: 'Beta Kopfhörer Woche',
          shopId: beta,
          url: 'https://www.beta.de/woche',
          countries: ['DE', 'AT'],
          language: 'de',
          brandSlug: 'Sony',
          endsAt: at(DAY),
        })
      ).promotion?.id ?? '';
    ids.scheduled =
      (await create({ title: 'Coming soon', countries: ['CH'], startsAt: at(2 * DAY), endsAt: at(5 * DAY) })).promotion
        ?.id ?? '';
    ids.ending =
      (await create({ title: 'Last hours', countries: ['CH'], startsAt: at(-2 * DAY), endsAt: at(HOUR) })).promotion
        ?.id ?? '';

    const ch = await list({ country: 'CH' });
    expect(ch.promotions.map((p) => p.title)).toEqual([
      'Last hours',
      'Everywhere sale',
      'Admin deal',
      'Open-ended bundle',
    ]);
    expect(ch.page).toMatchObject({ page: 1, hitsPerPage: 20, total: 4, pages: 1 });
    expect(ch.promotions.every((p) => p.status === PromotionStatus.PROMOTION_STATUS_ACTIVE && p.url === '')).toBe(true);
    expect(await titles({ country: 'DE' })).toEqual(['Beta Kopfhörer Woche', 'Everywhere sale']);
    expect(await titles({ country: 'FR' })).toEqual(['Everywhere sale']);
  });

  it('sorts newest first, prefers a language, and filters by shop, brand and text', async () => {
    expect(await titles({ country: 'CH', sort: PromotionSort.PROMOTION_SORT_NEWEST })).toEqual([
      'Everywhere sale',
      'Admin deal',
      'Open-ended bundle',
      'Last hours',
    ]);
    // German ones first, then the rest, each part ending soon first.
    expect(await titles({ country: 'CH', language: 'de' })).toEqual([
      'Admin deal',
      'Last hours',
      'Everywhere sale',
      'Open-ended bundle',
    ]);
    expect(await titles({ shopId: beta })).toEqual(['Beta Kopfhörer Woche']);
    expect(await titles({ brandSlug: 'sony' })).toEqual(['Beta Kopfhörer Woche']);
    expect(await titles({ query: 'kopfhorer' })).toEqual(['Beta Kopfhörer Woche']);
    expect(await titles({ country: 'CH', query: 'sale' })).toEqual(['Everywhere sale']);
  });

  it('pages with the common PageResponse, across the language parts, within 1..100 hits', async () => {
    const second = await list({ country: 'CH', language: 'de', page: { page: 2, hitsPerPage: 3 } });
    expect(second.promotions.map((p) => p.title)).toEqual(['Open-ended bundle']);
    expect(second.page).toMatchObject({ page: 2, hitsPerPage: 3, total: 4, pages: 2 });
    expect((await list({ country: 'CH', page: { page: 1, hitsPerPage: 2 } })).promotions.map((p) => p.title)).toEqual([
      'Last hours',
      'Everywhere sale',
    ]);
    await expect(list({ page: { page: 1, hitsPerPage: 101 } })).rejects.toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      violations: [expect.objectContaining({ field: 'page.hits_per_page' })],
    });
    await expect(list({ country: 'Schweiz' })).rejects.toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      violations: [expect.objectContaining({ field: 'country' })],
    });
  });

  it('lists scheduled ones on request, starting soonest first', async () => {
    const scheduled = await list({
      country: 'CH',
      statuses: [PromotionStatus.PROMOTION_STATUS_SCHEDULED],
      sort: PromotionSort.PROMOTION_SORT_STARTING_SOON,
    });
    expect(scheduled.promotions.map((p) => [p.title, p.status])).toEqual([
      ['Coming soon', PromotionStatus.PROMOTION_STATUS_SCHEDULED],
    ]);
  });

  it('updates only the set fields and checks the merged start and end', async () => {
    const { promotion } = await h.affiliates.updatePromotion(
      UpdatePromotionRequest.fromPartial({
        actorUserId: admin,
        promotionId: ids.admin,
        title: 'Admin deal XL',
        replaceCountries: true,
        countries: [],
      }),
    );
    expect(promotion).toMatchObject({ title: 'Admin deal XL', code: 'ALPHA15', discountPercent: 15, countries: [] });
    expect(await titles({ country: 'FR' })).toEqual(['Everywhere sale', 'Admin deal XL']);
    await expect(
      h.affiliates.updatePromotion(
        UpdatePromotionRequest.fromPartial({ actorUserId: admin, promotionId: ids.admin, endsAt: at(-3 * DAY) }),
      ),
    ).rejects.toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      violations: [expect.objectContaining({ field: 'ends_at' })],
    });
    await expect(
      h.affiliates.updatePromotion(
        UpdatePromotionRequest.fromPartial({ actorUserId: admin, promotionId: 'nope', title: 'x' }),
      ),
    ).rejects.toMatchObject({ code: GrpcStatus.NOT_FOUND });
    expect((await h.affiliates.getPromotion({ promotionId: ids.admin })).promotion?.title).toBe('Admin deal XL');
  });

  it('makes a promotion with an end open-ended again, never together with a new end', async () => {
    const end = at(2 * DAY);
    const { promotion } = await create({ title: 'Until further notice', countries: ['CH'], endsAt: end });
    const promotionId = promotion?.id ?? '';
    await expect(
      h.affiliates.updatePromotion(
        UpdatePromotionRequest.fromPartial({ actorUserId: admin, promotionId, clearEndsAt: true, endsAt: at(DAY) }),
      ),
    ).rejects.toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      violations: [expect.objectContaining({ field: 'ends_at' })],
    });
    expect((await h.affiliates.getPromotion({ promotionId })).promotion?.endsAt).toEqual(end);
    const cleared = await h.affiliates.updatePromotion(
      UpdatePromotionRequest.fromPartial({ actorUserId: admin, promotionId, clearEndsAt: true }),
    );
    expect(cleared.promotion?.endsAt).toBeUndefined();
    expect((await h.affiliates.getPromotion({ promotionId })).promotion?.endsAt).toBeUndefined();
    const untouched = await h.affiliates.updatePromotion(
      UpdatePromotionRequest.fromPartial({ actorUserId: admin, promotionId, title: 'Always on' }),
    );
    expect(untouched.promotion).toMatchObject({ title: 'Always on', endsAt: undefined });
    await h.affiliates.deletePromotion({ actorUserId: admin, promotionId });
  });

  it('gives one promotion’s landing page to a signed-in staff:affiliates user only (the admin’s edit page)', async () => {
    const get = (asUser?: string) =>
      h.affiliates.getPromotion({ promotionId: ids.admin }, asUser === undefined ? {} : { asUser });
    expect((await get(admin)).promotion).toMatchObject({ title: 'Admin deal XL', url: 'https://www.alpha.ch/deal' });
    expect((await get(visitor)).promotion?.url).toBe('');
    expect((await get()).promotion?.url).toBe('');
  });

  it('resolves promotion click-outs to the landing page, a deleted one to its shop, unknown ones nowhere', async () => {
    const resolve = (locationId: string) =>
      h.affiliates.resolveClickOut({
        locationId,
        origin: 0,
        productId: '',
        country: 'CH',
        language: 'de',
        userId: '',
        visitorId: '',
        ip: '',
        userAgent: '',
        referrer: '',
        placement: 'promotion',
      });
    expect(await resolve(`pr_${ids.open}`)).toMatchObject({
      targetUrl: expect.stringMatching(/^https:\/\/www\.alpha\.ch\/deal\?pc_click=ck_\w+$/),
      locationKind: LocationKind.LOCATION_KIND_PROMOTION,
      shopId: alpha,
      fallback: false,
    });
    await expect(resolve('pr_unknown')).rejects.toMatchObject({ code: GrpcStatus.NOT_FOUND });
    await expect(resolve('')).rejects.toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT });
    await expect(resolve('lc_some-offer')).rejects.toMatchObject({ code: GrpcStatus.NOT_FOUND });

    await h.affiliates.deletePromotion({ actorUserId: admin, promotionId: ids.open });
    expect(await resolve(`pr_${ids.open}`)).toMatchObject({
      targetUrl: expect.stringMatching(/^https:\/\/www\.alpha\.ch\/\?pc_click=/),
      fallback: true,
    });
    await expect(h.affiliates.getPromotion({ promotionId: ids.open })).rejects.toMatchObject({
      code: GrpcStatus.NOT_FOUND,
    });
    await expect(h.affiliates.deletePromotion({ actorUserId: admin, promotionId: ids.open })).rejects.toMatchObject({
      code: GrpcStatus.NOT_FOUND,
    });
    expect(await titles({ country: 'CH' })).not.toContain('Open-ended bundle');
  });

  it('derives the status from the clock: scheduled ones start, running ones end', async () => {
    h.advance(2 * DAY + HOUR);
    expect(await titles({ country: 'CH' })).toEqual(['Admin deal XL', 'Coming soon']);
    const ended = await list({ country: 'CH', statuses: [PromotionStatus.PROMOTION_STATUS_ENDED] });
    expect(ended.promotions.map((p) => [p.title, p.status])).toEqual([
      ['Last hours', PromotionStatus.PROMOTION_STATUS_ENDED],
      ['Everywhere sale', PromotionStatus.PROMOTION_STATUS_ENDED],
    ]);
    expect((await h.affiliates.getPromotion({ promotionId: ids.scheduled })).promotion?.status).toBe(
      PromotionStatus.PROMOTION_STATUS_ACTIVE,
    );
  });

  it('audits every staff write of a promotion with its before and after', async () => {
    const audit = createServiceClient(AuditServiceService, h.address, { deadlineMs: 20_000 });
    const { entries } = await audit.listAuditEntries(
      ListAuditEntriesRequest.fromPartial({ actorUserId: admin, panel: 'affiliates', entityType: 'promotion' }),
    );
    const actions = new Set(entries.map((entry) => entry.action));
    expect(actions).toEqual(new Set(['promotion.create', 'promotion.update', 'promotion.delete']));
    const deleted = entries.find((entry) => entry.action === 'promotion.delete' && entry.entityId === ids.open);
    expect(JSON.parse(deleted!.beforeJson)).toMatchObject({ deleted: false });
    expect(JSON.parse(deleted!.afterJson)).toMatchObject({ deleted: true });
  });
});
