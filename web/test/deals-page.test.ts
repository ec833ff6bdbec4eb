import { createServiceClient } from '@pc/kit/grpc/client';
import { Availability, Condition } from '@pc/proto/common/v1/commerce';
import { ProductSort } from '@pc/proto/common/v1/sort';
import { ObservationSource, OfferObserved } from '@pc/proto/crawler/events/v1/events';
import { OffersServiceService, RegisterShopRequest } from '@pc/proto/offers/v1/offers';
import { SearchProductsRequest, SearchServiceService } from '@pc/proto/search/v1/search';
import { eventually } from './platform-fixture';
import { startPlatform, type Platform } from './platform-harness';
import { renderSitePage, type SitePageModule } from './site-page';

/**
 * The deals page (ADR 142) over the real services: a shop's feed seen every day for nine days at
 * one price, then today at a lower one. Offers computes each product's drop against the average
 * of its daily lows, search indexes it, and the page lists what is at least 10 % below, in stock.
 */

const DAY = 86_400_000;
const today = Math.floor(Date.now() / DAY) * DAY;

/** A GTIN-13 from 12 digits with its check digit (GS1: weights 1,3 from the left). */
function gtin13(body: string): string {
  const sum = [...body].reduce((total, digit, i) => total + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** Three kettles at 100.00 for nine days; today one 20 % cheaper, one 5 %, one 20 % but sold out. */
const KETTLES = [
  { key: 'dropped', title: 'Stadler Form Karl Kettle', today: 8_000, inStock: true },
  { key: 'slight', title: 'Bodum Bistro Kettle', today: 9_500, inStock: true },
  { key: 'soldout', title: 'Smeg KLF03 Kettle', today: 8_000, inStock: false },
] as const;

let platform: Platform;
let route: SitePageModule & typeof import('~/routes/$locale.deals');

function kettleSeen(shopId: string, i: number, price: number, inStock: boolean, observedAt: Date): OfferObserved {
  const kettle = KETTLES[i]!;
  return OfferObserved.fromPartial({
    observationId: `${shopId}:${kettle.key}:${observedAt.getTime()}`,
    shopId,
    shopOfferId: kettle.key,
    url: `https://kuechenhaus.example/p/${kettle.key}`,
    title: kettle.title,
    brand: kettle.title.split(' ')[0],
    gtin: `0${gtin13(`76100000000${i}`)}`,
    rawGtin: gtin13(`76100000000${i}`),
    mpn: `KT-${i}`,
    categoryPath: 'Home > Kitchen > Kettles',
    price: { amountMinor: price, currency: 'CHF' },
    availability: inStock ? Availability.AVAILABILITY_IN_STOCK : Availability.AVAILABILITY_OUT_OF_STOCK,
    condition: Condition.CONDITION_NEW,
    country: 'CH',
    language: 'en',
    observedAt,
    source: ObservationSource.OBSERVATION_SOURCE_FEED,
  });
}

beforeAll(async () => {
  platform = await startPlatform();
  // Loaded now: the BFF's config reads the service addresses the platform put in process.env.
  route = (await import('~/routes/$locale.deals')) as typeof route;
  const offers = createServiceClient(OffersServiceService, platform.addresses.offers);
  const search = createServiceClient(SearchServiceService, platform.addresses.search);
  const { shop } = await offers.registerShop(
    RegisterShopRequest.fromPartial({
      actorUserId: platform.staffUserId,
      name: 'Küchenhaus',
      homepageUrl: 'https://kuechenhaus.example/',
      countries: ['CH'],
      directoryListing: true,
    }),
  );
  const shopId = shop?.id ?? '';
  const days = Array.from({ length: 9 }, (_, d) => new Date(today - (9 - d) * DAY + 10 * 3_600_000));
  await platform.observe([
    ...days.flatMap((day) => KETTLES.map((_, i) => kettleSeen(shopId, i, 10_000, true, day))),
    ...KETTLES.map((kettle, i) => kettleSeen(shopId, i, kettle.today, kettle.inStock, new Date())),
  ]);
  await eventually(
    'search to index the three kettles with today’s drops',
    async () => {
      const response = await search.searchProducts(
        SearchProductsRequest.fromPartial({
          country: 'CH',
          language: 'en',
          sort: ProductSort.PRODUCT_SORT_PRICE_DROP,
          page: { hitsPerPage: 10 },
        }),
      );
      const drops = response.hits.map((hit) => hit.priceDropPercent).sort((a, b) => b - a);
      return drops.join() === '20,20,5' ? drops : undefined;
    },
    60_000,
  );
}, 120_000);

afterAll(async () => {
  await platform?.stop();
});

const render = (path: string) => renderSitePage(route, ':locale/*', new Request(`http://site.test${path}`));

describe('the deals page', () => {
  it('lists what is at least 10 % below its 30-day average and in stock, saying how far and against what', async () => {
    const html = await render('/en-ch/deals');
    expect(html).toContain('Stadler Form Karl Kettle');
    expect(html).toContain('−20% vs. its 30-day average');
    expect(html).not.toContain('Bodum Bistro Kettle');
    expect(html).not.toContain('Smeg KLF03 Kettle');
    // The chips name the deals' category with its count; the only one here.
    expect(html).toMatch(/Kettles \(1\)/);
  });

  it('answers in German under its German word, and sends the English word there', async () => {
    const html = await render('/de-ch/preissturz');
    expect(html).toContain('Stadler Form Karl Kettle');
    expect(html).toContain('−20 % gegenüber dem 30-Tage-Durchschnitt');
    expect(html).not.toContain('Bodum Bistro Kettle');
    const moved = await (
      route.loader({
        request: new Request('http://site.test/de-ch/deals?page=1'),
        params: { locale: 'de-ch' },
        context: {},
      }) as Promise<unknown>
    ).catch((answer: unknown) => answer);
    expect(moved).toBeInstanceOf(Response);
    expect((moved as Response).status).toBe(301);
    expect((moved as Response).headers.get('Location')).toBe('/de-ch/preissturz?page=1');
  });

  it('names its canonical address and each locale’s, and tags itself with what it shows', async () => {
    const answer = (await route.loader({
      request: new Request('http://site.test/fr-ch/bons-plans'),
      params: { locale: 'fr-ch' },
      context: {},
    })) as unknown as { data: Awaited<ReturnType<typeof import('~/data/deals.server').dealsPage>>; init: ResponseInit };
    expect(answer.data.canonical).toBe('http://site.test/fr-ch/bons-plans');
    expect(answer.data.alternates).toEqual(
      expect.arrayContaining([
        { hrefLang: 'de-CH', href: 'http://site.test/de-ch/preissturz' },
        { hrefLang: 'en-CH', href: 'http://site.test/en-ch/deals' },
      ]),
    );
    const tags = new Headers(answer.init.headers).get('X-Cache-Tags') ?? '';
    expect(tags.split(' ')).toEqual(['categories', `listing:${answer.data.deals[0]?.id}`]);
  });

  it('says so when a category has no deals', async () => {
    const html = await render('/en-ch/deals?category=no-such-category');
    expect(html).toContain('No product in stock is 10% or more below its 30-day average right now.');
    expect(html).not.toContain('Stadler Form Karl Kettle');
  });
});
