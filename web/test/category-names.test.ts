import type { LoaderFunctionArgs } from '@remix-run/node';
import { createServiceClient } from '@pc/kit/grpc/client';
import { CatalogServiceService, UpdateCategoryRequest } from '@pc/proto/catalog/v1/catalog';
import { OpenApiContract } from './openapi-contract';
import { seedCatalogue, type Catalogue } from './platform-fixture';
import { startPlatform, type Platform } from './platform-harness';
import { renderSitePage, type SitePageModule } from './site-page';

/**
 * Categories named in the page's language wherever search names them (ADR 126), over the real
 * services: the fixture's category path "Electronics > Audio > Headphones", made by catalog from
 * the offers, is given German names by staff (Audio keeps its English one); search still holds the
 * English names its events carry. The JSON API (products with their category facet and cards,
 * brands with theirs, categories, suggestions, checked against docs/api/openapi.yaml), a brand's
 * filters, the search page's facet and the categories list all say "Kopfhörer" to a German reader.
 */

type BrandRoute = typeof import('~/routes/$locale.brands.$brand');
type SearchRoute = typeof import('~/routes/$locale.search._index');
type CategoriesRoute = typeof import('~/routes/$locale.categories._index');
type BrandData = Awaited<ReturnType<typeof import('~/data/entity-pages.server').brandPage>>;

const contract = new OpenApiContract();
let platform: Platform;
let catalogue: Catalogue;
let handle: (request: Request) => Promise<Response>;
let brandRoute: BrandRoute;
let searchRoute: SearchRoute;
let categoriesRoute: CategoriesRoute;
/** The fixture's categories, root first: Electronics, Audio, Headphones. */
let path: { electronics: string; audio: string; headphones: string };

beforeAll(async () => {
  platform = await startPlatform();
  // Loaded now: the BFF's config reads the service addresses the platform put in process.env.
  brandRoute = await import('~/routes/$locale.brands.$brand');
  searchRoute = await import('~/routes/$locale.search._index');
  categoriesRoute = await import('~/routes/$locale.categories._index');
  await import('~/i18n/messages.server'); // the messages every page renders with
  const { createApiRequestHandler } = await import('./api-request-handler');
  handle = createApiRequestHandler();
  catalogue = await seedCatalogue(platform);

  const catalog = createServiceClient(CatalogServiceService, platform.addresses.catalog);
  const { category } = await catalog.getCategory({ categoryId: catalogue.categoryId, language: 'en' });
  const [electronics, audio] = category?.ancestors.map((ref) => ref.id) ?? [];
  if (category?.name !== 'Headphones' || !electronics || !audio)
    throw new Error(`the fixture's category is not Electronics > Audio > Headphones: ${JSON.stringify(category)}`);
  path = { electronics, audio, headphones: catalogue.categoryId };
  const name = (categoryId: string, de: string) =>
    catalog.updateCategory(
      UpdateCategoryRequest.fromPartial({
        categoryId,
        actorUserId: platform.staffUserId,
        language: 'en',
        translations: [{ language: 'de', name: de }],
      }),
    );
  await name(path.headphones, 'Kopfhörer');
  await name(path.electronics, 'Elektronik');
}, 120_000);

afterAll(async () => {
  await platform?.stop();
});

/** GETs an API URL and checks the answer against the schema documented for `template`. */
const get = (url: string, template: string) => contract.get(handle, url, template);

/** A facet's values as "label (count)". */
const labels = (facet: { values: { label: string; count: number }[] } | undefined) =>
  (facet?.values ?? []).map((v) => `${v.label} (${v.count})`);

/** A route's loader answer to `url` (its data, with or without headers). */
async function load<T>(module: SitePageModule, url: string, params: Record<string, string>): Promise<T> {
  const request = new Request(`http://site.test${url}`);
  const loader = module.loader as (args: LoaderFunctionArgs) => Promise<unknown>;
  const answer = (await loader({ request, params, context: {} })) as { data?: T; init?: ResponseInit } | T;
  return answer !== null && typeof answer === 'object' && 'init' in answer ? (answer.data as T) : (answer as T);
}

describe('GET /api/products in German', () => {
  it('labels the category facet and each card’s category with catalog’s German names', async () => {
    const german = await get('/api/products?locale=de-ch&facets=category,brand', '/api/products');
    expect(german.status).toBe(200);
    expect(labels(german.body.meta.facets.category)).toEqual(['Kopfhörer (3)']);
    expect(german.body.meta.facets.category.values[0].value).toBe(path.headphones);
    expect(german.body.data.map((card: { category: { name: string } }) => card.category.name)).toEqual([
      'Kopfhörer',
      'Kopfhörer',
      'Kopfhörer',
    ]);
    // Brands are no categories: as search names them.
    expect(labels(german.body.meta.facets.brand).sort()).toEqual(['Bose (1)', 'Sony (2)']);

    const english = await get('/api/products?locale=en-ch&facets=category', '/api/products');
    expect(labels(english.body.meta.facets.category)).toEqual(['Headphones (3)']);
    expect(english.body.data[0].category.name).toBe('Headphones');
    // A language catalog has no name in: its fallback's.
    const french = await get('/api/products?locale=fr-ch&facets=category', '/api/products');
    expect(labels(french.body.meta.facets.category)).toEqual(['Headphones (3)']);
  });
});

describe('a German brand page and search page', () => {
  it('offer the brand’s categories by their German names, chosen ones as chips', async () => {
    const params = { locale: 'de-ch', brand: catalogue.brandSlug };
    const page = await load<BrandData>(brandRoute, `/de-ch/brands/${catalogue.brandSlug}`, params);
    const group = page.filters.groups.find((g) => g.facet === 'category');
    expect(group?.values.map((v) => `${v.label} (${v.count})`)).toEqual(['Kopfhörer (2)']);

    const chosen = await load<BrandData>(
      brandRoute,
      `/de-ch/brands/${catalogue.brandSlug}?refinements[category]=${path.headphones}`,
      params,
    );
    expect(chosen.filters.chips).toEqual([expect.objectContaining({ facet: 'category', value: 'Kopfhörer' })]);

    const html = await renderSitePage(
      brandRoute,
      ':locale/brands/:brand',
      new Request(`http://site.test/de-ch/brands/${catalogue.brandSlug}`),
    );
    const panel = /<section class="facets filters"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
    expect(panel).toContain('<span>Kopfhörer</span>');
  });

  it('gives the search page’s category facet in German', async () => {
    const page = await load<{ result: { facets: Record<string, { values: { label: string; count: number }[] }> } }>(
      searchRoute,
      '/de-ch/search?search=sony',
      { locale: 'de-ch' },
    );
    expect(labels(page.result.facets.category)).toEqual(['Kopfhörer (2)']);
  });
});

describe('search’s categories, brands and suggestions in German', () => {
  it('names the categories list’s categories and their paths, and the parents facet', async () => {
    const german = await get('/api/categories?locale=de-ch&facets=parent&sort=name', '/api/categories');
    const byId = new Map(german.body.data.map((c: { id: string }) => [c.id, c]));
    expect(byId.get(path.headphones)).toMatchObject({ name: 'Kopfhörer', path: ['Elektronik', 'Audio'] });
    expect(byId.get(path.audio)).toMatchObject({ name: 'Audio', path: ['Elektronik'] });
    expect(byId.get(path.electronics)).toMatchObject({ name: 'Elektronik', path: [] });
    expect(labels(german.body.meta.facets.parent).sort()).toEqual(['Audio (1)', 'Elektronik (1)']);

    const english = await get('/api/categories?locale=en-ch', '/api/categories');
    const headphones = english.body.data.find((c: { id: string }) => c.id === path.headphones);
    expect(headphones).toMatchObject({ name: 'Headphones', path: ['Electronics', 'Audio'] });
  });

  it('lists the categories by popularity under their German names', async () => {
    const page = await load<{ kind: string; items: { key: string; name: string }[] }>(
      categoriesRoute,
      '/de-ch/categories?sort=popular',
      { locale: 'de-ch' },
    );
    expect(page.kind).toBe('list');
    expect(page.items.map((item) => item.name).sort()).toEqual(['Audio', 'Elektronik', 'Kopfhörer']);
  });

  it('labels the brands list’s category facet in German', async () => {
    const german = await get('/api/brands?locale=de-ch&facets=category', '/api/brands');
    expect(labels(german.body.meta.facets.category).sort()).toEqual(['Audio (2)', 'Elektronik (2)', 'Kopfhörer (2)']);
  });

  it('suggests the category by its German name in the search box', async () => {
    const german = await get('/api/suggest?q=headph&locale=de-ch', '/api/suggest');
    const categories = german.body.data.filter((s: { kind: string }) => s.kind === 'category');
    expect(categories).toEqual([
      { kind: 'category', text: 'Kopfhörer', url: `/de-ch/categories/${path.headphones}`, image: null },
    ]);
    const english = await get('/api/suggest?q=headph&locale=en-ch', '/api/suggest');
    expect(english.body.data.filter((s: { kind: string }) => s.kind === 'category')).toMatchObject([
      { text: 'Headphones' },
    ]);
  });
});
