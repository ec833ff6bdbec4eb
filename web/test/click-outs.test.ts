import { status as GrpcStatus } from '@grpc/grpc-js';
import { createHmac } from 'node:crypto';
import { createServiceClient } from '@pc/kit/grpc/client';
import { AffiliatesServiceService, CreatePromotionRequest } from '@pc/proto/affiliates/v1/affiliates';
import { AccountsServiceService } from '@pc/proto/accounts/v1/accounts';
import { AccountType } from '@pc/proto/accounts/v1/types';
import { OffersServiceService, RegisterShopRequest } from '@pc/proto/offers/v1/offers';
import { BrowserSession } from './browser-session';
import { OpenApiContract } from './openapi-contract';
import { eventually, listOwnedShopWithHeadphones, seedCatalogue, type Catalogue } from './platform-fixture';
import { startPlatform, TEST_NETWORK, type Platform } from './platform-harness';

/**
 * Click-outs through the BFF end to end (ADR 043): `clickLink` of the API followed as given,
 * counted in the offer's `clicks`; spec §7's analytics event; GET /api/promotions; a network's
 * signed postback of a sale on the green offer, seen in the EcoTip totals and the ledger's CSV.
 * Every service is started from its app.ts with the embedded adapters.
 */

const contract = new OpenApiContract();
let platform: Platform;
let catalogue: Catalogue;
let handle: (request: Request) => Promise<Response>;
let routes: {
  goto: typeof import('~/routes/goto.$locationId').loader;
  postback: typeof import('~/routes/postbacks.$network').action;
  ledgerCsv: typeof import('~/routes/ecotip.ledger[.]csv').loader;
  ecoTipTotals: typeof import('~/data/ecotip.server').ecoTipTotals;
  siteContext: typeof import('~/site/site-context.server').siteContext;
};

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

beforeAll(async () => {
  platform = await startPlatform();
  const { createApiRequestHandler } = await import('./api-request-handler');
  handle = createApiRequestHandler();
  routes = {
    goto: (await import('~/routes/goto.$locationId')).loader,
    postback: (await import('~/routes/postbacks.$network')).action,
    ledgerCsv: (await import('~/routes/ecotip.ledger[.]csv')).loader,
    ecoTipTotals: (await import('~/data/ecotip.server')).ecoTipTotals,
    siteContext: (await import('~/site/site-context.server')).siteContext,
  };
  catalogue = await seedCatalogue(platform);
  const offers = createServiceClient(OffersServiceService, platform.addresses.offers);
  const asOf = new Date(Date.now() - 86_400_000);
  await offers.setFxRates({
    actorUserId: platform.staffUserId,
    source: 'test',
    rates: [
      { baseCurrency: 'CHF', quoteCurrency: 'EUR', rate: '1.05', asOf },
      { baseCurrency: 'EUR', quoteCurrency: 'CHF', rate: '0.95', asOf },
    ],
  });
}, 120_000);

afterAll(async () => {
  await platform?.stop();
});

const getJson = (url: string, template: string) => contract.get(handle, url, template);

/** Follows a click-out as a browser on a product page of the site does. */
function follow(link: string, ip: string, referrer = '/de-ch/products/x') {
  const url = new URL(`http://site.test${link}`);
  const locationId = url.pathname.split('/').pop() ?? '';
  return routes.goto({
    request: new Request(url, { headers: { 'user-agent': BROWSER, referer: `http://site.test${referrer}` } }),
    params: { locationId },
    context: { clientIp: ip },
  }) as Promise<Response>;
}

const swissOffers = async () =>
  (
    await getJson(
      `/api/products/${catalogue.products.headphones.productId}/offers?locale=de-ch`,
      '/api/products/{id}/offers',
    )
  ).body.data;

describe('clickLink of the API', () => {
  it('works as given: a 302 to the shop’s page with our click id, counted in the offer’s clicks', async () => {
    const [first] = await swissOffers();
    expect(first).toMatchObject({ clickLink: expect.stringMatching(/^\/goto\/lc_[\w-]+$/), clicks: 0 });
    const answer = await eventually('affiliates to know the offer’s location', async () => {
      const response = await follow(first.clickLink, '203.0.113.1').catch((error: unknown) => error as Response);
      return response.status === 302 ? response : undefined;
    });
    expect(answer.headers.get('Location')).toMatch(
      /^https:\/\/alpenhaus-elektronik\.example\/p\/headphones-ch\?pc_click=ck_\w+$/,
    );
    expect(answer.headers.get('Cache-Control')).toBe('no-store');
    // The same visitor again within the window: redirected, not counted.
    expect((await follow(first.clickLink, '203.0.113.1')).status).toBe(302);
    const counted = await eventually('the click to be counted', async () => {
      const offer = (await swissOffers()).find((o: { identifier: string }) => o.identifier === first.identifier);
      return offer.clicks > 0 ? offer : undefined;
    });
    expect(counted.clicks).toBe(1);
    await expect(follow('/goto/lc_unknown', '203.0.113.1')).rejects.toMatchObject({ status: 404 });
    await expect(follow('/goto/..%2Fetc', '203.0.113.1')).rejects.toMatchObject({ status: 404 });
  });
});

describe('clickStatsView and ownerClickStats (the business dashboard’s click statistics)', () => {
  it('gives an owner their shop’s numbers, a day per chart bar and the month’s products by name, and refuses anyone else', async () => {
    const { clickStatsView } = await import('~/services/affiliates.server');
    const accounts = createServiceClient(AccountsServiceService, platform.addresses.accounts);
    const register = async (email: string) =>
      (
        await accounts.register({
          name: 'Owner',
          email,
          password: 'secret-pass',
          passwordConfirmation: 'secret-pass',
          phone: '',
          // A business account: only those register shops.
          accountType: AccountType.ACCOUNT_TYPE_BUSINESS,
          company: 'Owned GmbH',
          termsAccepted: true,
          language: 'en',
          rememberMe: false,
          client: undefined,
        })
      ).user?.id ?? '';
    const owner = await register('owner@shop.test');
    const stranger = await register('stranger@shop.test');
    const offers = createServiceClient(OffersServiceService, platform.addresses.offers);
    const { shop } = await offers.registerShop(
      RegisterShopRequest.fromPartial({
        actorUserId: owner,
        name: 'Owned Shop',
        homepageUrl: 'https://owned-shop.example/',
        company: 'Owned GmbH',
        email: 'info@owned-shop.example',
        address: { line1: 'Weg 1', zipCode: '8000', city: 'Zürich', country: 'CH' },
        phone: '+41 44 000 00 00',
        countries: ['CH'],
        termsAccepted: true,
      }),
    );
    const shopId = shop?.id ?? '';
    const view = await eventually('affiliates to learn the shop’s owner', () =>
      clickStatsView(owner, [shopId], { days: 7, now: new Date('2026-03-10T12:00:00Z') }).catch(() => undefined),
    );
    expect(view).toEqual([
      {
        shopId,
        clicksToday: 0,
        clicksThisMonth: 0,
        month: expect.stringMatching(/^\d{4}-\d{2}$/),
        topProducts: [],
        countries: [],
        daily: ['2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08', '2026-03-09', '2026-03-10'].map(
          (day) => ({ day, clicks: 0 }),
        ),
      },
    ]);
    // The refusal whole (its code, reason and details), so that another answer shows what it was.
    const refusal = await clickStatsView(stranger, [shopId]).then(
      (answer) => ({ answer }),
      (error: { code?: number; reason?: string; details?: string }) => ({
        code: error.code,
        reason: error.reason,
        details: error.details,
      }),
    );
    expect(refusal).toEqual({ code: GrpcStatus.PERMISSION_DENIED, reason: undefined, details: expect.any(String) });

    // Paid for, then activated by staff, the shop lists the headphones; a visitor's click shows in
    // the owner's top list by the product's name.
    const headphones = catalogue.products.headphones;
    const listed = await listOwnedShopWithHeadphones(platform, catalogue, {
      ownerId: owner,
      shopId,
      url: 'https://owned-shop.example/p/hp',
      price: 28_900,
    });
    await eventually('affiliates to know the location', async () => {
      const response = await follow(`/goto/${listed.locationId}?o=product&p=offer`, '203.0.113.77').catch(
        (error: unknown) => error as Response,
      );
      return response.status === 302 ? response : undefined;
    });
    const { ownerClickStats } = await import('~/data/click-stats.server');
    const [stats] = await eventually('the click to be folded', async () => {
      const views = await ownerClickStats(owner, [shopId], { language: 'en', days: 7 });
      return views[0]?.clicksToday === 1 ? views : undefined;
    });
    expect(stats).toMatchObject({
      clicksThisMonth: 1,
      topProducts: [{ productId: headphones.productId, clicks: 1 }],
      productNames: { [headphones.productId]: headphones.name },
      countries: [{ country: 'CH', clicks: 1 }],
    });
    expect(stats!.daily.at(-1)).toMatchObject({ clicks: 1 });
  });
});

describe('POST /api/events', () => {
  it('records an offer click with its price, as the goto link would', async () => {
    const session = new BrowserSession(handle, contract);
    await session.call('get', '/auth/csrf-cookie', '/auth/csrf-cookie');
    const [first] = await swissOffers();
    const locationId = first.clickLink.split('/').pop();
    const answer = await session.call('post', '/api/events', '/api/events', {
      body: { event: 'offer_click', location_id: locationId, origin: 'product' },
      headers: { 'user-agent': BROWSER },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      targetUrl: expect.stringContaining('alpenhaus-elektronik.example'),
      price: { amount: 27900, currency: 'CHF' },
    });
    expect(
      (await session.call('post', '/api/events', '/api/events', { body: { event: 'bought', location_id: locationId } }))
        .status,
    ).toBe(400);
    expect(
      (
        await session.call('post', '/api/events', '/api/events', {
          body: { event: 'offer_click', location_id: 'lc_unknown' },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await session.call('post', '/api/events', '/api/events', {
          body: { event: 'offer_click', location_id: locationId },
          csrf: false,
        })
      ).status,
    ).toBe(419);
  });
});

describe('GET /api/promotions', () => {
  it('lists the country’s promotions, newest first on request, in the list shape', async () => {
    const affiliates = createServiceClient(AffiliatesServiceService, platform.addresses.affiliates);
    const now = Date.now();
    const create = (title: string, startsAt: number) =>
      affiliates.createPromotion(
        CreatePromotionRequest.fromPartial({
          actorUserId: platform.staffUserId,
          title,
          shopId: catalogue.shopIds.alpenhaus,
          url: 'https://alpenhaus-elektronik.example/deal',
          countries: ['CH'],
          startsAt: new Date(startsAt),
          endsAt: new Date(now + (startsAt - now + 10 * 86_400_000)),
        }),
      );
    await create('Older deal', now - 5 * 86_400_000);
    await create('Newer deal', now - 86_400_000);
    const endingSoon = await getJson('/api/promotions?locale=de-ch', '/api/promotions');
    expect(endingSoon.body.data.map((p: { title: string }) => p.title)).toEqual(['Older deal', 'Newer deal']);
    const newest = await getJson('/api/promotions?locale=de-ch&sort=newest', '/api/promotions');
    expect(newest.body.data.map((p: { title: string }) => p.title)).toEqual(['Newer deal', 'Older deal']);
    expect(newest.body.meta).toMatchObject({ total: 2, sort: 'newest', defaultSort: 'ending-soon' });
    expect(newest.body.data[0].clickLink).toMatch(/^\/goto\/pr_/);
    expect((await getJson('/api/promotions?locale=en-gb', '/api/promotions')).body.data).toEqual([]);
    expect((await getJson('/api/promotions?sort=cheapest', '/api/promotions')).status).toBe(400);
    expect((await getJson('/api/promotions?refinements[status]=forever', '/api/promotions')).status).toBe(400);
  });
});

describe('a sale reported by a network on the green offer', () => {
  const post = (body: unknown, secret = TEST_NETWORK.secret) => {
    const raw = JSON.stringify(body);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signature = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${raw}`).digest('hex')}`;
    return routes.postback({
      request: new Request(`http://site.test/postbacks/${TEST_NETWORK.name}`, {
        method: 'POST',
        body: raw,
        headers: { 'content-type': 'application/json', 'x-signature': signature, 'x-signature-timestamp': timestamp },
      }),
      params: { network: TEST_NETWORK.name },
      context: {},
    }) as Promise<Response>;
  };
  const totals = () =>
    routes.ecoTipTotals(routes.siteContext(new Request('http://site.test/de-de/umwelt/ecotip'), 'de-de'));

  it('books 1 % in the EcoTip totals, reconciling with the ledger’s CSV, and a cancellation takes it back', async () => {
    const green = (await swissOffers()).find((o: { isGreen: boolean }) => o.isGreen);
    const redirect = await follow(
      `${green.clickLink}?o=product&p=offer&product=${catalogue.products.headphones.productId}`,
      '203.0.113.9',
    );
    const clickId = new URL(redirect.headers.get('Location') ?? '').searchParams.get('pc_click');
    const sale = (status: string) => ({
      transaction_id: 'T-1',
      click_id: clickId,
      order_value: { amount_minor: 27_900, currency: 'CHF' },
      status,
    });

    const forged = await post(sale('confirmed'), 'a-secret-that-is-not-the-networks');
    expect(forged.status).toBe(401);
    expect((await totals())?.purchases).toBe(0);

    const confirmed = await post(sale('confirmed'));
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({
      data: [
        {
          transactionId: 'T-1',
          status: 'confirmed',
          changed: true,
          ecotip: { status: 'confirmed', amount: 279, currency: 'CHF' },
        },
      ],
    });
    // A German visitor sees it in euros (CHF 2.79 at 1.05), the ledger in francs.
    const view = await totals();
    expect(view).toMatchObject({ currency: 'EUR', donated: { amount: 293, currency: 'EUR' }, purchases: 1 });
    const csv = await (await routes.ledgerCsv()).text();
    const rows = csv
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(','));
    expect(rows.map((r) => [r[7], r[10]])).toEqual([['confirmed', '2.79']]);
    expect(view?.rows).toEqual([
      {
        month: new Date().toISOString().slice(0, 7),
        country: 'CH',
        donated: { amount: 293, currency: 'EUR' },
        pending: { amount: 0, currency: 'EUR' },
        purchases: 1,
      },
    ]);

    expect(await (await post(sale('confirmed'))).json()).toMatchObject({ data: [{ changed: false }] });
    await post(sale('cancelled'));
    expect(await totals()).toMatchObject({ donated: { amount: 0 }, purchases: 0 });
    const after = (await (await routes.ledgerCsv()).text()).trim().split('\r\n').slice(1);
    expect(after.map((line) => line.split(',')[10])).toEqual(['2.79', '-2.79']);
  });
});
