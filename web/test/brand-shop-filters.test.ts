import type { LoaderFunctionArgs } from '@remix-run/node';
import { createServiceClient } from '@pc/kit/grpc/client';
import { CatalogServiceService, UpdateProductRequest } from '@pc/proto/catalog/v1/catalog';
import type { OfferObserved } from '@pc/proto/crawler/events/v1/events';
import { SearchProductsRequest, SearchServiceService } from '@pc/proto/search/v1/search';
import type { ProductHit } from '@pc/proto/search/v1/types';
import { eventually, seedCatalogue, swissFeedOffer, type Catalogue } from './platform-fixture';
import { startPlatform, type Platform } from './platform-harness';
import { renderSitePage, type SitePageModule } from './site-page';

/**
 * A brand's and a shop's products filtered as a category's are (ADR 122), over the real services:
 * the pages' loaders, headers and server render with `refinements[category]`, `refinements[brand]`
 * and `refinements[spec:<key>]`. Sony makes the fixture's two headphones and five speakers (a
 * category of their own), so across the brand only what most of its products state is offered,
 * and a headphone's specification once the headphones are chosen.
 */

type BrandRoute = typeof import('~/routes/$locale.brands.$brand');
type ShopRoute = typeof import('~/routes/$locale.shops.$shop');
type Pages = typeof import('~/data/entity-pages.server');
type BrandData = Awaited<ReturnType<Pages['brandPage']>>;
type ShopData = Awaited<ReturnType<Pages['shopPage']>>;
type ListData = BrandData | ShopData;

let platform: Platform;
let catalogue: Catalogue;
let brandRoute: BrandRoute;
let shopRoute: ShopRoute;
let speakers: ProductHit[];
let speakersId: string;

/** Five Sony speakers: the first at Rheinmarkt, the others at Alpenhaus, all in stock in Switzerland. */
const SPEAKERS = [
  { title: 'Sony SRS-XB100 Portable Bluetooth Speaker', gtin: '4548736200012', weight: '274 g', output: '5 W' },
  { title: 'Sony SRS-XE200 X-Series Wireless Speaker', gtin: '4548736200029', weight: '1.1 kg', output: '20 W' },
  { title: 'Sony ULT Field 1 Wireless Speaker', gtin: '4548736200036', weight: '650 g', output: '20 W' },
  { title: 'Sony SRS-XG300 Party Speaker', gtin: '4548736200043', weight: '6.2 kg', output: '60 W' },
  { title: 'Sony LSPX-S3 Glass Sound Speaker', gtin: '4548736200050', weight: '1.1 kg', output: '10 W' },
] as const;

/** The headphones' specifications: only they state a driver and a battery life. */
const HEADPHONE_FEATURES = {
  headphones: { Weight: '250 g', Driver: '30 mm', 'Battery life': '30 h' },
  earbuds: { Weight: '5 g', Driver: '8.4 mm', 'Battery life': '8 h' },
  bose: { Weight: '250 g', Driver: '35 mm', 'Battery life': '24 h' },
} as const;

function speakerOffer(speaker: (typeof SPEAKERS)[number], shopId: string, i: number): OfferObserved {
  return swissFeedOffer({
    shopId,
    shopOfferId: `speaker-${i}`,
    url: `https://shop.example/p/speaker-${i}`,
    title: speaker.title,
    brand: 'Sony',
    gtin: speaker.gtin,
    mpn: `SPK-${i}`,
    categoryPath: 'Electronics > Audio > Speakers',
    price: 9900 + i * 1000,
  });
}

beforeAll(async () => {
  platform = await startPlatform();
  // Loaded now: the BFF's config reads the service addresses the platform put in process.env.
  brandRoute = await import('~/routes/$locale.brands.$brand');
  shopRoute = await import('~/routes/$locale.shops.$shop');
  await import('~/i18n/messages.server'); // the messages every page renders with
  catalogue = await seedCatalogue(platform);
  const { alpenhaus, rheinmarkt } = catalogue.shopIds;
  await platform.observe(SPEAKERS.map((speaker, i) => speakerOffer(speaker, i === 0 ? rheinmarkt : alpenhaus, i)));

  const search = createServiceClient(SearchServiceService, platform.addresses.search);
  const sony = (facets: string[] = []) =>
    search.searchProducts(
      SearchProductsRequest.fromPartial({
        country: 'CH',
        language: 'en',
        facets,
        page: { hitsPerPage: 20 },
        filter: { brandSlug: catalogue.brandSlug },
      }),
    );
  const listed = await eventually('search to list the five speakers', async () => {
    const { hits } = await sony();
    const found = hits.filter((hit) => SPEAKERS.some((s) => s.title === hit.name));
    return found.length === SPEAKERS.length && found.every((hit) => hit.categoryId) ? found : undefined;
  });
  speakers = SPEAKERS.map((s) => listed.find((hit) => hit.name === s.title) as ProductHit);
  speakersId = speakers[0]?.categoryId ?? '';

  const catalog = createServiceClient(CatalogServiceService, platform.addresses.catalog);
  const features = (productId: string, named: Record<string, string>) =>
    catalog.updateProduct(
      UpdateProductRequest.fromPartial({
        productId,
        actorUserId: platform.staffUserId,
        replaceFeatures: true,
        features: Object.entries(named).map(([name, value]) => ({ group: 'Specifications', name, value })),
      }),
    );
  for (const [key, named] of Object.entries(HEADPHONE_FEATURES) as [keyof typeof HEADPHONE_FEATURES, object][])
    await features(catalogue.products[key].productId, named as Record<string, string>);
  for (const [i, speaker] of SPEAKERS.entries())
    await features(speakers[i]?.productId ?? '', { Weight: speaker.weight, Output: speaker.output });
  await eventually('search to hold every product’s specifications', async () => {
    const { facets } = await sony(['spec']);
    const weight = facets.find((f) => f.name === 'spec:weight');
    return weight?.count === 7 ? facets : undefined;
  });
}, 120_000);

afterAll(async () => {
  await platform?.stop();
});

const brandPath = (locale: string) => `/${locale}/brands/${catalogue.brandSlug}`;
const shopPath = (locale: string) => `/${locale}/shops/${catalogue.shopIds.rheinmarkt}`;

/** A route's loader answer to `path` + `query`: its status, the page's headers and data. */
async function load<T>(module: SitePageModule & { headers: unknown }, path: string, params: Record<string, string>) {
  const request = new Request(`http://site.test${path}`);
  const loader = module.loader as (args: LoaderFunctionArgs) => Promise<unknown>;
  const answer = (await loader({ request, params, context: {} })) as { data: T; init: ResponseInit };
  const headersOf = module.headers as (args: Record<string, unknown>) => HeadersInit;
  const headers = new Headers(
    headersOf({
      loaderHeaders: new Headers(answer.init.headers),
      parentHeaders: new Headers(),
      actionHeaders: new Headers(),
      errorHeaders: undefined,
    }),
  );
  return { status: answer.init.status ?? 200, headers, page: answer.data };
}

const brandPage = (query: string, locale = 'en-ch') =>
  load<BrandData>(brandRoute, `${brandPath(locale)}${query}`, { locale, brand: catalogue.brandSlug });
const shopPage = (query: string, locale = 'en-ch') =>
  load<ShopData>(shopRoute, `${shopPath(locale)}${query}`, { locale, shop: catalogue.shopIds.rheinmarkt });

const names = (page: ListData) => page.products.hits.map((hit) => hit.name).sort();
const named = (...products: (keyof Catalogue['products'] | number)[]) =>
  products.map((p) => (typeof p === 'number' ? (SPEAKERS[p]?.title ?? '') : catalogue.products[p].name)).sort();
const group = (page: ListData, facet: string) =>
  [...page.filters.groups, ...page.filters.specs].find((g) => g.facet === facet);
/** A group's values as "label (count)", a chosen one with ✓. */
const valuesOf = (page: ListData, facet: string) => {
  const found = group(page, facet);
  return [...(found?.values ?? []), ...(found?.more ?? [])].map(
    (v) => `${v.label} (${v.count})${v.selected ? ' ✓' : ''}`,
  );
};
const specsOf = (page: ListData) => page.filters.specs.map((spec) => spec.facet).sort();

describe('a brand page’s filters', () => {
  it('offer the brand’s categories with their counts and, across them, what most of its products state', async () => {
    const { status, page } = await brandPage('');
    expect(status).toBe(200);
    expect(page.products.meta.total).toBe(7);
    expect(page.filters.groups.map((g) => g.facet)).toEqual(['category']);
    expect(valuesOf(page, 'category')).toEqual(['Speakers (5)', 'Headphones (2)']);
    expect(group(page, 'category')?.values[0]?.field).toBe(speakersId);
    // Weight and output are stated by most of Sony's products; a driver only by its two headphones.
    expect(specsOf(page)).toEqual(['spec:output', 'spec:weight']);
    // In Switzerland the headphones and the five speakers are in stock (the earbuds on pre-order).
    expect(page.filters.inStock).toEqual({ count: 6, selected: false });
    expect(page.filters.chips).toEqual([]);
  });

  it('narrows to a chosen category, and offers that category’s specifications', async () => {
    const headphones = catalogue.categoryId;
    const { page } = await brandPage(`?refinements[category]=${headphones}`);
    expect(names(page)).toEqual(named('headphones', 'earbuds'));
    // The categories counted without their own refinement: the other one can be added.
    expect(valuesOf(page, 'category')).toEqual(['Speakers (5)', 'Headphones (2) ✓']);
    expect(specsOf(page)).toEqual(['spec:battery-life', 'spec:driver', 'spec:weight']);
    expect(valuesOf(page, 'spec:driver')).toEqual(['8.4 mm (1)', '30 mm (1)']);
    expect(page.filters.chips).toEqual([
      { facet: 'category', name: null, value: 'Headphones', href: brandPath('en-ch') },
    ]);

    const driver = await brandPage(`?refinements[category]=${headphones}&refinements[spec:driver]=30+mm&sort=cheapest`);
    expect(names(driver.page)).toEqual(named('headphones'));
    expect(driver.page.filters.chips.map((c) => [c.facet, c.name, c.value])).toEqual([
      ['category', null, 'Headphones'],
      ['spec:driver', 'Driver', '30 mm'],
    ]);
    expect(driver.page.filters.clearHref).toBe(`${brandPath('en-ch')}?sort=cheapest`);
    expect(driver.page.filters.fields).toEqual([
      ['refinements[category]', headphones],
      ['refinements[spec:driver]', '30 mm'],
    ]);
  });

  it('filters by a specification and by stock across the brand’s categories', async () => {
    const { page } = await brandPage('?refinements[spec:output]=20+W&refinements[availability]=in_stock');
    expect(names(page)).toEqual(named(1, 2));
    expect(valuesOf(page, 'category')).toEqual(['Speakers (2)']);
    expect(page.filters.inStock).toEqual({ count: 2, selected: true });
  });

  it('ignores a brand, a shop and malformed filters instead of failing, as a category page does', async () => {
    const { status, page } = await brandPage(
      '?refinements[brand]=bose&refinements[shop]=nope&refinements[category]=not%20an%20id&refinements[spec:Weight]=1',
    );
    expect(status).toBe(200);
    expect(page.products.meta.total).toBe(7);
    expect(page.filters.chips).toEqual([]);
    expect(page.filters.clearHref).toBeNull();
  });

  it('is cached keyed on its filters', async () => {
    const { headers } = await brandPage(`?refinements[category]=${speakersId}`);
    expect(headers.get('X-Cache-Query')).toBe('page,sort,refinements[*],range[*]');
  });

  it('renders the panel as a form with the brand’s categories and no brands, chips in the page’s language', async () => {
    const html = await renderSitePage(
      brandRoute,
      ':locale/brands/:brand',
      new Request(`http://site.test${brandPath('de-ch')}?refinements[category]=${speakersId}`),
    );
    const panel = /<section class="facets filters"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
    expect(panel).toContain(`<form method="get" action="${brandPath('de-ch')}"`);
    expect(panel).toContain('<legend>Kategorie</legend>');
    expect(panel).toContain(
      `<input type="checkbox" name="refinements[category]" checked="" value="${speakersId}"/><span>Speakers</span> <span class="muted">(5)</span>`,
    );
    expect(panel).not.toContain('name="refinements[brand]"');
    expect(panel).toContain('<legend>Gewicht</legend>');
    expect(html).toContain('aria-label="Filter Kategorie: Speakers entfernen"');
    expect(html).toContain(`href="${brandPath('de-ch')}">Alle Filter löschen</a>`);
    const sortForm = /<form[^>]*class="list-toolbar"[\s\S]*?<\/form>/.exec(html)?.[0] ?? '';
    expect(sortForm).toContain(`<input type="hidden" name="refinements[category]" value="${speakersId}"/>`);
    expect(html).not.toContain(catalogue.products.headphones.name);
  });
});

describe('a shop page’s filters', () => {
  it('offer the categories and brands of the products the shop offers, with their counts', async () => {
    const { page } = await shopPage('');
    expect(names(page)).toEqual(named('headphones', 'bose', 0));
    expect(page.filters.groups.map((g) => g.facet)).toEqual(['category', 'brand']);
    expect(valuesOf(page, 'category')).toEqual(['Headphones (2)', 'Speakers (1)']);
    expect(valuesOf(page, 'brand')).toEqual(['Sony (2)', 'Bose (1)']);
  });

  it('narrow to a chosen brand, still counting the others, and to a brand’s category', async () => {
    const bose = await shopPage('?refinements[brand]=bose');
    expect(names(bose.page)).toEqual(named('bose'));
    expect(valuesOf(bose.page, 'brand')).toEqual(['Sony (2)', 'Bose (1) ✓']);
    expect(valuesOf(bose.page, 'category')).toEqual(['Headphones (1)']);
    expect(bose.page.filters.chips).toEqual([{ facet: 'brand', name: null, value: 'Bose', href: shopPath('en-ch') }]);

    const sonySpeakers = await shopPage(`?refinements[brand]=sony&refinements[category]=${speakersId}`);
    expect(names(sonySpeakers.page)).toEqual(named(0));
    expect(sonySpeakers.page.filters.chips.map((c) => `${c.facet}: ${c.value}`)).toEqual([
      'brand: Sony',
      'category: Speakers',
    ]);
  });

  it('ignores a shop filter, keeps the reviews’ page and order with the filters, and is cached keyed on them', async () => {
    const { status, page, headers } = await shopPage(
      '?refinements[brand]=bose&refinements[shop]=elsewhere&sort=cheapest&reviewsSort=lowest&reviewsPage=2',
    );
    expect(status).toBe(200);
    expect(names(page)).toEqual(named('bose'));
    expect(page.filters.chips.map((c) => c.facet)).toEqual(['brand']);
    expect(page.filters.clearHref).toBe(`${shopPath('en-ch')}?sort=cheapest&reviewsPage=2&reviewsSort=lowest`);
    expect(headers.get('X-Cache-Query')).toBe('page,sort,refinements[*],range[*],reviewsPage,reviewsSort,review');
  });

  it('renders the brands and categories as checkboxes, the chip, and a sort form that keeps the filter', async () => {
    const html = await renderSitePage(
      shopRoute,
      ':locale/shops/:shop',
      new Request(`http://site.test${shopPath('en-ch')}?refinements[brand]=bose&reviewsSort=lowest`),
    );
    const panel = /<section class="facets filters"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
    expect(panel).toContain('<input type="hidden" name="reviewsSort" value="lowest"/>');
    expect(panel).toMatch(/<legend>Category<\/legend>[\s\S]*<legend>Brand<\/legend>/);
    expect(panel).toContain(
      '<input type="checkbox" name="refinements[brand]" checked="" value="bose"/><span>Bose</span> <span class="muted">(1)</span>',
    );
    expect(html).toContain('aria-label="Remove the filter Brand: Bose"');
    const sortForm = /<form[^>]*class="list-toolbar"[\s\S]*?<\/form>/.exec(html)?.[0] ?? '';
    expect(sortForm).toContain('<input type="hidden" name="refinements[brand]" value="bose"/>');
    expect(sortForm).toContain('<input type="hidden" name="reviewsSort" value="lowest"/>');
    expect(html).not.toContain(catalogue.products.headphones.name);
  });
});

describe('a brand’s and a shop’s products filtered by a price range', () => {
  /** In Switzerland Sony's speakers cost CHF 99, 109, 119, 129 and 139, its earbuds 229, its headphones 279. */
  const FORM = (min: string, max: string) =>
    `?range%5Bprice%5D%5Bmin%5D=${encodeURIComponent(min)}&range%5Bprice%5D%5Bmax%5D=${encodeURIComponent(max)}`;
  const prices = (page: ListData) => page.products.hits.map((hit) => hit.price?.amount);

  it('narrow a brand to the products priced in range, with the brand’s lowest and highest price as placeholders', async () => {
    const { status, page } = await brandPage(`${FORM('100', '130')}&sort=cheapest`);
    expect(status).toBe(200);
    expect(names(page)).toEqual(named(1, 2, 3));
    expect(prices(page)).toEqual([10900, 11900, 12900]);
    expect(page.filters.price).toMatchObject({ lowest: 9900, highest: 27900, chosen: { min: 10000, max: 13000 } });
    expect(page.filters.chips).toEqual([
      {
        facet: 'price',
        name: null,
        value: '10000..13000',
        href: `${brandPath('en-ch')}?sort=cheapest`,
        price: { min: 10000, max: 13000 },
      },
    ]);
    // The categories are counted within the range; a category's chip keeps it.
    expect(valuesOf(page, 'category')).toEqual(['Speakers (3)']);
    const speakersOnly = await brandPage(`?refinements[category]=${speakersId}&refinements[price]=..11000`);
    expect(names(speakersOnly.page)).toEqual(named(0, 1));
    expect(speakersOnly.page.filters.chips[0]?.href).toBe(`${brandPath('en-ch')}?refinements%5Bprice%5D=..11000`);
  });

  it('narrow a shop to the products whose lowest price, as their cards show it, is in range', async () => {
    const { page } = await shopPage('?refinements[price]=..30000&reviewsSort=lowest');
    expect(names(page)).toEqual(named('headphones', 0));
    // The range compares the headphones' lowest price in Switzerland (CHF 279 at Alpenhaus), not
    // Rheinmarkt's CHF 299, as the sort "cheapest" orders by it; the card shows Rheinmarkt's own
    // price with that lowest beside it (ADR 139).
    expect(page.products.hits.find((hit) => hit.name === catalogue.products.headphones.name)?.price?.amount).toBe(
      27900,
    );
    expect((await shopPage('?refinements[price]=28000..29900')).page.products.hits).toEqual([]);
    expect(page.filters.clearHref).toBe(`${shopPath('en-ch')}?reviewsSort=lowest`);
    const malformed = await shopPage('?refinements[price]=x..y&range[price][min]=1e3');
    expect(malformed.status).toBe(200);
    expect(names(malformed.page)).toEqual(named('headphones', 'bose', 0));
  });

  it('renders the price inputs in the form without JavaScript, typed in the page’s format, and the chip', async () => {
    const html = await renderSitePage(
      shopRoute,
      ':locale/shops/:shop',
      new Request(`http://site.test${shopPath('de-ch')}${FORM("1'00", '')}&reviewsSort=lowest`),
    );
    // "1'00" is no Swiss number (a group of two digits): the bound is open and nothing is filtered.
    expect(html).not.toContain('name="refinements[price]"');
    const swiss = await renderSitePage(
      shopRoute,
      ':locale/shops/:shop',
      new Request(`http://site.test${shopPath('de-ch')}${FORM('50', "1'000.50")}&reviewsSort=lowest`),
    );
    const panel = /<section class="facets filters"[\s\S]*?<\/section>/.exec(swiss)?.[0] ?? '';
    expect(panel).toContain('<input type="hidden" name="reviewsSort" value="lowest"/>');
    expect(panel).toContain('<legend>Preis</legend>');
    expect(panel).toMatch(/name="range\[price\]\[min\]"[^>]* placeholder="99"[^>]* value="50"/);
    expect(panel).toMatch(/name="range\[price\]\[max\]"[^>]* placeholder="379"[^>]* value="1000.50"/);
    expect(panel).toContain('<span id="price-unit">CHF</span>');
    expect(swiss).toContain('aria-label="Filter CHF\u00a050 – 1’000.50 entfernen"');
    const sortForm = /<form[^>]*class="list-toolbar"[\s\S]*?<\/form>/.exec(swiss)?.[0] ?? '';
    expect(sortForm).toContain('<input type="hidden" name="refinements[price]" value="5000..100050"/>');

    const brand = await renderSitePage(
      brandRoute,
      ':locale/brands/:brand',
      new Request(`http://site.test${brandPath('en-ch')}?refinements[price]=..11000`),
    );
    expect(brand).toContain('aria-label="Remove the filter up to CHF\u00a0110"');
    expect(brand).not.toContain(catalogue.products.headphones.name);
  });
});
