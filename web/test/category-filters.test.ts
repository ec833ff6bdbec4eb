import type { LoaderFunctionArgs } from '@remix-run/node';
import { createServiceClient } from '@pc/kit/grpc/client';
import { CatalogServiceService, UpdateProductRequest } from '@pc/proto/catalog/v1/catalog';
import type { OfferObserved } from '@pc/proto/crawler/events/v1/events';
import { SearchProductsRequest, SearchServiceService } from '@pc/proto/search/v1/search';
import { OpenApiContract } from './openapi-contract';
import { eventually, seedCatalogue, swissFeedOffer, type Catalogue } from './platform-fixture';
import { startPlatform, type Platform } from './platform-harness';
import { renderSitePage } from './site-page';

/**
 * A category's products filtered by their specifications over the real services (catalog's
 * features indexed by search, ADR 118): the category page's loader, headers and server render
 * with `refinements[spec:<key>]`, a numeric specification's range (ADR 123) from the panel's
 * from–to fields or as `refinements[spec:<key>]=min..max`, and GET /api/products with
 * `facets=spec` and spec refinements, checked against docs/api/openapi.yaml.
 */

type RouteModule = typeof import('~/routes/$locale.categories.$category');
type PageData = Awaited<ReturnType<typeof import('~/data/entity-pages.server').categoryPage>>;

const contract = new OpenApiContract();
let platform: Platform;
let catalogue: Catalogue;
let route: RouteModule;
let handle: (request: Request) => Promise<Response>;
let kettlesId: string;

/** The three headphones of the fixture, all in one category, with specifications (a comma inside one value). */
const FEATURES = {
  headphones: { Weight: '250 g', 'Battery life': '30 h', Colour: 'Black' },
  earbuds: { Weight: '5 g', 'Battery life': '8 h', Colour: 'Black, Silver' },
  bose: { Weight: '250 g', 'Battery life': '24 h', Colour: 'White' },
} as const;
type Key = keyof typeof FEATURES;
const NAMES: Record<Key, string> = {
  headphones: 'Sony WH-1000XM5 Wireless Noise Cancelling Headphones',
  earbuds: 'Sony WF-1000XM5 Wireless Earbuds',
  bose: 'Bose QuietComfort Ultra Headphones',
};

/** Four kettles of a category of their own, at Alpenhaus in Switzerland: numeric Power and Jug. */
const KETTLES = [
  { title: 'Brava Casa Aqua 600 Kettle', gtin: '7612345001012', power: '600 W', jug: '1 l' },
  { title: 'Brava Casa Aqua 900 Kettle', gtin: '7612345001029', power: '900 W', jug: '1.5 l' },
  { title: 'Domestia Steam 1200 Kettle', gtin: '7612345001036', power: '1,200 W', jug: '1.7 l' },
  { title: 'Domestia Steam 1500 Kettle', gtin: '7612345001043', power: '1500 W', jug: '2 l' },
] as const;

function kettleOffer(kettle: (typeof KETTLES)[number], shopId: string, i: number): OfferObserved {
  return swissFeedOffer({
    shopId,
    shopOfferId: `kettle-${i}`,
    url: `https://alpenhaus-elektronik.example/p/kettle-${i}`,
    title: kettle.title,
    brand: kettle.title.split(' ').slice(0, -3).join(' '),
    gtin: kettle.gtin,
    mpn: `KT-${i}`,
    categoryPath: 'Home & Kitchen > Kitchen Appliances > Kettles',
    price: 3900 + i * 1000,
  });
}

beforeAll(async () => {
  platform = await startPlatform();
  // Loaded now: the BFF's config reads the service addresses the platform put in process.env.
  route = await import('~/routes/$locale.categories.$category');
  await import('~/i18n/messages.server'); // the messages every page renders with
  const { createApiRequestHandler } = await import('./api-request-handler');
  handle = createApiRequestHandler();
  catalogue = await seedCatalogue(platform);
  const catalog = createServiceClient(CatalogServiceService, platform.addresses.catalog);
  for (const [key, features] of Object.entries(FEATURES) as [Key, Record<string, string>][])
    await catalog.updateProduct(
      UpdateProductRequest.fromPartial({
        productId: catalogue.products[key].productId,
        actorUserId: platform.staffUserId,
        replaceFeatures: true,
        features: Object.entries(features).map(([name, value]) => ({ group: 'Specifications', name, value })),
      }),
    );
  const search = createServiceClient(SearchServiceService, platform.addresses.search);
  await platform.observe(KETTLES.map((kettle, i) => kettleOffer(kettle, catalogue.shopIds.alpenhaus, i)));
  const kettles = await eventually('search to list the four kettles', async () => {
    const { hits } = await search.searchProducts(
      SearchProductsRequest.fromPartial({ country: 'CH', language: 'en', query: 'kettle', page: { hitsPerPage: 10 } }),
    );
    const found = KETTLES.map((kettle) => hits.find((hit) => hit.name === kettle.title));
    return found.every((hit) => hit?.categoryId) ? found : undefined;
  });
  kettlesId = kettles[0]?.categoryId ?? '';
  for (const [i, kettle] of KETTLES.entries())
    await catalog.updateProduct(
      UpdateProductRequest.fromPartial({
        productId: kettles[i]?.productId,
        actorUserId: platform.staffUserId,
        replaceFeatures: true,
        features: [
          { group: 'Performance', name: 'Power', value: kettle.power },
          { group: 'Capacity', name: 'Jug', value: kettle.jug },
        ],
      }),
    );
  await eventually('search to count the kettles’ power as numbers', async () => {
    const { facets } = await search.searchProducts(
      SearchProductsRequest.fromPartial({
        country: 'CH',
        language: 'en',
        facets: ['spec'],
        filter: { categoryId: kettlesId },
      }),
    );
    const power = facets.find((f) => f.name === 'spec:power');
    return power?.numeric && power.stats?.count === KETTLES.length ? power : undefined;
  });
  await eventually('search to offer the category’s specifications', async () => {
    const { facets } = await search.searchProducts(
      SearchProductsRequest.fromPartial({
        country: 'CH',
        language: 'en',
        facets: ['spec'],
        filter: { categoryId: catalogue.categoryId },
      }),
    );
    const names = facets.map((f) => f.name);
    return ['spec:weight', 'spec:battery-life', 'spec:colour'].every((n) => names.includes(n)) ? facets : undefined;
  });
}, 120_000);

afterAll(async () => {
  await platform?.stop();
});

const categoryPath = (locale: string) => `/${locale}/categories/${catalogue.categoryId}`;

/** The loader's answer to the category page with `query`: its status, the page's headers and data. */
async function categoryPage(locale: string, query: string) {
  const request = new Request(`http://site.test${categoryPath(locale)}${query}`);
  const args: LoaderFunctionArgs = { request, params: { locale, category: catalogue.categoryId }, context: {} };
  const answer = (await route.loader(args)) as unknown as { data: PageData; init: ResponseInit };
  const headers = new Headers(
    route.headers({
      loaderHeaders: new Headers(answer.init.headers),
      parentHeaders: new Headers(),
      actionHeaders: new Headers(),
      errorHeaders: undefined,
    }) as HeadersInit,
  );
  return { status: answer.init.status ?? 200, headers, page: answer.data };
}

/** The page as the server renders it (its view under the site's provider of locale and messages). */
const renderCategory = (locale: string, query: string): Promise<string> =>
  renderSitePage(route, ':locale/categories/:category', new Request(`http://site.test${categoryPath(locale)}${query}`));

const namesOf = (page: PageData) => page.products.hits.map((hit) => hit.name).sort();
const expected = (...keys: Key[]) => keys.map((key) => NAMES[key]).sort();
const spec = (page: PageData, facet: string) => page.filters.specs.find((group) => group.facet === facet);
const valuesOf = (page: PageData, facet: string) => {
  const group = spec(page, facet);
  return [...(group?.values ?? []), ...(group?.more ?? [])].map((v) => [v.label, v.count, v.selected]);
};

describe('the category page filtered by specifications', () => {
  it('lists only the products with the chosen value, and counts each specification’s values', async () => {
    const { status, page } = await categoryPage('en-ch', '?refinements%5Bspec%3Aweight%5D=250+g');
    expect(status).toBe(200);
    expect(namesOf(page)).toEqual(expected('headphones', 'bose'));
    expect(page.products.meta.total).toBe(2);
    // The refined specification counted without its own refinement, values by size; the others within the result.
    expect(valuesOf(page, 'spec:weight')).toEqual([
      ['5 g', 1, false],
      ['250 g', 2, true],
    ]);
    expect(valuesOf(page, 'spec:battery-life')).toEqual([
      ['24 h', 1, false],
      ['30 h', 1, false],
    ]);
    expect(spec(page, 'spec:weight')?.name).toBe('Weight');
    expect(page.filters.chips).toEqual([
      { facet: 'spec:weight', name: 'Weight', value: '250 g', href: categoryPath('en-ch') },
    ]);
    expect(page.filters.clearHref).toBe(categoryPath('en-ch'));
    expect(page.filters.groups.map((g) => g.facet)).toEqual(['brand']);
    expect(page.filters.groups[0]?.values.map((v) => [v.label, v.count])).toEqual(
      expect.arrayContaining([
        ['Sony', 1],
        ['Bose', 1],
      ]),
    );
  });

  it('ORs the values of one specification and ANDs specifications, a comma inside a value escaped', async () => {
    const either = await categoryPage('en-ch', '?refinements[spec:battery-life]=8+h,30+h');
    expect(namesOf(either.page)).toEqual(expected('headphones', 'earbuds'));
    const both = await categoryPage('en-ch', '?refinements[spec:battery-life]=8+h,30+h&refinements[spec:weight]=250+g');
    expect(namesOf(both.page)).toEqual(expected('headphones'));
    expect(both.page.filters.chips.map((c) => `${c.name}: ${c.value}`)).toEqual([
      'Battery life: 8 h',
      'Battery life: 30 h',
      'Weight: 250 g',
    ]);
    const comma = await categoryPage('en-ch', '?refinements[spec:colour]=Black%5C%2C+Silver');
    expect(namesOf(comma.page)).toEqual(expected('earbuds'));
    expect(valuesOf(comma.page, 'spec:colour')).toEqual([
      ['Black', 1, false],
      ['Black, Silver', 1, true],
      ['White', 1, false],
    ]);
  });

  it('filters by brand and by stock beside the specifications', async () => {
    const sony = await categoryPage('en-ch', '?refinements[brand]=sony&refinements[spec:colour]=Black,White');
    expect(namesOf(sony.page)).toEqual(expected('headphones'));
    expect(sony.page.filters.chips.map((c) => [c.facet, c.value])).toEqual([
      ['brand', 'Sony'],
      ['spec:colour', 'Black'],
      ['spec:colour', 'White'],
    ]);
    // In Switzerland only the headphones are in stock (the earbuds are on pre-order, the Bose sold out).
    const inStock = await categoryPage('en-ch', '?refinements[availability]=in_stock');
    expect(namesOf(inStock.page)).toEqual(expected('headphones'));
    expect(inStock.page.filters.inStock).toEqual({ count: 1, selected: true });
  });

  it('names the specifications in the page’s language, those it does not know as the data write them', async () => {
    const { page } = await categoryPage('de-ch', '?refinements[spec:weight]=250+g');
    expect(page.filters.specs.map((group) => group.name)).toEqual(
      expect.arrayContaining(['Gewicht', 'Akkulaufzeit', 'Colour']),
    );
    expect(page.filters.chips[0]?.name).toBe('Gewicht');
  });

  it('says when no product matches, and ignores filters it cannot use instead of failing', async () => {
    const none = await categoryPage('en-ch', '?refinements[spec:weight]=9+kg&sort=cheapest');
    expect(none.status).toBe(200);
    expect(none.page.products.hits).toEqual([]);
    // The chosen value stays, at 0, so that it can be taken back.
    expect(valuesOf(none.page, 'spec:weight')).toEqual(expect.arrayContaining([['9 kg', 0, true]]));
    expect(none.page.filters.clearHref).toBe(`${categoryPath('en-ch')}?sort=cheapest`);
    const bad = await categoryPage(
      'en-ch',
      `?refinements[spec:Weight]=x&refinements[spec:weight]=${'x'.repeat(101)}&refinements[shop]=nope` +
        `&refinements[category]=${catalogue.categoryId}`,
    );
    expect(bad.status).toBe(200);
    expect(namesOf(bad.page)).toEqual(expected('headphones', 'earbuds', 'bose'));
    expect(bad.page.filters.chips).toEqual([]);
  });

  it('is cached keyed on its filters too', async () => {
    const { headers } = await categoryPage('en-ch', '?refinements[spec:weight]=250+g');
    expect(headers.get('X-Cache-Query')).toBe('page,sort,refinements[*],range[*]');
    expect(headers.get('Cache-Control')).toBe('public, max-age=0, s-maxage=30, stale-while-revalidate=30');
  });

  it('renders the panel as a form that works without JavaScript, with chips, and keeps the filters when sorting', async () => {
    const html = await renderCategory('en-ch', '?refinements%5Bspec%3Aweight%5D=250+g&sort=cheapest');
    const panel = /<section class="facets filters"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
    expect(panel).toContain(`<form method="get" action="${categoryPath('en-ch')}"`);
    expect(panel).toContain('<noscript><button type="submit">Apply</button></noscript>');
    expect(panel).toContain('<input type="hidden" name="sort" value="cheapest"/>');
    expect(panel).toMatch(/<legend>Weight<\/legend>/);
    expect(panel).toContain(
      '<input type="checkbox" name="refinements[spec:weight]" checked="" value="250 g"/><span>250 g</span> <span class="muted">(2)</span>',
    );
    expect(panel).toMatch(/<input type="checkbox" name="refinements\[spec:weight\]" value="5 g"\/>/);
    expect(panel).toContain('<h3>Specifications</h3>');
    // The chip and "clear all", the products, and the sort form carrying the filter.
    expect(html).toMatch(/<ul class="chips filter-chips" aria-label="Chosen filters">/);
    expect(html).toContain('aria-label="Remove the filter Weight: 250 g"');
    expect(html).toContain(`href="${categoryPath('en-ch')}?sort=cheapest">Clear all filters</a>`);
    expect(html).toContain(NAMES.bose.replace(/&/g, '&amp;'));
    expect(html).not.toContain(NAMES.earbuds);
    const sortForm = /<form[^>]*class="list-toolbar"[\s\S]*?<\/form>/.exec(html)?.[0] ?? '';
    expect(sortForm).toContain('<input type="hidden" name="refinements[spec:weight]" value="250 g"/>');
  });

  it('sends a value with a comma escaped, as the URL writes it', async () => {
    const html = await renderCategory('en-ch', '?refinements[spec:colour]=Black%5C%2C+Silver');
    expect(html).toContain(
      '<input type="checkbox" name="refinements[spec:colour]" checked="" value="Black\\, Silver"/><span>Black, Silver</span>',
    );
    expect(html).toContain('aria-label="Remove the filter Colour: Black, Silver"');
  });

  it('says that no product matches and offers to clear the filters', async () => {
    const html = await renderCategory('de-ch', '?refinements[spec:weight]=9+kg');
    expect(html).toContain('Kein Produkt entspricht diesen Filtern.');
    expect(html).toContain(`href="${categoryPath('de-ch')}">Alle Filter löschen</a>`);
  });
});

describe('the category page filtered by a numeric specification’s range', () => {
  const kettlesPath = (locale: string) => `/${locale}/categories/${kettlesId}`;
  const kettlesPage = async (locale: string, query: string) => {
    const request = new Request(`http://site.test${kettlesPath(locale)}${query}`);
    const args: LoaderFunctionArgs = { request, params: { locale, category: kettlesId }, context: {} };
    const answer = (await route.loader(args)) as unknown as { data: PageData; init: ResponseInit };
    return { status: answer.init.status ?? 200, page: answer.data };
  };
  const kettles = (...powers: string[]) =>
    KETTLES.filter((k) => powers.includes(k.power))
      .map((k) => k.title)
      .sort();
  const FORM_RANGE = '?range%5Bspec%3Apower%5D%5Bmin%5D=800&range%5Bspec%3Apower%5D%5Bmax%5D=1200';

  it('lists exactly the kettles in range, from the panel’s from–to fields or the links’ refinement', async () => {
    const { status, page } = await kettlesPage('en-ch', FORM_RANGE);
    expect(status).toBe(200);
    expect(namesOf(page)).toEqual(kettles('900 W', '1,200 W'));
    const power = spec(page, 'spec:power');
    expect(power?.range).toEqual({
      fields: { min: 'range[spec:power][min]', max: 'range[spec:power][max]' },
      unit: 'W',
      lowest: 600,
      highest: 1500,
      step: '1',
      chosen: { min: 800, max: 1200 },
    });
    // No boxes beside a range; the other specification keeps its values and its own range, over the kettles in range.
    expect([power?.values, power?.more]).toEqual([[], []]);
    expect(spec(page, 'spec:jug')?.range).toMatchObject({ unit: 'l', lowest: 1.5, highest: 1.7, step: '0.1' });
    expect(valuesOf(page, 'spec:jug')).toEqual([
      ['1.5 l', 1, false],
      ['1.7 l', 1, false],
    ]);
    expect(page.filters.chips).toEqual([
      {
        facet: 'spec:power',
        name: 'Power',
        value: '800..1200',
        href: kettlesPath('en-ch'),
        range: { min: 800, max: 1200, unit: 'W' },
      },
    ]);
    // The sort form keeps the range as the refinement the links write.
    expect(page.filters.fields).toEqual([['refinements[spec:power]', '800..1200']]);
    const linked = await kettlesPage('en-ch', '?refinements%5Bspec%3Apower%5D=800..1200');
    expect(namesOf(linked.page)).toEqual(kettles('900 W', '1,200 W'));
  });

  it('takes open bounds, and ignores a bound that is no number or values beside the range instead of failing', async () => {
    const from = await kettlesPage('en-ch', '?refinements[spec:power]=1000..');
    expect(namesOf(from.page)).toEqual(kettles('1,200 W', '1500 W'));
    const jug = await kettlesPage('en-ch', '?range[spec:jug][min]=&range[spec:jug][max]=1.5');
    expect(namesOf(jug.page)).toEqual(kettles('600 W', '900 W'));
    const malformed = await kettlesPage(
      'en-ch',
      '?range[spec:power][min]=abc&range[spec:power][max]=&refinements[spec:jug]=x..y',
    );
    expect(malformed.status).toBe(200);
    expect(namesOf(malformed.page)).toEqual(kettles('600 W', '900 W', '1,200 W', '1500 W'));
    expect(malformed.page.filters.chips).toEqual([]);
    const beside = await kettlesPage('en-ch', `${FORM_RANGE}&refinements[spec:power]=1500+W`);
    expect(beside.status).toBe(200);
    expect(namesOf(beside.page)).toEqual(kettles('900 W', '1,200 W'));
  });

  it('renders the range inputs prefilled and labelled, and the chip in the page’s locale', async () => {
    const html = await renderSitePage(
      route,
      ':locale/categories/:category',
      new Request(`http://site.test${kettlesPath('en-ch')}${FORM_RANGE}`),
    );
    const panel = /<section class="facets filters"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
    // Text inputs, in the page's number format (ADR 131), with a keyboard of digits (and a decimal mark).
    expect(panel).toContain(
      '<label><span>from</span><input type="text" name="range[spec:power][min]" inputMode="numeric"' +
        ' autoComplete="off" spellcheck="false" placeholder="600" aria-describedby="spec-power-unit" value="800"/></label>',
    );
    expect(panel).toContain(
      '<label><span>to</span><input type="text" name="range[spec:power][max]" inputMode="numeric"' +
        ' autoComplete="off" spellcheck="false" placeholder="1500" aria-describedby="spec-power-unit" value="1200"/></label>' +
        '<span id="spec-power-unit">W</span><button type="submit">Apply</button>',
    );
    expect(panel).not.toContain('name="refinements[spec:power]"');
    expect(panel).toContain(
      'name="range[spec:jug][max]" inputMode="decimal" autoComplete="off" spellcheck="false" placeholder="1.7"',
    );
    expect(html).toContain('aria-label="Remove the filter Power: 800 – 1’200 W"');
    expect(html).toContain(`href="${kettlesPath('en-ch')}">Clear all filters</a>`);
    const sortForm = /<form[^>]*class="list-toolbar"[\s\S]*?<\/form>/.exec(html)?.[0] ?? '';
    expect(sortForm).toContain('<input type="hidden" name="refinements[spec:power]" value="800..1200"/>');

    const german = await renderSitePage(
      route,
      ':locale/categories/:category',
      new Request(`http://site.test${kettlesPath('de-ch')}?refinements[spec:power]=..1200`),
    );
    expect(german).toMatch(/aria-label="Filter [^:"]+: bis 1’200 W entfernen"/);
    expect(german).toContain('<span>von</span>');
  });

  it('reads the bounds sent without JavaScript in the page’s number format (ADR 131)', async () => {
    const jugUpTo = (bound: string) =>
      `?range%5Bspec%3Ajug%5D%5Bmin%5D=&range%5Bspec%3Ajug%5D%5Bmax%5D=${encodeURIComponent(bound)}`;
    // A decimal comma on a page that writes one (fr-ch: "1,5"), a decimal point on one that writes that.
    const french = await kettlesPage('fr-ch', jugUpTo('1,5'));
    expect(french.status).toBe(200);
    expect(namesOf(french.page)).toEqual(kettles('600 W', '900 W'));
    expect(french.page.filters.chips).toMatchObject([{ value: '..1.5', range: { min: null, max: 1.5 } }]);
    expect(namesOf((await kettlesPage('en-ch', jugUpTo('1.5'))).page)).toEqual(kettles('600 W', '900 W'));
    // Swiss digit groups, typed with the keyboard's apostrophe or the page's own.
    const powerFrom = (bound: string) =>
      `?range%5Bspec%3Apower%5D%5Bmin%5D=${encodeURIComponent(bound)}&range%5Bspec%3Apower%5D%5Bmax%5D=`;
    for (const bound of ["1'000", '1’000'])
      expect(namesOf((await kettlesPage('de-ch', powerFrom(bound))).page)).toEqual(kettles('1,200 W', '1500 W'));
    // Another locale's decimal mark is no number on the page: the bound is left open, never refused.
    const english = await kettlesPage('en-ch', jugUpTo('1,5'));
    expect(english.status).toBe(200);
    expect(namesOf(english.page)).toEqual(kettles('600 W', '900 W', '1,200 W', '1500 W'));
    expect(english.page.filters.chips).toEqual([]);

    // The chosen bound shows as the page writes it.
    const html = await renderSitePage(
      route,
      ':locale/categories/:category',
      new Request(`http://site.test${kettlesPath('fr-ch')}${jugUpTo('1,5')}`),
    );
    expect(html).toMatch(/name="range\[spec:jug\]\[max\]" inputMode="decimal"[^>]* value="1,5"/);
  });
});

describe('the category page filtered by a price range', () => {
  /** The headphones' lowest prices in Switzerland: earbuds CHF 229, headphones 279, Bose 379; in Germany only the headphones, EUR 299. */
  const FORM = (min: string, max: string) =>
    `?range%5Bprice%5D%5Bmin%5D=${encodeURIComponent(min)}&range%5Bprice%5D%5Bmax%5D=${encodeURIComponent(max)}`;
  const prices = (page: PageData) => page.products.hits.map((hit) => hit.price?.amount);

  it('lists the products whose lowest price, as their cards show it, is in range, from the form or the search page’s link', async () => {
    const { status, page } = await categoryPage('en-ch', FORM('250', '300'));
    expect(status).toBe(200);
    expect(namesOf(page)).toEqual(expected('headphones'));
    expect(prices(page)).toEqual([27900]);
    // Placeholders: the category's lowest and highest price without the range, in whole francs.
    expect(page.filters.price).toEqual({
      fields: { min: 'range[price][min]', max: 'range[price][max]' },
      lowest: 22900,
      highest: 37900,
      chosen: { min: 25000, max: 30000 },
    });
    expect(page.filters.chips).toEqual([
      {
        facet: 'price',
        name: null,
        value: '25000..30000',
        href: categoryPath('en-ch'),
        price: { min: 25000, max: 30000 },
      },
    ]);
    expect(page.filters.fields).toEqual([['refinements[price]', '25000..30000']]);
    // The search page's own parameter, in minor units, bounds the wrong way round swapped.
    const linked = await categoryPage('en-ch', '?refinements%5Bprice%5D=30000..22900&sort=cheapest');
    expect(namesOf(linked.page)).toEqual(expected('earbuds', 'headphones'));
    expect(prices(linked.page)).toEqual([22900, 27900]);
    const from = await categoryPage('en-ch', '?refinements[price]=28000..');
    expect(namesOf(from.page)).toEqual(expected('bose'));
  });

  it('combines with the other filters, whose chips keep it', async () => {
    const { page } = await categoryPage('en-ch', '?refinements[price]=..30000&refinements[brand]=sony&sort=cheapest');
    expect(namesOf(page)).toEqual(expected('earbuds', 'headphones'));
    expect(page.filters.chips.find((chip) => chip.facet === 'brand')?.href).toBe(
      `${categoryPath('en-ch')}?refinements%5Bprice%5D=..30000&sort=cheapest`,
    );
    const inStock = await categoryPage('en-ch', '?refinements[price]=..30000&refinements[availability]=in_stock');
    expect(namesOf(inStock.page)).toEqual(expected('headphones'));
  });

  it('reads a German page’s "1.234,50" in euros and compares the prices in Germany', async () => {
    const german = await categoryPage('de', FORM('250,00', '1.234,50'));
    expect(german.status).toBe(200);
    expect(namesOf(german.page)).toEqual(expected('headphones'));
    expect(prices(german.page)).toEqual([29900]);
    expect(german.page.filters.fields).toEqual([['refinements[price]', '25000..123450']]);
    const above = await categoryPage('de', FORM('299,50', ''));
    expect(above.page.products.hits).toEqual([]);
    expect(above.page.filters.chips.map((chip) => chip.price)).toEqual([{ min: 29950, max: null }]);
    // An English page reads "1.234,50" as no number: the bound is left open, never a 400.
    const english = await categoryPage('en-ch', FORM('', '1.234,50'));
    expect(english.status).toBe(200);
    expect(namesOf(english.page)).toEqual(expected('headphones', 'earbuds', 'bose'));
    expect(english.page.filters.chips).toEqual([]);
  });

  it('leaves malformed bounds open instead of failing the page', async () => {
    const bad = await categoryPage('en-ch', '?refinements[price]=abc..-5&range[spec:weight][min]=x');
    expect(bad.status).toBe(200);
    expect(namesOf(bad.page)).toEqual(expected('headphones', 'earbuds', 'bose'));
    const half = await categoryPage('en-ch', FORM('abc', '250'));
    expect(namesOf(half.page)).toEqual(expected('earbuds'));
  });

  it('renders "Price from [ ] to [ ] CHF" in the form that works without JavaScript, the chip and the sort form keeping it', async () => {
    const html = await renderCategory('en-ch', `${FORM('250', '300')}&sort=cheapest`);
    const panel = /<section class="facets filters"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
    expect(panel).toContain(
      '<fieldset><legend>Price</legend><div class="range-inputs"><label><span>from</span><input type="text" name="range[price][min]"' +
        ' inputMode="decimal" autoComplete="off" spellcheck="false" placeholder="229" aria-describedby="price-unit" value="250"/></label>' +
        '<label><span>to</span><input type="text" name="range[price][max]" inputMode="decimal" autoComplete="off" spellcheck="false"' +
        ' placeholder="379" aria-describedby="price-unit" value="300"/></label><span id="price-unit">CHF</span>' +
        '<button type="submit">Apply</button></div></fieldset>',
    );
    expect(html).toContain('aria-label="Remove the filter CHF\u00a0250 – 300"');
    const sortForm = /<form[^>]*class="list-toolbar"[\s\S]*?<\/form>/.exec(html)?.[0] ?? '';
    expect(sortForm).toContain('<input type="hidden" name="refinements[price]" value="25000..30000"/>');
    expect(html).not.toContain(NAMES.earbuds);

    const german = await renderCategory('de', FORM('250,00', '1.234,50'));
    expect(german).toMatch(/name="range\[price\]\[max\]" inputMode="decimal"[^>]* value="1234,50"/);
    expect(german).toContain('aria-label="Filter 250 – 1.234,50\u00a0€ entfernen"');
  });
});

/** GETs an API URL and checks the answer against the schema documented for `template`. */
const get = (url: string, template: string) => contract.get(handle, url, template);

describe('GET /api/products with specifications', () => {
  const products = (query: string) => get(`/api/products?category=${catalogue.categoryId}&${query}`, '/api/products');

  it('answers the specification facets with label and count, and refines on them', async () => {
    const answer = await products('locale=en-ch&facets=spec&refinements[spec:weight]=250%20g');
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((p: { name: string }) => p.name).sort()).toEqual(expected('headphones', 'bose'));
    // The terms a caller that knows only terms reads (a numeric specification adds its scale, ADR 123).
    expect(answer.body.meta.facets['spec:weight']).toMatchObject({
      type: 'terms',
      label: 'Weight',
      count: 2, // of the result: both products weighed 250 g
      values: [
        { value: '5 g', label: '5 g', count: 1, selected: false },
        { value: '250 g', label: '250 g', count: 2, selected: true },
      ],
    });
    expect(answer.body.meta.facets['spec:colour']).toMatchObject({ label: 'Colour', count: 2 });
    const german = await products('locale=de-ch&facets=spec');
    expect(german.body.meta.facets['spec:battery-life']).toMatchObject({
      type: 'terms',
      label: 'Akkulaufzeit',
      count: 3,
    });
    const escaped = await products('locale=en-ch&refinements[spec:colour]=White,Black%5C,%20Silver');
    expect(escaped.body.data.map((p: { name: string }) => p.name).sort()).toEqual(expected('earbuds', 'bose'));
  });

  it('answers 400 naming a malformed specification or an overlong value', async () => {
    const key = await products('refinements[spec:Weight]=1');
    expect(key.status).toBe(400);
    expect(key.body.errors).toEqual([expect.objectContaining({ field: 'refinements[spec:Weight]' })]);
    const long = await products(`refinements[spec:weight]=${'x'.repeat(101)}`);
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual([expect.objectContaining({ field: 'refinements[spec:weight]', rule: 'max' })]);
    const brands = await get('/api/brands?refinements[spec:weight]=1', '/api/brands');
    expect(brands.status).toBe(400);
    expect(brands.body.errors).toEqual([expect.objectContaining({ field: 'refinements[spec:weight]' })]);
  });
});
