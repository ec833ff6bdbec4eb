import { seedCatalogue, type Catalogue } from './platform-fixture';
import { startPlatform, type Platform } from './platform-harness';

/**
 * What the product page derives from its kept offers part (ADR 093): the price history's line and
 * the prices abroad are made once per part, language and country, not on every render, and the
 * page sends the history's line drawn rather than its daily points. Real services over gRPC.
 */

// The real markup, counted: how often a render writes the prices abroad.
jest.mock('~/data/price-markup.server', () => {
  const actual = jest.requireActual<typeof import('~/data/price-markup.server')>('~/data/price-markup.server');
  return { ...actual, abroadMarkup: jest.fn(actual.abroadMarkup) };
});

let platform: Platform;
let catalogue: Catalogue;
let productPage: typeof import('~/data/product-page.server').productPage;
let siteContext: typeof import('~/site/site-context.server').siteContext;
let priceMarkup: typeof import('~/data/price-markup.server');

beforeAll(async () => {
  platform = await startPlatform();
  // Loaded now: the BFF's config reads the service addresses the platform put in process.env.
  ({ productPage } = await import('~/data/product-page.server'));
  ({ siteContext } = await import('~/site/site-context.server'));
  priceMarkup = await import('~/data/price-markup.server');
  catalogue = await seedCatalogue(platform);
}, 120_000);

afterAll(async () => {
  await platform?.stop();
});

const render = (localeId: string) => {
  const { headphones } = catalogue.products;
  const segment = `${headphones.slug}-p${headphones.productId}`;
  const context = siteContext(new Request(`http://site.test/${localeId}/`), localeId);
  return productPage(context, segment, new URL(`http://site.test/${localeId}/products/${segment}`));
};

describe("the product page's history and prices abroad", () => {
  it('sends the history as its line drawn, with the range shown and its extremes', async () => {
    const page = await render('de-ch');
    expect(page.history).not.toHaveProperty('points');
    expect(page.history?.selected).toBe('3m');
    expect(page.history?.currency).toBe('CHF');
    expect(page.history?.chart?.path).toMatch(/^M\d/);
    expect(page.history?.lowest?.amount).toBeGreaterThan(0);
  });

  it('derives them once while the offers part is kept, apart for each language', async () => {
    const abroadMarkup = jest.mocked(priceMarkup.abroadMarkup);
    abroadMarkup.mockClear();
    const first = await render('de-ch');
    const again = await render('de-ch');
    // The same chart object, and the prices abroad written at most once (by the first render).
    expect(again.history?.chart).toBe(first.history?.chart);
    expect(abroadMarkup.mock.calls.length).toBeLessThanOrEqual(1);
    expect(first.abroad).toContain('Deutschland');
    expect(again.abroad).toBe(first.abroad);

    abroadMarkup.mockClear();
    const french = await render('fr-ch');
    expect(abroadMarkup).toHaveBeenCalledTimes(1);
    expect(french.abroad).toContain('Allemagne');
    expect(french.abroad).not.toContain('Deutschland');
  });
});
