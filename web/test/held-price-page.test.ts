import { createServiceClient } from '@pc/kit/grpc/client';
import { CatalogServiceService } from '@pc/proto/catalog/v1/catalog';
import { seedHeldPrice, type HeldPrice } from './held-price-fixture';
import { OpenApiContract } from './openapi-contract';
import { startPlatform, type Platform } from './platform-harness';
import { renderSitePage } from './site-page';

/**
 * A price offers holds back as implausible (ADR 146) on the product page and in the JSON API,
 * over the real services: three shops sell a product at CHF 289, 299 and 309 and one at CHF 2.99.
 * The page's lowest price is CHF 289.00; the CHF 2.99 offer is listed last, marked "Price being
 * checked" and explained, never as the cheapest; the API's offer says why it is held.
 */

type ProductRoute = typeof import('~/routes/$locale.products.$product');

const contract = new OpenApiContract();
let platform: Platform;
let held: HeldPrice;
let route: ProductRoute;
let handle: (request: Request) => Promise<Response>;
let segment = '';

beforeAll(async () => {
  platform = await startPlatform();
  route = await import('~/routes/$locale.products.$product');
  await import('~/i18n/messages.server');
  const { createApiRequestHandler } = await import('./api-request-handler');
  handle = createApiRequestHandler();
  held = await seedHeldPrice(platform);
  const catalog = createServiceClient(CatalogServiceService, platform.addresses.catalog);
  const { product } = await catalog.getProduct({ productId: held.productId, language: 'en' });
  segment = `${product?.slug ?? 'product'}-p${held.productId}`;
}, 120_000);

afterAll(async () => {
  await platform?.stop();
});

/** The product page as the site renders it in `locale`. */
const renderProduct = (locale: string) =>
  renderSitePage(route, ':locale/products/:product', new Request(`http://site.test/${locale}/products/${segment}`));

/** The offer rows of a rendered page, in their order. */
const offerRows = (html: string): string[] => html.match(/<li class="offer-row[^"]*"[\s\S]*?<\/li>/g) ?? [];

describe('a held price on the product page (ADR 146)', () => {
  jest.setTimeout(60_000);

  it('marks the CHF 2.99 offer "Price being checked", listed last, the lowest price CHF 289.00', async () => {
    const html = await renderProduct('en-ch');
    const rows = offerRows(html);
    expect(rows).toHaveLength(4);
    const last = rows[3] ?? '';
    expect(last).toContain(held.heldShopName);
    expect(last).toMatch(/CHF.2\.99/);
    expect(last).toContain('data-price-hold="implausibly_low"');
    expect(last).toContain('Price being checked');
    expect(last).toContain(
      'This price is far below the other shops’ (typically CHF\u00a0299.00) and is being checked; it does not count as the lowest price.',
    );
    // The other rows are no held prices, and the first is the cheapest price that counts.
    expect(rows.slice(0, 3).join('')).not.toContain('Price being checked');
    expect(rows[0]).toMatch(/CHF.289\.00/);
    // The page's "from" price is the summary's: the CHF 289.00 offer's, of the 3 that count.
    const head = /<p class="head-price">[\s\S]*?<\/p>/.exec(html)?.[0] ?? '';
    expect(head).toMatch(/from.*CHF.289\.00/);
    expect(head).toContain('3 offers');
    // Nor does the price history name it: today's lowest, in 30 days and ever, is CHF 289.00.
    expect(html).toMatch(/Lowest ever: CHF.289\.00/);
    expect(html).not.toMatch(/Lowest (ever|in 30 days): CHF.2\.99/);
  });

  it('says so in the site language', async () => {
    const rows = offerRows(await renderProduct('de-ch'));
    expect(rows[3]).toContain('Preis wird geprüft');
  });

  it('gives the API’s offer its price hold: the median of the others and how many', async () => {
    const template = '/api/products/{id}/offers';
    const response = await handle(new Request(`http://site.test/api/products/${held.productId}/offers?locale=en-ch`));
    const body = (await response.json()) as { data: { identifier: string; priceHold: unknown }[] };
    contract.check(template, response.status, body);
    expect(response.status).toBe(200);
    expect(body.data.map((offer) => offer.priceHold)).toEqual([
      null,
      null,
      null,
      { reason: 'implausibly_low', median: { amount: 29_900, currency: 'CHF' }, compared: 3 },
    ]);
    expect(body.data[3]?.identifier).toBe(held.heldOffer.id);
  });
});
