import { createServiceClient } from '@pc/kit/grpc/client';
import {
  AffiliatesServiceService,
  SaveAdvertisementRequest,
  SaveAdvertiserRequest,
} from '@pc/proto/affiliates/v1/affiliates';
import { AdvertiserKind, PricingModel } from '@pc/proto/affiliates/v1/types';
import { seedCatalogue, type Catalogue } from './platform-fixture';
import { startPlatform, type Platform } from './platform-harness';

/**
 * The product page's advertisement (spec §2.4): served to a visitor's render, never to the site's
 * own warm-up render before it takes visitors (ADR 096), and no render counts an impression: the
 * browser counts what a visitor saw (ADR 104). Real services over gRPC.
 */

let platform: Platform;
let catalogue: Catalogue;
let productPage: typeof import('~/data/product-page.server').productPage;
let context: import('~/site/site-context.server').SiteContext;
let affiliates: ReturnType<typeof createServiceClient<typeof AffiliatesServiceService>>;
let advertiserId = '';

beforeAll(async () => {
  platform = await startPlatform();
  // Loaded now: the BFF's config reads the service addresses the platform put in process.env.
  ({ productPage } = await import('~/data/product-page.server'));
  const { siteContext } = await import('~/site/site-context.server');
  context = siteContext(new Request('http://site.test/de-ch/'), 'de-ch');
  catalogue = await seedCatalogue(platform);
  affiliates = createServiceClient(AffiliatesServiceService, platform.addresses.affiliates);
  const { advertiser } = await affiliates.saveAdvertiser(
    SaveAdvertiserRequest.fromPartial({
      actorUserId: platform.staffUserId,
      advertiser: {
        name: 'Klangwerk GmbH',
        kind: AdvertiserKind.ADVERTISER_KIND_BRAND,
        brandSlug: 'klangwerk',
        homepageUrl: 'https://klangwerk.example/',
        pricing: PricingModel.PRICING_MODEL_CPC,
        active: true,
      },
    }),
  );
  advertiserId = advertiser?.id ?? '';
  await affiliates.saveAdvertisement(
    SaveAdvertisementRequest.fromPartial({
      actorUserId: platform.staffUserId,
      advertisement: {
        advertiserId,
        placement: 'product',
        title: 'Klangwerk Studio',
        url: 'https://klangwerk.example/studio',
        countries: ['CH'],
        weight: 1,
      },
    }),
  );
}, 120_000);

afterAll(async () => {
  await platform?.stop();
});

describe('the product page’s advertisement', () => {
  it('is served to a visitor’s render and not to the site’s own warm-up render', async () => {
    const { headphones } = catalogue.products;
    const segment = `${headphones.slug}-p${headphones.productId}`;
    const url = new URL(`http://site.test/de-ch/products/${segment}`);
    const warmUp = await productPage(context, segment, url, { warmUp: true });
    const visitor = await productPage(context, segment, url);
    expect(visitor.ads.map((ad) => ad.title)).toEqual(['Klangwerk Studio']);
    expect(warmUp.ads).toEqual([]);
    // Everything else the page shows is the same.
    expect({ ...warmUp, ads: null }).toEqual({ ...visitor, ads: null });
    // Serving it counted no impression: a render is no visitor's view.
    await productPage(context, segment, url);
    const { advertisements } = await affiliates.getAdvertiser({ actorUserId: platform.staffUserId, advertiserId });
    expect(advertisements.map((ad) => [ad.title, ad.impressions])).toEqual([['Klangwerk Studio', 0]]);
  });
});
