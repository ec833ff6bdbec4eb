import { createServiceClient } from '@pc/kit/grpc/client';
import { Availability, Condition } from '@pc/proto/common/v1/commerce';
import { ProductSort } from '@pc/proto/common/v1/sort';
import { ObservationSource, OfferObserved } from '@pc/proto/crawler/events/v1/events';
import { OffersServiceService, RegisterShopRequest } from '@pc/proto/offers/v1/offers';
import { SearchProductsRequest, SearchServiceService } from '@pc/proto/search/v1/search';
import { eventually, gtin13 } from './platform-fixture';
import { startPlatform, type Platform } from './platform-harness';
import { renderSitePage, type SitePageModule } from './site-page';

/**
 * The deals page (ADR 142) over the real services: a shop's feed seen every day for nine days at
 * one price, then today at a lower one. Offers computes each product's drop against the average
 * of its daily lows, search indexes it, and the page lists what is at least 10 % below, in stock.
 * The home page's deals row and the list pages' price-drop filter (ADR 145) over the same drops.
 */

const DAY = 86_400_000;
const today = Math.floor(Date.now() / DAY) * DAY;

/** Three kettles at 100.00 for nine days; today one 20 % cheaper, one 5 %, one 20 % but sold out. */
const KETTLES = [
  { key: 'dropped', title: 'Stadler Form Karl Kettle', today: 8_000, inStock: true },
  { key: 'slight', title: 'Bodum Bistro Kettle', today: 9_500, inStock: true },
  { key: 'soldout', title: 'Smeg KLF03 Kettle', today: 8_000, inStock: false },
] as const;

let platform: Platform;
let route: SitePageModule & typeof import('~/routes/$locale.deals');
let home: SitePageModule;
let categoryRoute: SitePageModule;
let searchRoute: SitePageModule;
/** The kettles' category, as catalog filed them from the feed's path. */
let kettlesId = '';

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
  home = await import('~/routes/$locale._index');
  categoryRoute = await import('~/routes/$locale.categories.$category');
  searchRoute = await import('~/routes/$locale.search._index');
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
      kettlesId = response.hits[0]?.categoryId ?? '';
      return drops.join() === '20,20,5' && kettlesId ? drops : undefined;
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

/** The part of a page between an element's opening and the next `</section>`. */
const sectionOf = (html: string, opening: string): string => {
  const at = html.indexOf(opening);
  return at < 0 ? '' : html.slice(at, html.indexOf('</section>', at));
};

describe('the home page’s deals row', () => {
  it('shows the deals page’s first deals, each with its drop, and links to the page', async () => {
    const html = await renderSitePage(home, ':locale', new Request('http://site.test/en-ch'));
    const row = sectionOf(html, '<section aria-labelledby="deals-heading"');
    expect(row).toContain('<h2 id="deals-heading">Deals</h2>');
    expect(row).toContain('<a data-discover="true" href="/en-ch/deals">See all deals</a>');
    expect(row).toContain('Stadler Form Karl Kettle');
    expect(row).toContain('<p class="deal-drop">−20% vs. its 30-day average</p>');
    // 5 % is no deal, and a sold-out product none either.
    expect(row).not.toContain('Bodum Bistro Kettle');
    expect(row).not.toContain('Smeg KLF03 Kettle');
    const german = await renderSitePage(home, ':locale', new Request('http://site.test/de-ch'));
    expect(sectionOf(german, '<section aria-labelledby="deals-heading"')).toContain(
      '<a data-discover="true" href="/de-ch/preissturz">Alle Preisstürze ansehen</a>',
    );
  });

  it('is left out where there are no deals', async () => {
    // The kettles are sold in Switzerland only: Germany has no drops.
    const html = await renderSitePage(home, ':locale', new Request('http://site.test/de'));
    expect(html).not.toContain('deals-heading');
    expect(html).not.toContain('deal-drop');
  });
});

describe('the price-drop filter of list pages', () => {
  const categoryPath = () => `/en-ch/categories/${kettlesId}`;
  const renderCategory = (query: string) =>
    renderSitePage(
      categoryRoute,
      ':locale/categories/:category',
      new Request(`http://site.test${categoryPath()}${query}`),
    );
  const gridOf = (html: string) => sectionOf(html, '<ul class="product-grid"');

  it('lists only the products at least 10 % below their 30-day average, with a chip that takes it back', async () => {
    const all = await renderCategory('');
    expect(gridOf(all)).toContain('Bodum Bistro Kettle');
    const html = await renderCategory('?refinements%5Bdrop%5D=10..&sort=cheapest');
    const grid = gridOf(html);
    expect(grid).toContain('Stadler Form Karl Kettle');
    // A drop, sold out or not: stock is its own filter.
    expect(grid).toContain('Smeg KLF03 Kettle');
    expect(grid).not.toContain('Bodum Bistro Kettle');
    expect(html).toContain(
      `<a class="chip" aria-label="Remove the filter Price drops" data-discover="true" href="${categoryPath()}?sort=cheapest">Price drops <span aria-hidden="true">×</span></a>`,
    );
    const inStock = gridOf(await renderCategory('?refinements[drop]=10..&refinements[availability]=in_stock'));
    expect(inStock).toContain('Stadler Form Karl Kettle');
    expect(inStock).not.toContain('Smeg KLF03 Kettle');
  });

  it('is a checkbox of the form without JavaScript, sent and shown ticked, kept by the sort form', async () => {
    const unticked = sectionOf(await renderCategory(''), '<section class="facets filters"');
    expect(unticked).toContain(
      '<label class="check"><input type="checkbox" name="refinements[drop]" value="10.."/><span>Only price drops (10% or more)</span></label>',
    );
    // What the form sends when ticked: the same page, ticked.
    const html = await renderCategory('?refinements%5Bdrop%5D=10..&sort=cheapest');
    expect(sectionOf(html, '<section class="facets filters"')).toContain(
      '<input type="checkbox" name="refinements[drop]" checked="" value="10.."/>',
    );
    const sortForm = /<form[^>]*class="list-toolbar"[\s\S]*?<\/form>/.exec(html)?.[0] ?? '';
    expect(sortForm).toContain('<input type="hidden" name="refinements[drop]" value="10.."/>');
    // A value that is no lower bound in percent is no filter, not a failed page.
    expect(gridOf(await renderCategory('?refinements[drop]=abc'))).toContain('Bodum Bistro Kettle');
  });

  it('narrows the search page too, whose panel sends it without JavaScript', async () => {
    const html = await renderSitePage(
      searchRoute,
      ':locale/search',
      new Request('http://site.test/en-ch/search?search=kettle&refinements%5Bdrop%5D=10..'),
    );
    expect(html).toContain('Stadler Form Karl Kettle');
    expect(html).not.toContain('Bodum Bistro Kettle');
    expect(html).toMatch(
      /<input type="checkbox" name="refinements\[drop\]" (checked="" value="10.."|value="10.." checked="")\/>/,
    );
  });
});
