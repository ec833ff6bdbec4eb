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
 * The product page's advertisement (spec §2.4): served to a visitor, where serving it counts an
 * impression in affiliates, and never to the site's own warm-up render before it takes visitors
 * (ADR 096). Real services over gRPC.
 */

let platform: Platform;
let catalogue: Catalogue;
let productPage: typeof import('~/data/product-page.server').productPage;
let context: import('~/site/site-context.server').SiteContext;

beforeAll(async () => {
  platform = await startPlatform();
  // Loaded now: the BFF's config reads the service addresses the platform put in process.env.
  ({ productPage } = await import('~/data/product-page.server'));
  const { siteContext } = await import('~/site/site-context.server');
  context = siteContext(new Request('http://site.test/de-ch/'), 'de-ch');
  catalogue = await seedCatalogue(platform);
  const affiliates = createServiceClient(AffiliatesServiceService, platform.addresses.affiliates);
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
  await affiliates.saveAdvertisement(
    SaveAdvertisementRequest.fromPartial({
      actorUserId: platform.staffUserId,
      advertisement: {
        advertiserId: advertiser?.id ?? '',
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
  });
});
