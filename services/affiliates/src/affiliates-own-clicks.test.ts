import { status as GrpcStatus } from '@grpc/grpc-js';
import { createEventPublisher } from '@pc/kit/events/publisher';
import { AccountDeleted } from '@pc/proto/accounts/events/v1/events';
import { Events } from '@pc/proto/event-catalog';
import { ListOwnClicksRequest, ResolveClickOutRequest } from '@pc/proto/affiliates/v1/affiliates';
import { ClickOrigin, LocationKind, UserAgentClass } from '@pc/proto/affiliates/v1/types';
import { HEADPHONES, observation } from '../../offers/src/test-support/observations.js';
import { ClickRepository } from './store/click-repository.js';
import { BROWSER, eventually, AffiliatesHarness } from './test-support/affiliates-harness.js';

/** ListOwnClicks over gRPC: the clicks ResolveClickOut recorded for a signed-in user (ADR 148). */
describe('affiliates: a signed-in user’s own clicks (app.ts over gRPC)', () => {
  let h: AffiliatesHarness;
  let shop = '';
  let location = '';

  const click = (userId: string) =>
    h.affiliates.resolveClickOut(
      ResolveClickOutRequest.fromPartial({
        locationId: location,
        country: 'CH',
        language: 'fr',
        ip: '203.0.113.9',
        userAgent: BROWSER,
        placement: 'offer',
        origin: ClickOrigin.CLICK_ORIGIN_PRODUCT_PAGE,
        userId,
        visitorId: `visitor-${userId || 'guest'}`,
      }),
    );
  const list = (actorUserId: string, page?: { page: number; hitsPerPage: number }) =>
    h.affiliates.listOwnClicks(ListOwnClicksRequest.fromPartial({ actorUserId, page }));

  beforeAll(async () => {
    h = await AffiliatesHarness.start();
    shop = await h.shop('Click Shop', 'clickshop.ch', ['CH']);
    await h.observe(observation(shop, 'hp-1', HEADPHONES, 19_900, { url: 'https://www.clickshop.ch/hp-1' }));
    location = (await h.listedOffers(shop))[0]?.locationId ?? '';
  }, 120_000);

  afterAll(() => h.stop());

  it('lists the clicks recorded for the actor, newest first, and never another user’s or a guest’s', async () => {
    const [lena, mark] = [await h.registerUser('lena.clicks@example.test'), await h.registerUser('mark@example.test')];
    const first = await eventually(() => click(lena).catch(() => undefined), 20_000);
    // Within the duplicate window: kept but not counted, and still the user's.
    const second = await click(lena);
    expect(second.counted).toBe(false);
    const marks = await click(mark);
    const guests = await click('');

    const answer = await list(lena);
    expect(answer.page).toMatchObject({ page: 1, hitsPerPage: 100, total: 2, pages: 1 });
    expect(answer.clicks.map((c) => c.id).sort()).toEqual([first.clickId, second.clickId].sort());
    expect(answer.clicks[0]).toMatchObject({
      locationKind: LocationKind.LOCATION_KIND_OFFER,
      shopId: shop,
      offerId: first.offerId,
      price: { amountMinor: 19_900, currency: 'CHF' },
      country: 'CH',
      language: 'fr',
      origin: ClickOrigin.CLICK_ORIGIN_PRODUCT_PAGE,
      placement: 'offer',
      userAgentClass: UserAgentClass.USER_AGENT_CLASS_DESKTOP,
    });
    const times = answer.clicks.map((c) => c.clickedAt?.getTime() ?? 0);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(JSON.stringify(answer)).not.toContain('pc_click');
    expect(JSON.stringify(answer)).not.toContain(marks.clickId);
    expect(JSON.stringify(answer)).not.toContain(guests.clickId);

    expect((await list(mark)).clicks.map((c) => c.id)).toEqual([marks.clickId]);
    expect((await list(lena, { page: 2, hitsPerPage: 1 })).clicks).toHaveLength(1);
  });

  it('is UNAUTHENTICATED without an actor and names a page size over 100', async () => {
    await expect(list('')).rejects.toMatchObject({ code: GrpcStatus.UNAUTHENTICATED });
    const nora = await h.registerUser('nora.clicks@example.test');
    const error = await list(nora, { page: 1, hitsPerPage: 101 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT });
    expect((error as { violations?: { field: string }[] }).violations?.map((v) => v.field)).toEqual([
      'page.hits_per_page',
    ]);
  });
  it('forgets the user on their clicks once the account is deleted: the clicks stay, tied to no one', async () => {
    const [gone, stays] = [
      await h.registerUser('gone.clicks@example.test'),
      await h.registerUser('stays@example.test'),
    ];
    const recorded = await eventually(() => click(gone).catch(() => undefined), 20_000);
    await click(stays);
    expect((await list(gone)).clicks.map((c) => c.id)).toEqual([recorded.clickId]);
    await createEventPublisher(h.bus, 'accounts').publishAll([
      {
        type: Events.accountDeleted,
        key: gone,
        payload: AccountDeleted.fromPartial({ userId: gone, deletedAt: new Date() }),
      },
    ]);
    await eventually(async () => (await list(gone)).clicks.length === 0 || undefined, 20_000);
    const { main, statistics } = await h.openStores();
    try {
      const kept = await (await ClickRepository.open(main)).get(recorded.clickId);
      expect(kept).toMatchObject({ userId: '', offerId: recorded.offerId });
    } finally {
      await main.close();
      await statistics.close();
    }
    expect((await list(stays)).clicks).toHaveLength(1);
  });
});
