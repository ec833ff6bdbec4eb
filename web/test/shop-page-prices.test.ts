import type { LoaderFunctionArgs } from '@remix-run/node';
import { createServiceClient } from '@pc/kit/grpc/client';
import { SearchProductsRequest, SearchServiceService } from '@pc/proto/search/v1/search';
import { eventually, seedCatalogue, swissFeedOffer, type Catalogue } from './platform-fixture';
import { startPlatform, type Platform } from './platform-harness';
import { renderSitePage } from './site-page';

/**
 * A shop's page shows that shop's own prices (ADR 139), over the real services: Rheinmarkt sells
 * the headphones at CHF 299 while Alpenhaus sells them at CHF 279. On Rheinmarkt's page the card
 * shows CHF 299 as Rheinmarkt's, with the lowest across shops beside it; a product search still
 * lists for the shop but whose offer offers no longer counts (last seen too long ago: search lags
 * until the sweep withdraws it) shows no shop price.
 */

type ShopRoute = typeof import('~/routes/$locale.shops.$shop');
type ShopData = Awaited<ReturnType<(typeof import('~/data/entity-pages.server'))['shopPage']>>;

let platform: Platform;
let catalogue: Catalogue;
let shopRoute: ShopRoute;

const HOUR_MS = 3_600_000;

beforeAll(async () => {
  platform = await startPlatform();
  shopRoute = await import('~/routes/$locale.shops.$shop');
  await import('~/i18n/messages.server');
  catalogue = await seedCatalogue(platform);
  const { rheinmarkt } = catalogue.shopIds;
  // Rheinmarkt's earbuds, seen just inside offers' freshness window (72 h): listed at first, then
  // past it within seconds. Offers no longer counts them; search lists them until the sweep
  // (every 5 minutes) withdraws them: the lag a shop page meets.
  const stale = swissFeedOffer({
    shopId: rheinmarkt,
    shopOfferId: 'earbuds-ch',
    url: 'https://rheinmarkt.example/p/earbuds-ch',
    title: 'Sony WF-1000XM5 Wireless Earbuds',
    brand: 'Sony',
    gtin: '4548736154889',
    mpn: 'WF1000XM5B.CE7',
    categoryPath: 'Electronics > Audio > Headphones',
    price: 24900,
  });
  const staleAt = Date.now() + 15_000;
  await platform.observe([{ ...stale, observedAt: new Date(staleAt - 72 * HOUR_MS) }]);
  const search = createServiceClient(SearchServiceService, platform.addresses.search);
  await eventually('search to list the earbuds at Rheinmarkt', async () => {
    const { hits } = await search.searchProducts(
      SearchProductsRequest.fromPartial({ country: 'CH', language: 'en', filter: { shopId: rheinmarkt } }),
    );
    return hits.some((hit) => hit.productId === catalogue.products.earbuds.productId) ? hits : undefined;
  });
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, staleAt + 1_000 - Date.now())));
}, 120_000);

afterAll(async () => {
  await platform?.stop();
});

const shopPath = (locale: string) => `/${locale}/shops/${catalogue.shopIds.rheinmarkt}`;

async function load(locale = 'en-ch') {
  const request = new Request(`http://site.test${shopPath(locale)}`);
  const loader = shopRoute.loader as (args: LoaderFunctionArgs) => Promise<unknown>;
  const answer = (await loader({
    request,
    params: { locale, shop: catalogue.shopIds.rheinmarkt },
    context: {},
  })) as { data: ShopData; init: ResponseInit };
  return { page: answer.data, headers: new Headers(answer.init.headers) };
}

const render = (locale: string) =>
  renderSitePage(shopRoute, ':locale/shops/:shop', new Request(`http://site.test${shopPath(locale)}`));

/** The card of the product named `name` in the page's HTML. */
const cardOf = (html: string, name: string) =>
  [...html.matchAll(/<article class="product-card">[\s\S]*?<\/article>/g)]
    .map((match) => match[0])
    .find((card) => card.includes(`<h3>${name}</h3>`)) ?? '';

describe('a shop page’s product cards', () => {
  it('carry the shop’s own price of each product it offers, read in one call, and tag the page by product', async () => {
    const { page, headers } = await load();
    const { headphones, bose, earbuds } = catalogue.products;
    expect(page.prices).toEqual({
      [headphones.productId]: { amount: 29900, currency: 'CHF' },
      [bose.productId]: { amount: 37900, currency: 'CHF' },
    });
    // The card's overall lowest stays what search lists (the filter and sort go by it).
    expect(page.products.hits.find((hit) => hit.id === headphones.productId)?.price?.amount).toBe(27900);
    expect(page.prices?.[earbuds.productId]).toBeUndefined();
    const tags = headers.get('X-Cache-Tags')?.split(' ') ?? [];
    expect(tags).toEqual(
      expect.arrayContaining([`shop:${catalogue.shopIds.rheinmarkt}`, `product:${headphones.productId}`]),
    );
  });

  it('show the shop’s price as the shop’s, and the lower price across shops beside it, linking to the product', async () => {
    const html = await render('en-ch');
    const card = cardOf(html, catalogue.products.headphones.name);
    expect(card).toMatch(
      /<p class="card-price shop-own-price"><data value="299.00" class="price">CHF\u00a0299.00<\/data> <span class="muted">at Rheinmarkt[^<]*<\/span><\/p>/,
    );
    expect(card).toContain('Lowest across shops:');
    expect(card).toMatch(/<a [^>]*href="\/en-ch\/products\/[^"]+"[^>]*>[\s\S]*CHF\u00a0279.00[\s\S]*<\/a>/);
    expect(card).not.toContain('>from<');
    // Rheinmarkt is the only shop with the Bose: no other price beside its own.
    const bose = cardOf(html, catalogue.products.bose.name);
    expect(bose).toContain('CHF\u00a0379.00');
    expect(bose).not.toContain('Lowest across shops:');
    expect(html).toContain('Price filter and sort: lowest price across shops');
  });

  it('write both prices in the page’s language and number format', async () => {
    const html = await render('de-ch');
    const card = cardOf(html, catalogue.products.headphones.name);
    expect(card).toContain('CHF\u00a0299.00</data> <span class="muted">bei Rheinmarkt');
    expect(card).toContain('Günstigster Preis aller Shops:');
    expect(card).toContain('CHF\u00a0279.00');
    expect(html).toContain('Preisfilter und Sortierung: günstigster Preis aller Shops');
    const french = cardOf(await render('fr-ch'), catalogue.products.headphones.name);
    expect(french).toMatch(/299\.00\u00a0CHF|CHF\u00a0299\.00/);
    expect(french).toContain('chez Rheinmarkt');
  });

  it('show no shop price for a product the shop no longer offers, only the lowest across shops', async () => {
    const card = cardOf(await render('en-ch'), catalogue.products.earbuds.name);
    expect(card).not.toBe('');
    expect(card).toContain('Not offered here at the moment');
    expect(card).not.toContain('at Rheinmarkt');
    expect(card).not.toContain('249.00');
    expect(card).toContain('Lowest across shops:');
    expect(card).toContain('CHF\u00a0229.00');
  });
});
