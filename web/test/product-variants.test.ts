import { OfferObserved } from '@pc/proto/crawler/events/v1/events';
import { pino } from 'pino';
import { createElement } from 'react';
import { useLoaderData } from 'react-router-dom';
import type { VariantChip } from '~/data/product-page-variants.server';
import { eventually, seedCatalogue, swissFeedOffer, type Catalogue } from './platform-fixture';
import { startPlatform, type Platform } from './platform-harness';
import { followSiteChanges, type SiteFollower } from './site-follower';
import { renderSitePage } from './site-page';

/**
 * The product page's variants block (ADR 138): the other colours of the product's model from
 * catalog, each with its lowest Swiss price from one batched offers call, the product shown
 * marked. Real services over gRPC, the offers brought in through the ingest path, the site's
 * kept parts following the real event log as site-process.mjs wires them.
 */

const logger = pino({ level: 'silent' });
let platform: Platform;
let follower: SiteFollower | undefined;
let catalogue: Catalogue;
let productPage: typeof import('~/data/product-page.server').productPage;
let siteContext: typeof import('~/site/site-context.server').siteContext;

const JABRA = { brand: 'Jabra', categoryPath: 'Electronics > Audio > Headphones' };
const colours = [
  { colour: 'Black', gtin: '5707055046322', price: 19900 },
  { colour: 'Titanium', gtin: '5707055046339', price: 21450 },
  { colour: 'Gold', gtin: '5707055046346', price: 0 },
] as const;

beforeAll(async () => {
  platform = await startPlatform();
  ({ productPage } = await import('~/data/product-page.server'));
  ({ siteContext } = await import('~/site/site-context.server'));
  catalogue = await seedCatalogue(platform);
  const { alpenhaus, rheinmarkt } = catalogue.shopIds;
  await platform.observe(
    colours.map(({ colour, gtin, price }) => {
      const offer = swissFeedOffer({
        ...JABRA,
        shopId: price > 0 ? alpenhaus : rheinmarkt,
        shopOfferId: `elite-85h-${colour.toLowerCase()}`,
        url: `https://shop.example/elite-85h-${colour.toLowerCase()}`,
        title: `Jabra Elite 85h Wireless Headphones ${colour}`,
        gtin,
        mpn: `100-99030000-${colour.slice(0, 2).toUpperCase()}`,
        price: price || 17900,
      });
      // The gold one is sold in Germany only: it has no Swiss price.
      return price > 0
        ? offer
        : OfferObserved.fromPartial({ ...offer, country: 'DE', price: { amountMinor: 17900, currency: 'EUR' } });
    }),
  );

  // The site's follower of the bus: heard changes drop the kept parts, which live their evented age.
  follower = await followSiteChanges({ dataDir: platform.dataDir, logger, group: 'web.pages.product-variants.3000' });
}, 120_000);

afterAll(async () => {
  await follower?.stop();
  await platform?.stop();
});

/** The Titanium headphones' page in de-ch, once catalog and offers know all three colours. */
async function titaniumPage() {
  const context = siteContext(new Request('http://site.test/de-ch/'), 'de-ch');
  return eventually(
    'the three colours with the Swiss prices of two',
    async () => {
      const titanium = await findProduct('Titanium');
      if (!titanium) return undefined;
      const segment = `${titanium.slug}-p${titanium.id}`;
      const page = await productPage(context, segment, new URL(`http://site.test/de-ch/products/${segment}`));
      const priced = page.variants?.filter((chip) => chip.price !== null).length ?? 0;
      if (page.variants?.length === 3 && priced === 2) return { page, segment };
      throw new Error(`variants so far: ${JSON.stringify(page.variants)}`);
    },
    60_000,
  );
}

async function findProduct(colour: string) {
  const { createServiceClient } = await import('@pc/kit/grpc/client');
  const { CatalogServiceService } = await import('@pc/proto/catalog/v1/catalog');
  const catalog = createServiceClient(CatalogServiceService, platform.addresses.catalog);
  const gtin = colours.find((entry) => entry.colour === colour)?.gtin ?? '';
  const { products } = await catalog.findProductsByGtin({ gtin, language: 'de' });
  return products[0];
}

describe("the product page's variants", () => {
  jest.setTimeout(90_000);

  it('lists the colours of the model with their lowest Swiss prices, the product shown marked', async () => {
    const { page } = await titaniumPage();
    expect(page.variants?.map(({ label, current, price }) => ({ label, current, price }))).toEqual([
      { label: 'Black', current: false, price: { amount: 19900, currency: 'CHF' } },
      { label: 'Gold', current: false, price: null },
      { label: 'Titanium', current: true, price: { amount: 21450, currency: 'CHF' } },
    ]);
    const black = await findProduct('Black');
    expect(page.variants?.[0]?.route).toBe(`/de-ch/products/${black?.slug}-p${black?.id}`);
  });

  it('shows them as links in the page language and number format, the product shown not linked', async () => {
    const { page, segment } = await titaniumPage();
    // The block as the product page renders it, under the site's provider for de-ch.
    const { ProductVariants } = await import('~/components/product/ProductVariants');
    const html = await renderSitePage(
      {
        loader: () => page.variants,
        default: () => createElement(ProductVariants, { chips: useLoaderData() as VariantChip[] }),
      },
      ':locale/products/:product',
      new Request(`http://site.test/de-ch/products/${segment}`),
    );
    expect(html).toContain('Auch erhältlich');
    expect(html).toMatch(/<a [^>]*href="\/de-ch\/products\/[^"]+"[^>]*>.*Black.*ab CHF.199\.00/);
    expect(html).toContain('keine Angebote');
    expect(html).toMatch(/aria-current="page"[^>]*>.*Titanium.*ab CHF.214\.50/);
    expect(html.match(/<a /g)).toHaveLength(2);
  });

  it('lists a colour new to the model on its siblings’ pages as soon as catalog creates it', async () => {
    const { page, segment } = await titaniumPage(); // kept in the product page's parts from here
    // The page and its kept block are tagged with the model all three share ("Jabra Elite 85h …").
    expect(page.modelTags).toEqual([expect.stringMatching(/^model:[^ ]+%7C85h%20elite%20/)]);
    const context = siteContext(new Request('http://site.test/de-ch/'), 'de-ch');
    const url = new URL(`http://site.test/de-ch/products/${segment}`);
    await platform.observe([
      swissFeedOffer({
        ...JABRA,
        shopId: catalogue.shopIds.alpenhaus,
        shopOfferId: 'elite-85h-navy',
        url: 'https://shop.example/elite-85h-navy',
        title: 'Jabra Elite 85h Wireless Headphones Navy',
        gtin: '5707055046353',
        mpn: '100-99030000-NA',
        price: 18900,
      }),
    ]);
    // Well within the evented age of the kept block (300 s): only ProductCreated's model tag drops it.
    const labels = await eventually(
      'the navy headphones among the variants',
      async () => {
        const again = await productPage(context, segment, url);
        const shown = again.variants?.map((chip) => chip.label) ?? [];
        if (shown.includes('Navy')) return shown;
        throw new Error(`variants so far: ${shown.join(', ')}`);
      },
      20_000,
    );
    expect(labels).toEqual(['Black', 'Gold', 'Navy', 'Titanium']);
  });

  it('leaves the block out for a product without variants', async () => {
    const { headphones } = catalogue.products;
    const context = siteContext(new Request('http://site.test/de-ch/'), 'de-ch');
    const segment = `${headphones.slug}-p${headphones.productId}`;
    const page = await productPage(context, segment, new URL(`http://site.test/de-ch/products/${segment}`));
    expect(page.variants).toEqual([]);
  });
});
