import { join } from 'node:path';
import { OpenApiContract } from './openapi-contract';
import { eventually, seedCatalogue, type Catalogue } from './platform-fixture';
import { startPlatform, type Platform } from './platform-harness';

/**
 * The JSON API of spec §7 end to end: real requests through Remix's request handler to the
 * route loaders, which call catalog, offers and search over gRPC, each started from its app.ts
 * and filled through the real ingest path. Every answer is checked against docs/api/openapi.yaml;
 * every endpoint shows its shape, a bad parameter (400 naming the field) and, where it
 * addresses an entity, an unknown id (404).
 */

const contract = new OpenApiContract();
let platform: Platform;
let handle: (request: Request) => Promise<Response>;
let catalogue: Catalogue | Error;

interface Answer {
  readonly status: number;
  readonly headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly body: any;
}

/** GETs an API URL and checks the answer against the schema documented for `template`. */
async function get(url: string, template: string): Promise<Answer> {
  const response = await handle(new Request(`http://site.test${url}`));
  const text = await response.text();
  const body = text === '' ? null : JSON.parse(text);
  if (response.status !== 301) contract.check(template, response.status, body);
  return { status: response.status, headers: response.headers, body };
}

/** The filled platform, or a failure that says why this case cannot run. */
function seeded(): Catalogue {
  if (catalogue instanceof Error) {
    throw new Error(
      `the platform could not be filled through its ingest path, so this case cannot run: ${catalogue.message}`,
    );
  }
  return catalogue;
}

const expectField = (answer: Answer, field: string) => {
  expect(answer.status).toBe(400);
  expect(answer.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
  expect(answer.headers.get('Cache-Control')).toBe('no-store');
};

const expectNotFound = (answer: Answer) => {
  expect([answer.status, answer.body]).toEqual([404, { message: 'Not found' }]);
};

const CATALOG_CACHE = 'public, max-age=3600';
const LIVE_PRICES_CACHE = 'public, max-age=60';

beforeAll(async () => {
  platform = await startPlatform();
  process.env.MARKDOWN_DIR = join(__dirname, '..', 'content', 'markdown');
  // Loads the route modules, which read the service addresses the platform put in process.env.
  const { createApiRequestHandler } = await import('./api-request-handler');
  handle = createApiRequestHandler();
  catalogue = await seedCatalogue(platform).catch((error: unknown) =>
    error instanceof Error ? error : new Error(String(error)),
  );
}, 120_000);

afterAll(async () => {
  await platform?.stop();
});

describe('GET /api/products/{id}', () => {
  const template = '/api/products/{id}';

  it('answers the product with its lowest price in the locale country, cached an hour', async () => {
    const { headphones } = seeded().products;
    const answer = await get(`/api/products/${headphones.slug}-p${headphones.productId}?locale=de-ch`, template);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Cache-Control')).toBe(CATALOG_CACHE);
    expect(answer.body.data).toMatchObject({
      id: headphones.productId,
      _id: headphones.productId,
      name: 'Sony WH-1000XM5 Wireless Noise Cancelling Headphones',
      brand: { slug: 'sony', name: 'Sony' },
      price: { amount: 27900, currency: 'CHF', offers: 2 },
      offers: 2,
      currency: 'CHF',
      is_green: true,
      rating: { value: 4.5, count: 2, distribution: [1, 1, 0, 0, 0] },
      route: `/de-ch/products/${headphones.slug}-p${headphones.productId}`,
    });
  });

  it("prices in another locale's country and currency", async () => {
    const { headphones } = seeded().products;
    const answer = await get(`/api/products/${headphones.productId}?locale=de`, template);
    expect(answer.body.data).toMatchObject({ price: { amount: 29900, currency: 'EUR', offers: 1 }, currency: 'EUR' });
  });

  it('answers 400 for a segment without an id and for an unknown locale', async () => {
    expectField(await get('/api/products/sony-wh-1000xm5-p', template), 'id');
    expectField(await get('/api/products/abc?locale=it-ch', template), 'locale');
  });

  it('answers 404 for an unknown product', async () => {
    expectNotFound(await get('/api/products/no-such-thing-pZZZ404', template));
  });
});

describe('GET /api/products/{id}/offers', () => {
  const template = '/api/products/{id}/offers';

  it('lists the offers of the locale country cheapest first, with country counts', async () => {
    const { headphones } = seeded().products;
    const answer = await get(`/api/products/${headphones.productId}/offers?locale=en-ch&facets=*`, template);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Cache-Control')).toBe(LIVE_PRICES_CACHE);
    expect(answer.body.data.map((o: { price: { amount: number } }) => o.price.amount)).toEqual([27900, 29900]);
    expect(answer.body.data[0]).toMatchObject({
      shop: { name: 'Alpenhaus Elektronik' },
      availability: 'in_stock',
      condition: 'new',
      isGreen: true,
      country: 'CH',
    });
    expect(answer.body.data[0].clickLink).toMatch(/^\/goto\/.+/);
    expect(answer.body.data[1]).toMatchObject({
      availability: 'limited',
      originalPrice: { amount: 34900, currency: 'CHF' },
    });
    expect(answer.body.meta).toMatchObject({
      total: 2,
      page: 1,
      hitsPerPage: 20,
      defaultSort: 'cheapest',
      sort: 'cheapest',
    });
    expect(answer.body.meta.facets.country.values).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ value: 'CH', count: 2, selected: true }),
        expect.objectContaining({ value: 'DE', count: 1 }),
      ]),
    );
  });

  it('filters by country and stock, and sorts as asked', async () => {
    const { headphones } = seeded().products;
    const german = await get(`/api/products/${headphones.productId}/offers?refinements[country]=DE`, template);
    expect(german.body.data.map((o: { country: string }) => o.country)).toEqual(['DE']);
    // Shown in francs when offers has a rate, the shop's own EUR 299.00 kept either way.
    const [offer] = german.body.data;
    expect(
      offer.price.currency === 'CHF'
        ? [offer.originalDisplayPrice, offer.originalDisplayCurrency]
        : [offer.price.amount, offer.price.currency],
    ).toEqual([29900, 'EUR']);
    const inStock = await get(`/api/products/${headphones.productId}/offers?refinements[in_stock]=true`, template);
    // In stock means available now: in stock or limited (offers.proto ListOffersRequest).
    expect(inStock.body.data.map((o: { availability: string }) => o.availability).sort()).toEqual([
      'in_stock',
      'limited',
    ]);
    const dearest = await get(`/api/products/${headphones.productId}/offers?sort=most-expensive`, template);
    expect(dearest.body.data[0].price.amount).toBe(29900);
  });

  it('answers 400 naming the bad parameter', async () => {
    expectField(await get('/api/products/abc/offers?hitsPerPage=0', template), 'hitsPerPage');
    expectField(
      await get('/api/products/abc/offers?refinements[country]=Switzerland', template),
      'refinements[country]',
    );
    expectField(await get('/api/products/abc/offers?facets=shop', template), 'facets');
    expectField(await get('/api/products/abc/offers?refinements[product]=x', template), 'refinements[product]');
  });

  it('answers 404 for an unknown product', async () => {
    expectNotFound(await get('/api/products/pZZZ404/offers', template));
  });
});

describe('GET /api/products/{id}/reviews', () => {
  const template = '/api/products/{id}/reviews';

  it('lists reviews newest first with the rating summary as review meta', async () => {
    const { headphones } = seeded().products;
    const answer = await get(`/api/products/${headphones.productId}/reviews`, template);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Cache-Control')).toBe(CATALOG_CACHE);
    expect(answer.body.data.map((r: { author: string }) => r.author)).toEqual(['Reviewer 2', 'Reviewer 1']);
    expect(answer.body.data[0]).toMatchObject({
      domain: 'reviews.example',
      rating: { value: 4 },
      published_at: '2026-10-02T00:00:00.000Z',
    });
    expect(answer.body.meta).toMatchObject({
      total: 2,
      rating: { value: 4.5, count: 2, distribution: [1, 1, 0, 0, 0] },
    });
    const fives = await get(`/api/products/${headphones.productId}/reviews?refinements[rating]=5`, template);
    expect(fives.body.data.map((r: { rating: { value: number } }) => r.rating.value)).toEqual([5]);
  });

  it('answers 400 for a rating outside 1..5 or an unknown sort', async () => {
    expectField(await get('/api/products/abc/reviews?refinements[rating]=6', template), 'refinements[rating]');
    expectField(await get('/api/products/abc/reviews?sort=best', template), 'sort');
  });

  it('answers 404 for an unknown product', async () => {
    expectNotFound(await get('/api/products/pZZZ404/reviews', template));
  });
});

describe('GET /api/products/{id}/similar', () => {
  const template = '/api/products/{id}/similar';

  it('lists other products, with their prices', async () => {
    const { headphones, bose } = seeded().products;
    const answer = await get(`/api/products/${headphones.productId}/similar?locale=en-ch`, template);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Cache-Control')).toBe(CATALOG_CACHE);
    const ids = answer.body.data.map((p: { id: string }) => p.id);
    expect(ids).not.toContain(headphones.productId);
    expect(ids).toContain(bose.productId);
    expect(answer.body.data.find((p: { id: string }) => p.id === bose.productId).price).toEqual({
      amount: 37900,
      currency: 'CHF',
      offers: 1,
    });
  });

  it('answers 400 for a limit above 50', async () => {
    expectField(await get('/api/products/abc/similar?limit=51', template), 'limit');
  });

  it('answers 404 for an unknown product', async () => {
    expectNotFound(await get('/api/products/pZZZ404/similar', template));
  });
});

describe('GET /api/products/{id}/price-history', () => {
  const template = '/api/products/{id}/price-history';

  it("answers the history itself, in the locale country's currency", async () => {
    const { headphones } = seeded().products;
    const answer = await get(`/api/products/${headphones.productId}/price-history?locale=fr-ch&offers=true`, template);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Cache-Control')).toBe('public, max-age=300');
    expect(answer.body).toMatchObject({
      productId: headphones.productId,
      country: 'CH',
      currency: 'CHF',
      current: { amount: 27900, currency: 'CHF' },
    });
    expect(answer.body.points.at(-1)).toMatchObject({ date: new Date().toISOString().slice(0, 10), low: 27900 });
    expect(answer.body.offers).toHaveLength(2);
  });

  it('answers 400 for an unknown range', async () => {
    expectField(await get('/api/products/abc/price-history?range=2y', template), 'range');
  });

  it('answers 404 for an unknown product', async () => {
    expectNotFound(await get('/api/products/pZZZ404/price-history', template));
  });
});

describe('GET /api/products', () => {
  const template = '/api/products';

  it('lists product cards with prices, facets, sorts and metrics', async () => {
    seeded();
    const answer = await get('/api/products?locale=de-ch&sort=cheapest&facets=*', template);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Cache-Control')).toBe(LIVE_PRICES_CACHE);
    expect(answer.body.data.map((p: { price: { amount: number } }) => p.price.amount)).toEqual([22900, 27900, 37900]);
    expect(answer.body.meta).toMatchObject({ total: 3, pages: 1, page: 1, hitsPerPage: 20, sort: 'cheapest' });
    expect(answer.body.meta.sortOptions).toEqual(expect.arrayContaining([{ key: 'cheapest', selected: true }]));
    expect(answer.body.meta.aggregations.metrics).toMatchObject({
      minPrice: { amount: 22900, currency: 'CHF' },
      maxPrice: { amount: 37900, currency: 'CHF' },
    });
  });

  it('narrows by refinements, price range and search text', async () => {
    seeded();
    const sony = await get('/api/products?refinements[brand]=sony', template);
    expect(sony.body.meta.total).toBe(2);
    const cheap = await get('/api/products?refinements[price]=..25000', template);
    expect(cheap.body.data.map((p: { name: string }) => p.name)).toEqual(['Sony WF-1000XM5 Wireless Earbuds']);
    const bose = await get('/api/products?search=bose', template);
    expect(bose.body.data.map((p: { brand: { slug: string } }) => p.brand.slug)).toEqual(['bose']);
  });

  it('answers 400 for a search over 512 characters, an unknown sort or too many hits per page', async () => {
    expectField(await get(`/api/products?search=${'a'.repeat(513)}`, template), 'search');
    expectField(await get('/api/products?sort=popular', template), 'sort');
    expectField(await get('/api/products?hitsPerPage=101', template), 'hitsPerPage');
    // A specification range reaches search as written; search names what is wrong with it.
    expectField(await get('/api/products?refinements[spec:power]=1200..800', template), 'refinements');
    expectField(await get('/api/products?refinements[spec:power]=800..,1000 W', template), 'refinements');
  });
});

describe('GET /api/brands and /api/brands/{slug}', () => {
  it('lists brands and answers one by slug', async () => {
    const { brandSlug } = seeded();
    const list = await get('/api/brands?sort=name', '/api/brands');
    expect(list.status).toBe(200);
    expect(list.headers.get('Cache-Control')).toBe(CATALOG_CACHE);
    expect(list.body.data.map((b: { slug: string }) => b.slug)).toEqual(['bose', 'sony']);
    expect(list.body.meta).toMatchObject({ hitsPerPage: 20, sort: 'name' });
    const brand = await get(`/api/brands/${brandSlug}`, '/api/brands/{slug}');
    expect(brand.status).toBe(200);
    expect(brand.body.data).toMatchObject({
      slug: 'sony',
      name: 'Sony',
      products_count: 2,
      route: '/en-ch/brands/sony',
    });
  });

  it('sorts brands by popularity when asked, and offers that sort', async () => {
    seeded();
    const list = await get('/api/brands?sort=popular', '/api/brands');
    expect(list.status).toBe(200);
    expect(list.body.meta.sort).toBe('popular');
    expect(list.body.meta.sortOptions).toEqual([
      { key: 'name', selected: false },
      { key: 'products', selected: false },
      { key: 'new', selected: false },
      { key: 'popular', selected: true },
    ]);
    // Nothing was clicked through in the fixture: by name.
    expect(list.body.data.map((b: { slug: string }) => b.slug)).toEqual(['bose', 'sony']);
  });

  it('answers 400 for bad parameters and 404 for an unknown brand', async () => {
    expectField(await get('/api/brands?page=0', '/api/brands'), 'page');
    expectField(await get('/api/brands/Sony%20Corp', '/api/brands/{slug}'), 'slug');
    expectNotFound(await get('/api/brands/no-such-brand', '/api/brands/{slug}'));
  });
});

describe('GET /api/shops and /api/shops/{id}', () => {
  it('lists the shops selling to the locale country, 24 per page, and answers one by id', async () => {
    const { shopIds } = seeded();
    const list = await get('/api/shops?locale=de-ch', '/api/shops');
    expect(list.status).toBe(200);
    expect(list.body.meta.hitsPerPage).toBe(24);
    expect(list.body.data.map((s: { id: string }) => s.id).sort()).toEqual(
      [shopIds.alpenhaus, shopIds.rheinmarkt].sort(),
    );
    // Each shop counts the offers it lists (the fixture: Alpenhaus two, Rheinmarkt three), as
    // offers refreshes the counts (every 2 s under the harness), one shop and one event at a time:
    // a run may count one shop before the other's offers were ingested, so both are waited for.
    const counts = await eventually("search to show both shops' offer counts", async () => {
      const answer = await get('/api/shops?locale=de-ch', '/api/shops');
      const byId = new Map(answer.body.data.map((s: { id: string; offers_count: number }) => [s.id, s.offers_count]));
      return byId.get(shopIds.rheinmarkt) === 3 && byId.get(shopIds.alpenhaus) === 2 ? byId : undefined;
    });
    expect([counts.get(shopIds.alpenhaus), counts.get(shopIds.rheinmarkt)]).toEqual([2, 3]);
    const shop = await get(`/api/shops/${shopIds.alpenhaus}`, '/api/shops/{id}');
    expect(shop.status).toBe(200);
    expect(shop.headers.get('Cache-Control')).toBe(CATALOG_CACHE);
    expect(shop.body.data).toMatchObject({
      id: shopIds.alpenhaus,
      name: 'Alpenhaus Elektronik',
      domain: 'alpenhaus-elektronik.example',
      status: 'active',
    });
  });

  it('answers 400 for bad parameters and 404 for an unknown shop', async () => {
    expectField(await get('/api/shops?hitsPerPage=many', '/api/shops'), 'hitsPerPage');
    expectField(await get('/api/shops/bad%20id', '/api/shops/{id}'), 'id');
    expectNotFound(await get('/api/shops/no-such-shop', '/api/shops/{id}'));
  });
});

describe('GET /api/shops/{id}/reviews', () => {
  const template = '/api/shops/{id}/reviews';

  it("answers a shop's reviews with its rating in meta (the fixture's shops have none yet), cached an hour", async () => {
    const { shopIds } = seeded();
    const shop = await get(`/api/shops/${shopIds.rheinmarkt}`, '/api/shops/{id}');
    expect(shop.body.data.rating).toBeNull();
    const answer = await get(`/api/shops/${shopIds.rheinmarkt}/reviews?locale=fr-ch&sort=lowest`, template);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Cache-Control')).toBe(CATALOG_CACHE);
    expect(answer.body).toMatchObject({
      data: [],
      meta: { total: 0, page: 1, hitsPerPage: 10, sort: 'lowest', defaultSort: 'newest', rating: null },
    });
  });

  it('answers 400 for an unknown sort or too many per page, and 404 for an unknown shop', async () => {
    const { shopIds } = seeded();
    expectField(await get(`/api/shops/${shopIds.rheinmarkt}/reviews?sort=best`, template), 'sort');
    expectField(await get(`/api/shops/${shopIds.rheinmarkt}/reviews?hitsPerPage=51`, template), 'hitsPerPage');
    expectNotFound(await get('/api/shops/no-such-shop/reviews', template));
  });
});

describe('GET /api/categories and /api/categories/{id}', () => {
  it('lists categories, 24 per page, and answers one with its breadcrumbs', async () => {
    const { categoryId } = seeded();
    const list = await get('/api/categories', '/api/categories');
    expect(list.status).toBe(200);
    expect(list.body.meta.hitsPerPage).toBe(24);
    expect(list.body.data.map((c: { id: string }) => c.id)).toContain(categoryId);
    const category = await get(`/api/categories/${categoryId}?locale=en-gb`, '/api/categories/{id}');
    expect(category.status).toBe(200);
    expect(category.body.data).toMatchObject({ id: categoryId, route: `/en-gb/categories/${categoryId}` });
    expect(category.body.data.products_count).toBeGreaterThanOrEqual(3);
  });

  it('answers 400 for bad parameters and 404 for an unknown category', async () => {
    expectField(await get('/api/categories?facets=Parent!', '/api/categories'), 'facets');
    expectField(await get('/api/categories/bad%20id', '/api/categories/{id}'), 'id');
    expectNotFound(await get('/api/categories/no-such-category', '/api/categories/{id}'));
  });
});

describe('GET /api/offers', () => {
  const template = '/api/offers';

  it("lists a product's offers in every country with `*`, and a shop's offers", async () => {
    const { products, shopIds } = seeded();
    const everywhere = await get(
      `/api/offers?refinements[product]=${products.headphones.productId}&refinements[country]=*&facets=country`,
      template,
    );
    expect(everywhere.status).toBe(200);
    expect(everywhere.body.data.map((o: { country: string }) => o.country).sort()).toEqual(['CH', 'CH', 'DE']);
    expect(Object.keys(everywhere.body.meta.facets)).toEqual(['country']);
    const shop = await get(`/api/offers?refinements[shop]=${shopIds.alpenhaus}`, template);
    expect(shop.body.data.map((o: { price: { amount: number } }) => o.price.amount)).toEqual([22900, 27900]);
  });

  it('answers 400 without a product or shop and 404 for an unknown product', async () => {
    expectField(await get('/api/offers', template), 'refinements[product]');
    expectField(await get('/api/offers?refinements[colour]=red', template), 'refinements[colour]');
    expectNotFound(await get('/api/offers?refinements[product]=ZZZ404', template));
  });
});

describe('GET /api/reviews', () => {
  const template = '/api/reviews';

  it('lists the reviews of refinements[product] (a "-p" marker allowed)', async () => {
    const { headphones } = seeded().products;
    const answer = await get(
      `/api/reviews?refinements[product]=${headphones.slug}-p${headphones.productId}&sort=lowest-rating`,
      template,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((r: { rating: { value: number } }) => r.rating.value)).toEqual([4, 5]);
    expect(answer.body.meta.sort).toBe('lowest-rating');
  });

  it('answers 400 without a product and 404 for an unknown product', async () => {
    expectField(await get('/api/reviews', template), 'refinements[product]');
    expectNotFound(await get('/api/reviews?refinements[product]=ZZZ404', template));
  });
});

describe('GET /api/markdown/{source}', () => {
  const template = '/api/markdown/{source}';

  it('renders our page in the locale language', async () => {
    const answer = await get('/api/markdown/terms-of-use?locale=fr-ch', template);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Cache-Control')).toBe(CATALOG_CACHE);
    expect(answer.body.data).toMatchObject({
      source: 'terms-of-use',
      language: 'fr',
      html: expect.stringContaining('<h1>Conditions d&#39;utilisation</h1>'),
    });
  });

  it('answers 400 for a path outside the folder and 404 for an unknown page', async () => {
    expectField(await get('/api/markdown/..%2F..%2Fpackage', template), 'source');
    expectField(await get('/api/markdown/company.en', template), 'source');
    expectNotFound(await get('/api/markdown/no-such-page', template));
  });
});

describe('GET /api/suggest', () => {
  const template = '/api/suggest';
  const ORDER = ['search', 'product', 'brand', 'category'];

  it('completes what was typed and links the matching products, brands and categories, cached five minutes', async () => {
    const { headphones } = seeded().products;
    const answer = await eventually('search to suggest the Sony products', async () => {
      const found = await get('/api/suggest?q=sony%20wh&locale=de-ch', template);
      return found.body.data?.some((s: { kind: string }) => s.kind === 'product') ? found : undefined;
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Cache-Control')).toBe('public, max-age=300');
    const kinds: string[] = answer.body.data.map((s: { kind: string }) => s.kind);
    // Products first, then brands, then categories.
    expect(kinds).toEqual([...kinds].sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b)));
    expect(answer.body.data).toEqual(
      expect.arrayContaining([
        {
          kind: 'product',
          text: 'Sony WH-1000XM5 Wireless Noise Cancelling Headphones',
          url: `/de-ch/products/${headphones.slug}-p${headphones.productId}`,
          image: expect.anything(),
        },
      ]),
    );
    const brand = await get('/api/suggest?q=bose&locale=fr-ch', template);
    expect(brand.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'brand', url: expect.stringMatching(/^\/fr-ch\/brands\//) }),
      ]),
    );
  });

  it('suggests first what at least three visitors searched in the locale’s country and language', async () => {
    const { search } = await import('../app/services/search.server');
    const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
    const searched = (query: string, ip: string) =>
      search.trackSearch({ query, country: 'GB', language: 'en', visitorId: '', ip, userAgent: BROWSER });
    for (const ip of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) await searched('Sony headphones', ip);
    await searched('Sony speaker', '192.0.2.1'); // one visitor's search stays theirs
    // Counts reach the store every few seconds; the box's lists are made from the store.
    await eventually('search to count the three visitors', async () => {
      const { queries } = await search.listTrendingQueries({ country: 'GB', language: 'en', days: 1, limit: 10 });
      return queries.some((q) => q.query === 'sony headphones' && q.count === 3) ? true : undefined;
    });
    const answer = await get('/api/suggest?q=sony&locale=en-gb', template);
    expect(answer.status).toBe(200);
    expect(answer.body.data.filter((s: { kind: string }) => s.kind === 'search')).toEqual([
      { kind: 'search', text: 'sony headphones', url: '/en-gb/search?search=sony+headphones', image: null },
    ]);
    expect(answer.body.data[0].kind).toBe('search');
    expect(answer.body.data.map((s: { kind: string }) => s.kind)).toContain('product');
  });

  it('answers 400 naming q when nothing, or a single character, was typed', async () => {
    expectField(await get('/api/suggest?locale=de-ch', template), 'q');
    expectField(await get('/api/suggest?q=%20s&locale=de-ch', template), 'q');
    expectField(await get(`/api/suggest?q=${'a'.repeat(513)}`, template), 'q');
  });
});

describe('when a service is down', () => {
  it('answers 503 without passing on what failed', async () => {
    await platform.stopService('search');
    const answer = await get('/api/brands', '/api/brands');
    expect([answer.status, answer.body]).toEqual([503, { message: 'Service unavailable' }]);
    expect(answer.headers.get('Cache-Control')).toBe('no-store');
  });
});

describe('GET /api/promotions', () => {
  const template = '/api/promotions';

  it('answers the list shape (none are running in the fixture) and 400 for an unknown sort', async () => {
    const answer = await get('/api/promotions?locale=de-ch&sort=newest', template);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Cache-Control')).toBe(LIVE_PRICES_CACHE);
    expect(answer.body).toMatchObject({ data: [], meta: { total: 0, sort: 'newest', defaultSort: 'ending-soon' } });
    expectField(await get('/api/promotions?sort=cheapest', template), 'sort');
  });
});

describe('coverage of the OpenAPI document', () => {
  it('checked a real answer for every documented 200, 400 and 404', () => {
    const missing: string[] = [];
    for (const [path, statuses] of contract.documented()) {
      for (const status of statuses) {
        if (['200', '400', '404'].includes(status) && !contract.checked.has(`${path} ${status}`))
          missing.push(`${path} ${status}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
