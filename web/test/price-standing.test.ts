import { parse } from 'csv-parse/sync';
import { createServiceClient } from '@pc/kit/grpc/client';
import { useTestIdentity } from '@pc/kit/identity/testing/test-identity';
import { Availability, Condition } from '@pc/proto/common/v1/commerce';
import { ObservationSource, OfferObserved } from '@pc/proto/crawler/events/v1/events';
import { OffersServiceService, RegisterShopRequest } from '@pc/proto/offers/v1/offers';
import { answerOf } from './admin-panel-session';
import { BrowserSession } from './browser-session';
import { OpenApiContract } from './openapi-contract';
import { eventually, gtin13, listOwnedShopWithHeadphones, seedCatalogue, type Catalogue } from './platform-fixture';
import { startPlatform, type Platform } from './platform-harness';
import { registerBusinessUser } from './business-users';
import { renderSitePage } from './site-page';

/**
 * A shop's price standing (ADR 144) over the real services, each started from its app.ts: an
 * owner's listed shop sells the fixture's three products in Switzerland — the earbuds cheaper
 * than Alpenhaus Elektronik, the Bose 3 % above Rheinmarkt, the headphones 20 % above Alpenhaus.
 * The owner's page counts one of each, lists the headphones first with Alpenhaus named as the
 * cheaper shop, and is linked from shop settings; the CSV reads back to both products it is not
 * the cheapest of; another owner gets 404 for both, a country the shop does not sell in is a 400.
 */

// The shop pages link their stylesheet through Vite, which the test does not run.
jest.mock('~/styles/business.css?url', () => ({ __esModule: true, default: '/business.css' }), { virtual: true });

// The site's calls sign as the site does in production (a user front: the actor travels as a signed user).
useTestIdentity('web');

type PageRoute = typeof import('~/routes/account.business.shops.$shop_.prices');
type CsvRoute = typeof import('~/routes/account.business.shops.$shop_.prices[.]csv');
type SettingsRoute = typeof import('~/routes/account.business.shops.$shop');

const SITE = 'http://site.test';

const contract = new OpenApiContract();
let platform: Platform;
let catalogue: Catalogue;
let handle: (request: Request) => Promise<Response>;
let pageRoute: PageRoute;
let csvRoute: CsvRoute;
let settingsRoute: SettingsRoute;
let shopId = '';
let emptyShopId = '';
const cookies = { owner: '', stranger: '' };

const get = (path: string, cookie: string) => new Request(`${SITE}${path}`, { headers: { cookie } });
const pagePath = (shop: string, query = '') => `/account/business/shops/${shop}/prices${query}`;

const page = (cookie: string, query = '', shop = shopId) =>
  answerOf(() => pageRoute.loader({ request: get(pagePath(shop, query), cookie), params: { shop }, context: {} }));

const csv = (cookie: string, query = '') =>
  Promise.resolve(
    csvRoute.loader({
      request: get(`/account/business/shops/${shopId}/prices.csv${query}`, cookie),
      params: { shop: shopId },
      context: {},
    }),
  ).catch((thrown: unknown) => thrown) as Promise<Response>;

async function signIn(email: string): Promise<string> {
  const session = new BrowserSession(handle, contract);
  await session.call('get', '/auth/csrf-cookie', '/auth/csrf-cookie');
  const login = await session.call('post', '/auth/login', '/auth/login', { body: { email, password: 'secret-pass' } });
  expect(login.status).toBe(200);
  return [...session.cookies].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('; ');
}

/** The owner's shop's Swiss feed offer of a fixture product, as the crawler observes it. */
function ownOffer(
  shopOfferId: string,
  product: { title: string; brand: string; mpn: string; gtin: string },
  price: number,
) {
  return OfferObserved.fromPartial({
    observationId: `${shopId}:${shopOfferId}:${Date.now()}`,
    shopId,
    shopOfferId,
    url: `https://standing-audio.example/p/${shopOfferId}`,
    title: product.title,
    brand: product.brand,
    gtin: `0${product.gtin}`,
    rawGtin: product.gtin,
    mpn: product.mpn,
    categoryPath: 'Electronics > Audio > Headphones',
    price: { amountMinor: price, currency: 'CHF' },
    availability: Availability.AVAILABILITY_IN_STOCK,
    condition: Condition.CONDITION_NEW,
    country: 'CH',
    language: 'en',
    observedAt: new Date(),
    source: ObservationSource.OBSERVATION_SOURCE_FEED,
  });
}

beforeAll(async () => {
  platform = await startPlatform();
  pageRoute = await import('~/routes/account.business.shops.$shop_.prices');
  csvRoute = await import('~/routes/account.business.shops.$shop_.prices[.]csv');
  settingsRoute = await import('~/routes/account.business.shops.$shop');
  await import('~/i18n/messages.server');
  const { createApiRequestHandler } = await import('./api-request-handler');
  handle = createApiRequestHandler();
  catalogue = await seedCatalogue(platform);

  const business = (email: string, name: string) => registerBusinessUser(platform, email, name);
  const ownerId = await business('owner@standing-shop.test', 'Paula Price');
  await business('stranger@standing-other.test', 'Stella Stranger');
  const offers = createServiceClient(OffersServiceService, platform.addresses.offers);
  const register = async (name: string, domain: string) =>
    (
      await offers.registerShop(
        RegisterShopRequest.fromPartial({
          actorUserId: ownerId,
          name,
          homepageUrl: `https://${domain}/`,
          company: `${name} GmbH`,
          email: `info@${domain}`,
          address: { line1: 'Seestrasse 2', zipCode: '8002', city: 'Zürich', country: 'CH' },
          phone: '+41 44 000 00 01',
          countries: ['CH'],
          termsAccepted: true,
        }),
      )
    ).shop?.id ?? '';
  shopId = await register('Standing Audio', 'standing-audio.example');
  emptyShopId = await register('Empty Audio', 'empty-audio.example');
  // The headphones 20 % above Alpenhaus's CHF 279.00.
  await listOwnedShopWithHeadphones(platform, catalogue, {
    ownerId,
    shopId,
    url: 'https://standing-audio.example/p/hp',
    price: 33_480,
  });
  await platform.observe([
    // Cheaper than Alpenhaus's CHF 229.00.
    ownOffer(
      'earbuds',
      { title: 'Sony WF-1000XM5 Wireless Earbuds', brand: 'Sony', mpn: 'WF1000XM5B.CE7', gtin: gtin13('454873615488') },
      22_000,
    ),
    // 3 % above Rheinmarkt's CHF 379.00.
    ownOffer(
      'bose',
      { title: 'Bose QuietComfort Ultra Headphones', brand: 'Bose', mpn: '880066-0100', gtin: gtin13('017817847735') },
      39_037,
    ),
  ]);
  const { priceStanding } = await import('~/data/price-standing.server');
  await eventually('offers to compare the three products', async () => {
    const standing = await priceStanding(ownerId, shopId, { country: '', language: 'en' });
    const { cheapest, within, above } = standing.counts;
    return cheapest + within + above === 3 ? standing : undefined;
  });
  cookies.owner = await signIn('owner@standing-shop.test');
  cookies.stranger = await signIn('stranger@standing-other.test');
}, 240_000);

afterAll(async () => {
  await platform?.stop();
});

describe('the price standing page', () => {
  it('counts one cheapest, one within 5 %, one above, and lists the 20 % one first with the cheaper shop', async () => {
    const { status, data } = await page(cookies.owner);
    expect(status).toBe(200);
    const { headphones, bose } = catalogue.products;
    expect(data.standing).toMatchObject({
      country: 'CH',
      currency: 'CHF',
      counts: { cheapest: 1, within: 1, above: 1, notCompared: 0 },
      totalProducts: 2,
      nextPageToken: '',
    });
    expect(data.standing.products).toEqual([
      expect.objectContaining({
        productId: headphones.productId,
        name: headphones.name,
        priceMinor: 33_480,
        lowestMinor: 27_900,
        gapMinor: 5_580,
        cheapestShopName: 'Alpenhaus Elektronik',
        shopsCount: 3,
      }),
      expect.objectContaining({ productId: bose.productId, lowestMinor: 37_900, cheapestShopName: 'Rheinmarkt' }),
    ]);
    expect(data.standing.products[0].gapPercent).toBeCloseTo(20, 5);

    const html = await renderSitePage(
      pageRoute,
      'account/business/shops/:shop/prices',
      get(pagePath(shopId), cookies.owner),
    );
    expect(html).toContain('<h1>Price standing: Standing Audio</h1>');
    expect(html).toContain('<dd data-standing="cheapest">1</dd>');
    expect(html).toContain('<dd data-standing="within">1</dd>');
    expect(html).toContain('<dd data-standing="above">1</dd>');
    expect(html).toMatch(/Figures as of \d{1,2} \w{3} \d{4}, \d\d:\d\d UTC/);
    const rows = [...html.matchAll(/<tr data-product="([^"]+)">/g)].map((match) => match[1]);
    expect(rows).toEqual([headphones.productId, bose.productId]);
    expect(html).toContain(`<a href="/en-ch/products/${headphones.productId}">${headphones.name}</a>`);
    expect(html).toContain(`>Alpenhaus Elektronik</a>`);
    expect(html).toContain(`href="/account/business/shops/${shopId}/prices.csv?country=CH"`);
  });

  it('says a shop without matched offers has none yet', async () => {
    const { status, data } = await page(cookies.owner, '', emptyShopId);
    expect(status).toBe(200);
    expect(data.standing.counts).toEqual({ cheapest: 0, within: 0, above: 0, notCompared: 0, held: 0 });
    const html = await renderSitePage(
      pageRoute,
      'account/business/shops/:shop/prices',
      get(pagePath(emptyShopId), cookies.owner),
    );
    expect(html).toContain('No listed offer of this shop is matched to a product in this country yet.');
  });

  it('is linked from the shop settings beside the click report', async () => {
    const html = await renderSitePage(
      settingsRoute,
      'account/business/shops/:shop',
      get(`/account/business/shops/${shopId}`, cookies.owner),
    );
    expect(html).toContain(
      `<a data-discover="true" href="/account/business/shops/${shopId}/prices">Your prices against other shops</a>`,
    );
  });

  it('does not exist for another business account (404), and refuses a country the shop does not sell in (400)', async () => {
    expect((await page(cookies.stranger)).status).toBe(404);
    expect((await page('')).status).toBe(302);
    expect(await page(cookies.owner, '?country=DE')).toMatchObject({
      status: 400,
      data: { errors: { country: 'priceStanding.errors.country' }, standing: null },
    });
  });
});

describe('the price standing CSV', () => {
  it('lists both products the shop is not the cheapest of, the biggest gap first', async () => {
    const answer = await csv(cookies.owner, '?country=CH');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('Content-Disposition')).toBe(
      `attachment; filename="prices-${shopId.replace(/[^\w-]/g, '_')}-CH.csv"`,
    );
    expect(answer.headers.get('Cache-Control')).toBe('private, no-store');
    const bytes = Buffer.from(await answer.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows: Record<string, string>[] = parse(bytes, { bom: true, columns: true });
    const { headphones, bose } = catalogue.products;
    expect(rows).toEqual([
      {
        country: 'CH',
        currency: 'CHF',
        product_id: headphones.productId,
        product_name: headphones.name,
        product_url: `${SITE}/en-ch/products/${headphones.productId}`,
        your_price: '334.80',
        lowest_price: '279.00',
        cheapest_shop: 'Alpenhaus Elektronik',
        gap: '55.80',
        gap_percent: '20.0',
        shops: '3',
        shipping_included: 'no',
      },
      expect.objectContaining({ product_id: bose.productId, cheapest_shop: 'Rheinmarkt', gap_percent: '3.0' }),
    ]);
  });

  it('is 404 for another owner and a 400 naming country for a country the shop does not sell in', async () => {
    expect((await csv(cookies.stranger, '?country=CH')).status).toBe(404);
    const invalid = await csv(cookies.owner, '?country=DE');
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ errors: [{ field: 'country' }] });
  });
});
