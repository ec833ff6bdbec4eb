import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { join } from 'node:path';
import { openEmbeddedEventBus } from '@pc/embedded-event-log/open-embedded-event-bus';
import { Events } from '@pc/proto/event-catalog';
import { createEventPublisher } from '@pc/kit/events/publisher';
import { closeAllChannels } from '@pc/kit/grpc/channel-pool';
import { createServiceClient } from '@pc/kit/grpc/client';
import type { EventBus } from '@pc/kit/ports/event-bus';
import { AccountsServiceService } from '@pc/proto/accounts/v1/accounts';
import { AccountType } from '@pc/proto/accounts/v1/types';
import { SubscriptionChanged } from '@pc/proto/billing/events/v1/events';
import { SubscriptionStatus } from '@pc/proto/billing/v1/types';
import {
  AffiliatesServiceService,
  GetClickStatsRequest,
  SaveAdvertisementRequest,
  SaveAdvertiserRequest,
  SaveAffiliateAccountRequest,
} from '@pc/proto/affiliates/v1/affiliates';
import { AdvertiserKind, PricingModel } from '@pc/proto/affiliates/v1/types';
import { Availability, Condition } from '@pc/proto/common/v1/commerce';
import { ObservationSource, OfferObserved } from '@pc/proto/crawler/events/v1/events';
import { OffersServiceService, RegisterShopRequest, SetShopStatusRequest } from '@pc/proto/offers/v1/offers';
import { ShopStatus } from '@pc/proto/offers/v1/types';
import { startPlatform, type RunningPlatform } from '../../scripts/e2e/platform-process';
import { launchBrowser, watchErrors, type Browser } from './support/browser';
import { screenshot } from './support/site';
import { until } from './support/until';

/** The network whose signed postbacks affiliates accepts in this run. */
const NETWORK = { name: 'e2enet', secret: 'e2e-network-shared-secret-000000' };
const PRODUCT = {
  title: 'Fairphone 5 Smartphone 256 GB Matte Black',
  brand: 'Fairphone',
  gtin: '08720254050012',
  mpn: 'F5FPHN-1MB-WW1',
};

/** The shop's own website: a local server standing in for it, remembering what was asked. */
function shopSite(): Promise<{ server: Server; origin: string; requests: string[] }> {
  const requests: string[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    requests.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      '<!doctype html><html lang="en"><title>Green Phones</title><h1>Green Phones: Fairphone 5</h1><p>Welcome from pricecompare.</p></html>',
    );
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, origin: `http://127.0.0.1:${(server.address() as { port: number }).port}`, requests }),
    ),
  );
}

/**
 * Issue 41 in a browser: a visitor clicks a leaf-marked offer on its product page and lands on
 * the shop's page with the shop's URL parameters and our tracking parameters; the click shows
 * in the owner's statistics and in "popular"; the network reports the sale (a signed postback),
 * the EcoTip page shows its donation, and a cancellation takes it back. `npm start` without demo
 * data, filled through the real ingest path.
 */
describe('affiliates in a browser: click-out, statistics, EcoTip', () => {
  let platform: RunningPlatform;
  let browser: Browser;
  let bus: EventBus;
  let shop: Awaited<ReturnType<typeof shopSite>>;
  let site = '';
  let owner = '';
  let shopId = '';
  let productPath = '';
  let affiliates: ReturnType<typeof createServiceClient<typeof AffiliatesServiceService>>;
  let advertiserId = '';

  beforeAll(async () => {
    shop = await shopSite();
    platform = await startPlatform(12, { env: { AFFILIATES_POSTBACK_SECRETS: `${NETWORK.name}=${NETWORK.secret}` } });
    site = platform.siteUrl;
    const address = (service: string) => `127.0.0.1:${platform.grpcPort(service)}`;
    const accounts = createServiceClient(AccountsServiceService, address('accounts'));
    const offers = createServiceClient(OffersServiceService, address('offers'));
    affiliates = createServiceClient(AffiliatesServiceService, address('affiliates'));
    const { user } = await accounts.register({
      name: 'Greta Green',
      email: 'greta@green-phones.test',
      password: 'secret-pass',
      passwordConfirmation: 'secret-pass',
      phone: '',
      accountType: AccountType.ACCOUNT_TYPE_BUSINESS,
      company: 'Green Phones GmbH',
      termsAccepted: true,
      language: 'en',
      rememberMe: false,
      client: undefined,
    });
    owner = user?.id ?? '';
    const registered = await offers.registerShop(
      RegisterShopRequest.fromPartial({
        actorUserId: owner,
        name: 'Green Phones',
        homepageUrl: `${shop.origin}/`,
        company: 'Green Phones GmbH',
        email: 'info@green-phones.test',
        address: { line1: 'Seestrasse 1', zipCode: '8002', city: 'Zürich', country: 'CH' },
        phone: '+41 44 000 00 00',
        countries: ['CH'],
        termsAccepted: true,
      }),
    );
    shopId = registered.shop?.id ?? '';
    // Paid for (billing's SubscriptionChanged, as the card flow ends), then activated by staff.
    bus = openEmbeddedEventBus({ path: join(platform.dataDir, 'events', 'log.sqlite') });
    const payment = SubscriptionChanged.fromPartial({
      subscriptionId: `sub_${shopId}`,
      userId: owner,
      version: 1,
      status: SubscriptionStatus.SUBSCRIPTION_STATUS_ACTIVE,
      planId: 'listing-monthly',
      shopIds: [shopId],
      changedAt: new Date(),
    });
    await createEventPublisher(bus, 'billing').publish(Events.subscriptionChanged, payment.subscriptionId, payment);
    const activated = await until(
      () =>
        offers
          .setShopStatus(
            SetShopStatusRequest.fromPartial({
              actorUserId: platform.staffUserId,
              shopId,
              status: ShopStatus.SHOP_STATUS_ACTIVE,
            }),
          )
          .then(
            () => true,
            () => false,
          ),
      (done) => done,
      30_000,
    );
    expect(activated).toBe(true);
    // The shop's URL parameters (shop settings), and the network's tracking parameter (staff).
    await offers.setUrlParameters({
      actorUserId: owner,
      shopId,
      urlParameters: [
        { name: 'utm_source', value: 'pricecompare' },
        { name: 'ref', value: 'ours' },
      ],
    });
    const { advertiser } = await affiliates.saveAdvertiser(
      SaveAdvertiserRequest.fromPartial({
        actorUserId: platform.staffUserId,
        advertiser: {
          name: 'Green Phones',
          kind: AdvertiserKind.ADVERTISER_KIND_SHOP,
          shopId,
          homepageUrl: `${shop.origin}/`,
          pricing: PricingModel.PRICING_MODEL_CPS,
          active: true,
        },
      }),
    );
    advertiserId = advertiser?.id ?? '';
    // Its advertisement in the product pages' slot.
    await affiliates.saveAdvertisement(
      SaveAdvertisementRequest.fromPartial({
        actorUserId: platform.staffUserId,
        advertisement: {
          advertiserId,
          placement: 'product',
          title: 'Green Phones: repairable phones',
          url: `${shop.origin}/`,
          countries: ['CH'],
          weight: 1,
        },
      }),
    );
    await affiliates.saveAffiliateAccount(
      SaveAffiliateAccountRequest.fromPartial({
        actorUserId: platform.staffUserId,
        account: {
          advertiserId,
          network: NETWORK.name,
          publisherId: 'pub-1',
          commissionBasisPoints: 500,
          active: true,
          trackingParameters: [{ name: 'subid', value: '{click_id}' }],
        },
      }),
    );
    const observation = OfferObserved.fromPartial({
      observationId: `${shopId}:fp5:1`,
      shopId,
      shopOfferId: 'fp5',
      url: `${shop.origin}/p/fairphone-5?ref=feed`,
      title: PRODUCT.title,
      brand: PRODUCT.brand,
      gtin: PRODUCT.gtin,
      mpn: PRODUCT.mpn,
      categoryPath: 'Electronics > Phones',
      price: { amountMinor: 49_900, currency: 'CHF' },
      availability: Availability.AVAILABILITY_IN_STOCK,
      condition: Condition.CONDITION_NEW,
      country: 'CH',
      language: 'en',
      isGreen: true,
      observedAt: new Date(),
      source: ObservationSource.OBSERVATION_SOURCE_FEED,
    });
    await createEventPublisher(bus, 'crawler').publish(Events.offerObserved, `${shopId}:fp5`, observation);
    const products = await until(
      async () =>
        (await (await fetch(`${site}/api/products?locale=en-ch&search=Fairphone&with_offers=true`)).json()) as {
          data: { route: string }[];
        },
      (answer) => answer.data.length > 0,
      60_000,
    );
    productPath = products.data[0]?.route ?? '';
    browser = await launchBrowser();
    // A visitor's browser: headless Chromium says "HeadlessChrome", which the click filter rightly
    // takes for a bot (kept, not counted).
    await browser.context.setExtraHTTPHeaders({
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
    });
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await bus?.close();
    closeAllChannels();
    if (platform && platform.process.exitCode === null) await platform.interrupt();
    await new Promise((resolve) => shop?.server.close(resolve));
  });

  const postback = (body: unknown) => {
    const raw = JSON.stringify(body);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signature = `sha256=${createHmac('sha256', NETWORK.secret).update(`${timestamp}.${raw}`).digest('hex')}`;
    return fetch(`${site}/postbacks/${NETWORK.name}`, {
      method: 'POST',
      body: raw,
      headers: { 'content-type': 'application/json', 'x-signature': signature, 'x-signature-timestamp': timestamp },
    });
  };

  it('counts an advertisement’s impression when a visitor sees it, once a minute, and no render', async () => {
    const impressions = async () =>
      (await affiliates.getAdvertiser({ actorUserId: platform.staffUserId, advertiserId })).advertisements.map(
        (ad) => ad.impressions,
      );
    // Rendered twice (the second time from the page's kept parts): served, counted nothing.
    for (let i = 0; i < 2; i += 1)
      await fetch(`${site}${productPath}`, { headers: { 'cache-control': 'no-cache' } }).then((r) => r.text());
    expect(await impressions()).toEqual([0]);
    const seen = async () => {
      const page = await browser.context.newPage();
      await page.goto(`${site}${productPath}`, { waitUntil: 'networkidle' });
      const told = page.waitForResponse((r) => r.url().endsWith('/api/ad-impressions'));
      await page.locator('.ad-slot').scrollIntoViewIfNeeded();
      const answer = (await (await told).json()) as { data: { counted: number } };
      await page.close();
      return answer.data.counted;
    };
    expect(await seen()).toBe(1);
    expect(await seen()).toBe(0); // the same visitor within the minute
    expect(await impressions()).toEqual([1]);
  });

  it('follows an offer to the shop with its parameters, counts the click, and books then reverses the EcoTip donation of its sale', async () => {
    expect(productPath).toMatch(/^\/en-ch\/products\//);
    const page = await browser.context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${site}${productPath}`, { waitUntil: 'networkidle' });
    await screenshot(page, 'affiliates-product');

    // The offer's button opens the shop in a new tab, through /goto.
    const [landing] = await Promise.all([
      browser.context.waitForEvent('page'),
      page.locator('.offer-row a.button.primary').first().click(),
    ]);
    await landing.waitForLoadState('load');
    const landed = new URL(landing.url());
    expect(landed.origin).toBe(shop.origin);
    expect(landed.pathname).toBe('/p/fairphone-5');
    const clickId = landed.searchParams.get('pc_click') ?? '';
    expect(clickId).toMatch(/^ck_\w+$/);
    // The offer link's own parameter wins; the shop's and the network's are added.
    expect(Object.fromEntries(landed.searchParams)).toEqual({
      ref: 'feed',
      utm_source: 'pricecompare',
      subid: clickId,
      pc_click: clickId,
    });
    expect(await landing.locator('h1').innerText()).toBe('Green Phones: Fairphone 5');
    await screenshot(landing, 'affiliates-shop-landing');
    await landing.close();

    // The owner's statistics count it (the business dashboard reads the same RPC).
    const affiliates = createServiceClient(AffiliatesServiceService, `127.0.0.1:${platform.grpcPort('affiliates')}`);
    const stats = await until(
      async () =>
        (await affiliates.getClickStats(GetClickStatsRequest.fromPartial({ actorUserId: owner, shopIds: [shopId] })))
          .shops[0],
      (shopStats) => (shopStats?.clicksToday ?? 0) > 0,
      30_000,
    );
    expect(stats).toMatchObject({ clicksToday: 1, clicksThisMonth: 1, countries: [{ country: 'CH', clicks: 1 }] });

    // … and the home page's "popular" row (search folds the same ClickRecorded).
    const popular = await until(
      async () => {
        await page.goto(`${site}/en-ch`, { waitUntil: 'networkidle' });
        return page
          .locator('section:has(#popular-heading)')
          .innerText()
          .catch(() => '');
      },
      (text) => text.includes('Fairphone 5'),
      30_000,
    );
    expect(popular).toContain('Fairphone 5');

    // The network reports the sale: 1 % of CHF 499.00 goes to the environment.
    const ecotip = async () => {
      await page.goto(`${site}/en-ch/environment/ecotip`, { waitUntil: 'networkidle' });
      // Intl writes a no-break space after the currency.
      const text = async (total: string) =>
        (await page.locator(`[data-total="${total}"]`).innerText()).replace(/\s/g, ' ');
      return { donated: await text('donated'), purchases: await text('purchases') };
    };
    const sale = (status: string) => ({
      transaction_id: 'GP-1001',
      click_id: clickId,
      order_value: { amount_minor: 49_900, currency: 'CHF' },
      status,
    });
    expect((await postback(sale('confirmed'))).status).toBe(200);
    const booked = await until(ecotip, (totals) => totals.purchases === '1', 30_000);
    expect(booked).toEqual({ donated: 'CHF 4.99', purchases: '1' });
    expect(await page.locator('.ecotip-table tbody tr').first().innerText()).toContain('Switzerland');
    await screenshot(page, 'affiliates-ecotip-donated');
    const csv = await (await fetch(`${site}/ecotip/ledger.csv`)).text();
    expect(
      csv
        .trim()
        .split('\r\n')
        .slice(1)
        .map((line) => line.split(',')[7]),
    ).toEqual(['confirmed']);

    // The sale is cancelled: a new ledger entry takes the donation back.
    expect((await postback(sale('cancelled'))).status).toBe(200);
    const reversed = await until(ecotip, (totals) => totals.purchases === '0', 30_000);
    expect(reversed).toEqual({ donated: 'CHF 0.00', purchases: '0' });
    await screenshot(page, 'affiliates-ecotip-reversed');
    const after = await (await fetch(`${site}/ecotip/ledger.csv`)).text();
    expect(
      after
        .trim()
        .split('\r\n')
        .slice(1)
        .map((line) => line.split(',')[10]),
    ).toEqual(['4.99', '-4.99']);
    expect(errors.filter((e) => !e.includes('net::ERR_FAILED'))).toEqual([]);
    await page.close();
  });
});
