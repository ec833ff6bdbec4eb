import { status as GrpcStatus } from '@grpc/grpc-js';
import {
  GetClickStatsRequest,
  ListMonthProductClicksRequest,
  ResolveClickOutRequest,
} from '@pc/proto/affiliates/v1/affiliates';
import { ClickFilter, ClickOrigin, LocationKind, UserAgentClass } from '@pc/proto/affiliates/v1/types';
import { HEADPHONES, observation, SPEAKER } from '../../offers/src/test-support/observations.js';
import { parseClickId } from './domain/click-id.js';
import { BROWSER, eventually, AffiliatesHarness } from './test-support/affiliates-harness.js';

const DAY = 86_400_000;

/** Click-outs of offers (learnt from OfferChanged), bot and repeat filtering, and the statistics they fold into. */
describe('affiliates click-outs and click statistics (app.ts over gRPC)', () => {
  let h: AffiliatesHarness;
  let owner = '';
  let stranger = '';
  let admin = '';
  let greenShop = '';
  let otherShop = '';
  /** Location ids of the offers, learnt as a visitor's links carry them. */
  const locations = { headphones: '', speaker: '', other: '' };

  const click = (locationId: string, overrides: Partial<ResolveClickOutRequest> = {}) =>
    h.affiliates.resolveClickOut(
      ResolveClickOutRequest.fromPartial({
        locationId,
        country: 'CH',
        language: 'de',
        ip: '203.0.113.7',
        userAgent: BROWSER,
        placement: 'offer',
        ...overrides,
      }),
    );
  const stats = (actorUserId: string, overrides: Partial<GetClickStatsRequest> = {}) =>
    h.affiliates.getClickStats(GetClickStatsRequest.fromPartial({ actorUserId, shopIds: [greenShop], ...overrides }));

  beforeAll(async () => {
    h = await AffiliatesHarness.start({ AFFILIATES_DUPLICATE_WINDOW_MS: '1500' });
    owner = await h.registerUser('owner@greenshop.test');
    stranger = await h.registerUser('stranger@example.test');
    admin = await h.adminId();
    greenShop = await h.ownedShop(owner, 'Green Shop', 'greenshop.ch');
    otherShop = await h.shop('Other Shop', 'othershop.ch', ['CH']);
    await h.observe(
      observation(greenShop, 'hp-1', HEADPHONES, 27_900, {
        url: 'https://www.greenshop.ch/p/hp-1?ref=feed',
        isGreen: true,
      }),
      observation(greenShop, 'sp-1', SPEAKER, 12_900, { url: 'https://www.greenshop.ch/p/sp-1' }),
      observation(otherShop, 'hp-9', HEADPHONES, 29_900, { url: 'https://www.othershop.ch/hp-9' }),
    );
    // The offers' locations as the site links them (offers lists them once matched).
    const listed = await h.listedOffers(greenShop, 2);
    locations.headphones = listed.find((o) => o.shopOfferId === 'hp-1')?.locationId ?? '';
    locations.speaker = listed.find((o) => o.shopOfferId === 'sp-1')?.locationId ?? '';
    const others = await h.listedOffers(otherShop);
    locations.other = others[0]?.locationId ?? '';
  }, 120_000);

  afterAll(() => h.stop());

  it('resolves an offer location learnt from OfferChanged, with no product in the link, and records the click with its price', async () => {
    // The read model catches up with offers' events: the link works as given.
    const answer = await eventually(
      () => click(locations.headphones, { origin: ClickOrigin.CLICK_ORIGIN_PRODUCT_PAGE }).catch(() => undefined),
      20_000,
    );
    expect(answer).toMatchObject({
      locationKind: LocationKind.LOCATION_KIND_OFFER,
      shopId: greenShop,
      price: { amountMinor: 27_900, currency: 'CHF' },
      fallback: false,
      counted: true,
    });
    // The shop's own parameter stays; ours is appended.
    expect(answer.targetUrl).toBe(`https://www.greenshop.ch/p/hp-1?ref=feed&pc_click=${answer.clickId}`);
    const event = await h.clickRecorded(answer.clickId);
    expect(event.click).toMatchObject({
      id: answer.clickId,
      offerId: answer.offerId,
      shopId: greenShop,
      country: 'CH',
      isGreen: true,
      origin: ClickOrigin.CLICK_ORIGIN_PRODUCT_PAGE,
      referrerPageType: 'product',
      userAgentClass: UserAgentClass.USER_AGENT_CLASS_DESKTOP,
      price: { amountMinor: 27_900, currency: 'CHF' },
      filter: ClickFilter.CLICK_FILTER_NOT_FILTERED,
      counted: true,
    });
    // Pseudonymous: a keyed hash, never the address.
    expect(event.click?.visitorId).toMatch(/^[\w-]{22}$/);
    expect(JSON.stringify(event)).not.toContain('203.0.113.7');
    await h.folded();
    expect((await stats(owner)).shops[0]).toMatchObject({ shopId: greenShop, clicksToday: 1, clicksThisMonth: 1 });
  });

  it('keeps crawlers and a visitor’s repeats within the window, but counts neither', async () => {
    const before = (await stats(owner)).shops[0]?.clicksToday ?? 0;
    const bot = await click(locations.speaker, {
      userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    });
    expect(bot).toMatchObject({
      counted: false,
      targetUrl: expect.stringContaining('https://www.greenshop.ch/p/sp-1?pc_click='),
    });
    const first = await click(locations.speaker, { ip: '198.51.100.20' });
    const repeat = await click(locations.speaker, { ip: '198.51.100.20' });
    const otherVisitor = await click(locations.speaker, { ip: '198.51.100.21' });
    expect([first.counted, repeat.counted, otherVisitor.counted]).toEqual([true, false, true]);
    // Repeats are redirected like any click, to the same place.
    expect(repeat.targetUrl).toBe(`https://www.greenshop.ch/p/sp-1?pc_click=${repeat.clickId}`);
    // After the window, the same visitor counts again.
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    expect((await click(locations.speaker, { ip: '198.51.100.20' })).counted).toBe(true);
    await h.folded();
    expect((await stats(owner)).shops[0]?.clicksToday).toBe(before + 3);
  });

  it('does not count a redelivered or republished ClickRecorded twice', async () => {
    const answer = await click(locations.headphones, { ip: '192.0.2.50' });
    await h.clickRecorded(answer.clickId);
    await h.folded();
    const before = (await stats(owner)).shops[0]!;
    // An outbox relay after a crash publishes the same event again, at a new offset.
    const record = h.clickRecords.find((r) => r.key === answer.clickId)!;
    await h.bus.publish([
      { topic: 'affiliates.click-recorded.v1', key: record.key, value: record.value, headers: record.headers },
    ]);
    // And a fold sees the very same record again (a redelivery to a replica after a failed commit).
    await (await h.otherFold()).handle({ partition: record.partition, value: record.value });
    await h.folded();
    const after = (await stats(owner)).shops[0]!;
    expect([after.clicksToday, after.clicksThisMonth]).toEqual([before.clicksToday, before.clicksThisMonth]);
    expect(after.topProducts).toEqual(before.topProducts);
  });

  it('gives the product top list, the country split and a daily series in the asked time zone', async () => {
    await click(locations.headphones, { ip: '192.0.2.60', country: 'DE' });
    await h.folded();
    const now = h.now();
    const { shops } = await stats(owner, {
      timeZone: 'America/New_York',
      range: { start: new Date(now.getTime() - 2 * DAY), end: now },
    });
    const shop = shops[0]!;
    const headphones = shop.topProducts[0]!;
    expect(shop.topProducts.map((p) => p.clicks)).toEqual([3, 3]);
    expect(shop.topProducts.map((p) => p.productId)).toContain(headphones.productId);
    expect(shop.countries).toEqual([
      { country: 'CH', clicks: 5 },
      { country: 'DE', clicks: 1 },
    ]);
    expect(shop.month).toBe(now.toISOString().slice(0, 7));
    // Three local days (New York), oldest first, the clicks on the last.
    expect(shop.daily).toHaveLength(3);
    expect(shop.daily.map((d) => d.clicks).reduce((a, b) => a + b, 0)).toBe(6);
    expect(shop.daily[2]!.clicks).toBe(shop.clicksToday);
    const other = await click(locations.other);
    await h.folded();
    const productId = (await h.clickRecorded(other.clickId)).click?.productId ?? '';
    const offers = await h.affiliates.getOfferClicks({
      offers: [
        { offerId: other.offerId, shopId: otherShop, productId },
        { offerId: 'of_never', shopId: otherShop, productId },
      ],
    });
    expect(offers.offers).toEqual([
      { offerId: other.offerId, clicks: 1 },
      { offerId: 'of_never', clicks: 0 },
    ]);
  });

  it('answers GET /goto/{location} on its own HTTP endpoint: the visitor behind the proxy, the page it came from', async () => {
    const endpoint = `http://127.0.0.1:${h.app.clickOutPort()}`;
    const follow = (path: string, headers: Record<string, string> = {}) =>
      fetch(`${endpoint}${path}`, {
        redirect: 'manual',
        headers: {
          'user-agent': BROWSER,
          'x-forwarded-for': '198.51.100.77',
          referer: `${endpoint}/fr-ch/products/x`,
          ...headers,
        },
      });
    const answer = await follow(`/goto/${locations.other}?o=product&p=visit_shop`);
    expect(answer.status).toBe(302);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const clickId = new URL(answer.headers.get('location') ?? '').searchParams.get('pc_click') ?? '';
    expect(answer.headers.get('location')).toBe(`https://www.othershop.ch/hp-9?pc_click=${clickId}`);
    const event = await h.clickRecorded(clickId);
    expect(event.click).toMatchObject({
      country: 'CH',
      language: 'fr',
      origin: ClickOrigin.CLICK_ORIGIN_PRODUCT_PAGE,
      placement: 'visit_shop',
      referrerPageType: 'product',
      counted: true,
    });
    // The same visitor (same forwarded address) again: redirected, not counted.
    expect((await follow(`/goto/${locations.other}`)).status).toBe(302);
    expect((await follow('/goto/lc_unknown')).status).toBe(404);
    expect((await follow('/goto/%2E%2E')).status).toBe(404);
  });

  it('shows a shop’s statistics to its owner and admins only', async () => {
    await expect(stats('')).rejects.toMatchObject({ code: GrpcStatus.UNAUTHENTICATED });
    await expect(stats(stranger)).rejects.toMatchObject({ code: GrpcStatus.PERMISSION_DENIED });
    await expect(stats(owner, { shopIds: [greenShop, otherShop] })).rejects.toMatchObject({
      code: GrpcStatus.PERMISSION_DENIED,
    });
    expect((await stats(admin, { shopIds: [otherShop, greenShop] })).shops.map((s) => s.shopId)).toEqual([
      otherShop,
      greenShop,
    ]);
    // The month's whole product list: the same owner check, over gRPC.
    const products = (actorUserId: string, overrides: Partial<ListMonthProductClicksRequest> = {}) =>
      h.affiliates.listMonthProductClicks(
        ListMonthProductClicksRequest.fromPartial({ actorUserId, shopId: greenShop, ...overrides }),
      );
    const owned = await products(owner);
    expect(owned.totalProducts).toBeGreaterThan(0);
    expect(owned.products.map((p) => p.productId)).toEqual(
      (await stats(owner, { topProductsLimit: 100 })).shops[0]?.topProducts.map((p) => p.productId),
    );
    await expect(products(stranger)).rejects.toMatchObject({ code: GrpcStatus.PERMISSION_DENIED });
    await expect(products('')).rejects.toMatchObject({ code: GrpcStatus.UNAUTHENTICATED });
    await expect(products(owner, { month: '2026-1' })).rejects.toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      details: expect.stringContaining('month'),
    });
    await expect(stats(admin, { shopIds: ['sh_unknown'] })).rejects.toMatchObject({
      code: GrpcStatus.NOT_FOUND,
      reason: 'SHOP_UNKNOWN',
    });
  });

  it('answers NOT_FOUND for a deleted shop’s statistics, saying it was deleted', async () => {
    const closing = await h.ownedShop(owner, 'Closing Shop', 'closingshop.ch');
    await eventually(() =>
      stats(owner, { shopIds: [closing] }).then(
        () => true,
        () => false,
      ),
    );
    await h.offers.deleteShop({ shopId: closing, actorUserId: owner });
    const refusal = await eventually(() =>
      stats(owner, { shopIds: [closing] }).then(
        () => false,
        (error: { code?: number; reason?: string }) => ({ code: error.code, reason: error.reason }),
      ),
    );
    expect(refusal).toEqual({ code: GrpcStatus.NOT_FOUND, reason: 'SHOP_DELETED' });
  });

  it('refuses bad input with the field named, and records nothing', async () => {
    await h.folded();
    const before = (await stats(owner)).shops[0]!.clicksThisMonth;
    const published = h.clickRecords.length;
    await expect(click('')).rejects.toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      violations: [expect.objectContaining({ field: 'location_id' })],
    });
    await expect(click(locations.speaker, { country: 'Schweiz' })).rejects.toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      violations: [expect.objectContaining({ field: 'country' })],
    });
    await expect(click('lc_unknown')).rejects.toMatchObject({ code: GrpcStatus.NOT_FOUND });
    await expect(click('../../etc/passwd')).rejects.toMatchObject({ code: GrpcStatus.NOT_FOUND });
    await expect(stats(owner, { timeZone: 'Mars/Olympus' })).rejects.toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      violations: [expect.objectContaining({ field: 'time_zone' })],
    });
    const now = h.now();
    await expect(
      stats(owner, { range: { start: new Date(now.getTime() - 500 * DAY), end: now } }),
    ).rejects.toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      violations: [expect.objectContaining({ field: 'range' })],
    });
    await expect(stats(owner, { month: '2026-13' })).rejects.toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      violations: [expect.objectContaining({ field: 'month' })],
    });
    await expect(h.affiliates.getOfferClicks({ offers: [] })).rejects.toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
    });
    await h.folded();
    expect((await stats(owner)).shops[0]!.clicksThisMonth).toBe(before);
    expect(h.clickRecords).toHaveLength(published);
  });

  it('adds the shop’s URL parameters (shop settings), never over the link’s own', async () => {
    await h.offers.setUrlParameters({
      actorUserId: owner,
      shopId: greenShop,
      urlParameters: [
        { name: 'ref', value: 'pricecompare' },
        { name: 'utm_source', value: 'price compare' },
      ],
    });
    // ShopChanged carries them to affiliates (its shop record is kept in memory for seconds).
    let visitor = 0;
    const answer = await eventually(async () => {
      const clicked = await click(locations.headphones, { ip: `192.0.2.${100 + (visitor++ % 100)}` });
      return clicked.targetUrl.includes('utm_source') ? clicked : undefined;
    }, 20_000);
    expect(answer.targetUrl).toBe(
      `https://www.greenshop.ch/p/hp-1?ref=feed&utm_source=price%20compare&pc_click=${answer.clickId}`,
    );
  });

  // Last: it replaces the running affiliates.
  it('after a restart, goes on from what it stored: links resolve, the new run’s clicks count once, old ones are not folded again', async () => {
    await h.folded();
    const before = (await stats(owner)).shops[0]!;
    const earlier = await click(locations.speaker, { ip: '198.51.100.90' });
    await h.folded();
    await h.restartAffiliates();
    // The offer locations come from the store (no product in the link, nothing asked of offers).
    const after = await eventually(
      () => click(locations.speaker, { ip: '198.51.100.91' }).catch(() => undefined),
      20_000,
    );
    expect(after).toMatchObject({
      counted: true,
      shopId: greenShop,
      targetUrl: expect.stringContaining('https://www.greenshop.ch/p/sp-1?'),
    });
    // A new run: its sequences start again, and the fold's marks of the old run must not hide them.
    expect(parseClickId(after.clickId)!.run).not.toBe(parseClickId(earlier.clickId)!.run);
    expect(parseClickId(after.clickId)!.sequence).toBe(1);
    await h.clickRecorded(after.clickId);
    await h.folded();
    const now = (await stats(owner)).shops[0]!;
    expect([now.clicksToday, now.clicksThisMonth]).toEqual([before.clicksToday + 2, before.clicksThisMonth + 2]);
  });
});
