import { eventually, seedCatalogue, type Catalogue } from './platform-fixture';
import { startPlatform, type Platform } from './platform-harness';

/**
 * The product page's rows come from one search call (SearchProductsBatch): each list as the
 * products list endpoint makes it alone, a list that fails left out on its own. Real services
 * over gRPC, filled through the ingest path.
 */

let platform: Platform;
let catalogue: Catalogue;
let lists: typeof import('~/data/lists.server');
let productPage: typeof import('~/data/product-page.server').productPage;
let context: import('~/site/site-context.server').SiteContext;

beforeAll(async () => {
  platform = await startPlatform();
  // Loaded now: the BFF's config reads the service addresses the platform put in process.env.
  lists = await import('~/data/lists.server');
  ({ productPage } = await import('~/data/product-page.server'));
  const { siteContext } = await import('~/site/site-context.server');
  context = siteContext(new Request('http://site.test/de-ch/'), 'de-ch');
  catalogue = await seedCatalogue(platform);
}, 120_000);

afterAll(async () => {
  await platform?.stop();
});

describe('product lists in one search call', () => {
  it('answers each list as the list alone would, and a failing one as null beside the others', async () => {
    const { headphones } = catalogue.products;
    const row = { exclude: headphones.productId, hitsPerPage: 12, with_offers: 'true' };
    const queries = [
      { ...row, similar: headphones.productId },
      { ...row, brand: catalogue.brandSlug },
      { ...row, category: catalogue.categoryId, sort: 'cheapest' },
    ];
    const both = async () => {
      const batched = await lists.productLists(context, [
        ...queries,
        { ...row, similar: 'ZZZ404' },
        { ...row, hitsPerPage: 101 },
      ]);
      const alone = await Promise.all(queries.map((query) => lists.productList(context, query)));
      return { batched, alone };
    };
    // The index may still be taking the seed's reviews in: compared once two reads agree in time.
    const settled = await eventually('the lists read alone and in one call to agree', async () => {
      const read = await both();
      return JSON.stringify(read.batched.slice(0, 3)) === JSON.stringify(read.alone) ? read : undefined;
    }).catch(both);
    const { batched, alone } = settled;
    expect(batched.slice(0, 3)).toEqual(alone);
    expect(alone.every((list) => list.data.every((card) => card.id !== headphones.productId))).toBe(true);
    expect(alone[2]?.data.length).toBeGreaterThan(0);
    expect(batched.slice(3)).toEqual([null, null]);
  });

  it('gives the product page its similar products from the batch', async () => {
    const { headphones } = catalogue.products;
    const url = new URL(`http://site.test/de-ch/products/${headphones.slug}-p${headphones.productId}`);
    const page = await productPage(context, `${headphones.slug}-p${headphones.productId}`, url);
    const alone = await lists.productList(context, {
      similar: headphones.productId,
      exclude: headphones.productId,
      hitsPerPage: 12,
      with_offers: 'true',
    });
    expect(page.similar).toEqual(alone.data);
    // Too few products in the brand and the category for a row of their own (ROW_MIN_PRODUCTS).
    expect([page.brandRow, page.categoryRow]).toEqual([null, null]);
  });
});
