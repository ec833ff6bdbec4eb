import { createServiceClient } from '@pc/kit/grpc/client';
import { CatalogServiceService, UpdateProductRequest } from '@pc/proto/catalog/v1/catalog';
import type { LoaderFunctionArgs } from '@remix-run/node';
import { seedCatalogue, type Catalogue } from './platform-fixture';
import { startPlatform, type Platform } from './platform-harness';

/**
 * The compare page's loader over the real services (catalog, offers over gRPC): the products of
 * the link side by side with their lowest prices in the locale's country and their specification
 * rows in the page's language, and what it answers to a link it cannot compare (ADR 116).
 */

let platform: Platform;
let catalogue: Catalogue;
let loader: typeof import('~/routes/$locale.compare').loader;
let headers: typeof import('~/routes/$locale.compare').headers;

beforeAll(async () => {
  platform = await startPlatform();
  // Loaded now: the BFF's config reads the service addresses the platform put in process.env.
  ({ loader, headers } = await import('~/routes/$locale.compare'));
  catalogue = await seedCatalogue(platform);
  const catalog = createServiceClient(CatalogServiceService, platform.addresses.catalog);
  const features = {
    headphones: [
      ['Audio', 'Noise cancelling', 'Active'],
      ['Battery', 'Battery life', '30 h'],
      ['Connectivity', 'Bluetooth', '5.3'],
    ],
    bose: [
      ['Audio', 'Noise cancelling', 'Active'],
      ['Battery', 'Battery life', '24 h'],
    ],
  } as const;
  for (const [key, list] of Object.entries(features) as [keyof typeof features, (typeof features)['bose']][])
    await catalog.updateProduct(
      UpdateProductRequest.fromPartial({
        productId: catalogue.products[key].productId,
        actorUserId: platform.staffUserId,
        replaceFeatures: true,
        features: list.map(([group, name, value]) => ({ group, name, value })),
      }),
    );
}, 120_000);

afterAll(async () => {
  await platform?.stop();
});

interface Loaded {
  readonly status: number;
  readonly headers: Headers;
  readonly page: Awaited<ReturnType<typeof import('~/data/compare-page.server').comparePage>>;
}

/** The loader's answer to `/{locale}/compare{query}`: its status, headers (with the page's own) and data. */
async function compare(locale: string, query: string): Promise<Loaded> {
  const request = new Request(`http://site.test/${locale}/compare${query}`);
  const args: LoaderFunctionArgs = { request, params: { locale }, context: {} };
  const answer = (await loader(args)) as unknown as { data: Loaded['page']; init: ResponseInit };
  const loaderHeaders = new Headers(answer.init.headers);
  const pageHeaders = new Headers(
    headers({
      loaderHeaders,
      parentHeaders: new Headers(),
      actionHeaders: new Headers(),
      errorHeaders: undefined,
    }) as HeadersInit,
  );
  return { status: answer.init.status ?? 200, headers: pageHeaders, page: answer.data };
}

const ids = (...keys: (keyof Catalogue['products'])[]) => keys.map((key) => catalogue.products[key].productId);

describe('the compare page', () => {
  it('shows the products side by side in the order of the link, with their lowest Swiss prices and offers', async () => {
    const { status, page } = await compare('en-ch', `?products=${ids('bose', 'headphones').join(',')}`);
    expect(status).toBe(200);
    expect(page.problem).toBeNull();
    expect(page.products.map((p) => [p.name, p.brand?.name, p.price])).toEqual([
      ['Bose QuietComfort Ultra Headphones', 'Bose', { amount: 37900, currency: 'CHF', offers: 1 }],
      ['Sony WH-1000XM5 Wireless Noise Cancelling Headphones', 'Sony', { amount: 27900, currency: 'CHF', offers: 2 }],
    ]);
    expect(page.products[1]?.route).toMatch(/^\/en-ch\/products\/[\w-]+-p[\w]+$/);
    expect(page.products[1]?.rating).toEqual({ value: 4.5, count: 2 });
    expect(page.title).toBe(
      'Compare Bose QuietComfort Ultra Headphones and Sony WH-1000XM5 Wireless Noise Cancelling Headphones',
    );
    expect(page.overview).toEqual({ brand: true, rating: true, price: true });
  });

  it('lines up the specification rows of both product pages, a dash where one has none', async () => {
    const { page } = await compare('en-ch', `?products=${ids('headphones', 'bose').join(',')}`);
    const rows = Object.fromEntries(
      page.attributes.map((row) => [row.name, { values: row.values, differs: row.differs }]),
    );
    expect(rows['Noise cancelling']).toEqual({ values: ['Active', 'Active'], differs: false });
    expect(rows['Battery life']).toEqual({ values: ['30 h', '24 h'], differs: true });
    expect(rows.Bluetooth).toEqual({ values: ['5.3', '—'], differs: true });
    expect(rows.EAN?.differs).toBe(true);
    expect(page.attributes.map((row) => row.name).slice(-3)).toEqual(['Noise cancelling', 'Battery life', 'Bluetooth']);
  });

  it('speaks the page’s language and prices the locale’s country, saying where a product has no offer', async () => {
    const { page } = await compare('de', `?products=${ids('headphones', 'earbuds').join(',')}&diff=1`);
    expect(page.onlyDifferences).toBe(true);
    expect(page.attributes.map((row) => row.name)).toEqual(
      expect.arrayContaining(['EAN', 'Herstellernummer', 'Akkulaufzeit']),
    );
    // Only the headphones have an offer in Germany (EUR 299.00).
    expect(page.products.map((p) => p.price)).toEqual([{ amount: 29900, currency: 'EUR', offers: 1 }, null]);
    expect(page.noOffers).toBe('Keine Angebote in diesem Land (Deutschland)');
    expect(page.caption).toContain('nur die Zeilen mit Unterschieden');
  });

  it('leaves out products catalog does not know, and says how many', async () => {
    const known = await compare(
      'en-ch',
      `?products=${[...ids('headphones'), 'nosuchproduct', ...ids('bose')].join(',')}`,
    );
    expect(known.status).toBe(200);
    expect(known.page.unknown).toBe(1);
    expect(known.page.products.map((p) => p.id)).toEqual(ids('headphones', 'bose'));
    // With one product left there is nothing to compare: the page explains how to pick.
    const alone = await compare('en-ch', `?products=${ids('headphones')[0]},nosuchproduct`);
    expect([alone.status, alone.page.problem, alone.page.unknown, alone.page.products]).toEqual([
      200,
      'too-few',
      1,
      [],
    ]);
  });

  it('explains a link it cannot compare instead of failing: too few, too many, malformed', async () => {
    const none = await compare('en-ch', '');
    expect([none.status, none.page.problem, none.page.title]).toEqual([200, 'too-few', 'Compare products']);
    const five = await compare('en-ch', '?products=a1,b2,c3,d4,e5');
    expect([five.status, five.page.problem, five.page.firstIds]).toEqual([400, 'too-many', ['a1', 'b2', 'c3', 'd4']]);
    const malformed = await compare('en-ch', '?products=a1,%3Cscript%3E');
    expect([malformed.status, malformed.page.problem, malformed.page.products]).toEqual([400, 'malformed', []]);
  });

  it('is cached as a public page, keyed on its products and the diff switch, tagged with its products', async () => {
    const { headers } = await compare('en-ch', `?products=${ids('headphones', 'bose').join(',')}`);
    expect(headers.get('Cache-Control')).toBe('public, max-age=0, s-maxage=30, stale-while-revalidate=30');
    expect(headers.get('X-Cache-Query')).toBe('products,diff');
    expect(headers.get('X-Cache-Tags')?.split(' ')).toEqual(ids('headphones', 'bose').map((id) => `product:${id}`));
  });
});
