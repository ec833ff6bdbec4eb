import { createServiceClient } from '@pc/kit/grpc/client';
import { CatalogServiceService } from '@pc/proto/catalog/v1/catalog';
import { Availability, Condition } from '@pc/proto/common/v1/commerce';
import { ProductSort } from '@pc/proto/common/v1/sort';
import { ObservationSource, OfferObserved } from '@pc/proto/crawler/events/v1/events';
import { OffersServiceService, RegisterShopRequest, SetShopStatusRequest } from '@pc/proto/offers/v1/offers';
import { ShopStatus } from '@pc/proto/offers/v1/types';
import { SearchProductsRequest, SearchServiceService } from '@pc/proto/search/v1/search';
import type { ProductHit } from '@pc/proto/search/v1/types';
import type { Platform } from './platform-harness';

/** A GTIN-13 from 12 digits with its check digit (GS1: weights 1,3 from the left). */
export function gtin13(body: string): string {
  const sum = [...body].reduce((total, digit, i) => total + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

const PRODUCTS = {
  headphones: {
    title: 'Sony WH-1000XM5 Wireless Noise Cancelling Headphones',
    brand: 'Sony',
    mpn: 'WH1000XM5B.CE7',
    gtin: gtin13('454873613261'),
  },
  earbuds: {
    title: 'Sony WF-1000XM5 Wireless Earbuds',
    brand: 'Sony',
    mpn: 'WF1000XM5B.CE7',
    gtin: gtin13('454873615488'),
  },
  bose: {
    title: 'Bose QuietComfort Ultra Headphones',
    brand: 'Bose',
    mpn: '880066-0100',
    gtin: gtin13('017817847735'),
  },
} as const;
type ProductKey = keyof typeof PRODUCTS;

const SHOPS = {
  alpenhaus: {
    name: 'Alpenhaus Elektronik',
    homepageUrl: 'https://alpenhaus-elektronik.example',
    countries: ['CH'],
    city: 'Zürich',
    zip: '8005',
    country: 'CH',
  },
  rheinmarkt: {
    name: 'Rheinmarkt',
    homepageUrl: 'https://rheinmarkt.example',
    countries: ['DE', 'CH'],
    city: 'Köln',
    zip: '50667',
    country: 'DE',
  },
} as const;
type ShopKey = keyof typeof SHOPS;

/** What the API tests address: ids the services assigned while ingesting. */
export interface Catalogue {
  readonly shopIds: Readonly<Record<ShopKey, string>>;
  readonly products: Readonly<Record<ProductKey, ProductHit>>;
  readonly brandSlug: string;
  readonly categoryId: string;
}

interface Listing {
  readonly shop: ShopKey;
  readonly product: ProductKey;
  readonly country: string;
  readonly price: number;
  readonly currency: string;
  readonly availability: Availability;
  readonly listPrice?: number;
  readonly isGreen?: boolean;
}

/** Five offers: one product in two shops and two countries, two products with one offer each. */
const LISTINGS: readonly Listing[] = [
  {
    shop: 'alpenhaus',
    product: 'headphones',
    country: 'CH',
    price: 27900,
    currency: 'CHF',
    availability: Availability.AVAILABILITY_IN_STOCK,
    isGreen: true,
  },
  {
    shop: 'rheinmarkt',
    product: 'headphones',
    country: 'CH',
    price: 29900,
    currency: 'CHF',
    availability: Availability.AVAILABILITY_LIMITED,
    listPrice: 34900,
  },
  {
    shop: 'rheinmarkt',
    product: 'headphones',
    country: 'DE',
    price: 29900,
    currency: 'EUR',
    availability: Availability.AVAILABILITY_IN_STOCK,
  },
  {
    shop: 'alpenhaus',
    product: 'earbuds',
    country: 'CH',
    price: 22900,
    currency: 'CHF',
    availability: Availability.AVAILABILITY_PRE_ORDER,
  },
  {
    shop: 'rheinmarkt',
    product: 'bose',
    country: 'CH',
    price: 37900,
    currency: 'CHF',
    availability: Availability.AVAILABILITY_OUT_OF_STOCK,
  },
];

function observation(listing: Listing, shopId: string, observedAt: Date): OfferObserved {
  const product = PRODUCTS[listing.product];
  const shopOfferId = `${listing.product}-${listing.country.toLowerCase()}`;
  return OfferObserved.fromPartial({
    observationId: `${shopId}:${shopOfferId}:${observedAt.getTime()}`,
    shopId,
    shopOfferId,
    url: `${SHOPS[listing.shop].homepageUrl}/p/${shopOfferId}`,
    title: product.title,
    description: `${product.title}, as sold by ${SHOPS[listing.shop].name}.`,
    brand: product.brand,
    gtin: `0${product.gtin}`,
    rawGtin: product.gtin,
    mpn: product.mpn,
    categoryPath: 'Electronics > Audio > Headphones',
    price: { amountMinor: listing.price, currency: listing.currency },
    originalPrice: listing.listPrice ? { amountMinor: listing.listPrice, currency: listing.currency } : undefined,
    availability: listing.availability,
    condition: Condition.CONDITION_NEW,
    country: listing.country,
    language: listing.country === 'DE' ? 'de' : 'en',
    isGreen: listing.isGreen ?? false,
    imageUrls: [`${SHOPS[listing.shop].homepageUrl}/img/${listing.product}.jpg`],
    observedAt,
    source: ObservationSource.OBSERVATION_SOURCE_FEED,
  });
}

/** Retries `probe` until it returns a value, up to `timeoutMs`; the last failure explains a timeout. */
/** What a test product a shop lists in Switzerland is: a new, in-stock offer seen in its feed now. */
export interface SwissListing {
  readonly shopId: string;
  /** The shop's own id of the offer, unique within the shop. */
  readonly shopOfferId: string;
  readonly url: string;
  readonly title: string;
  readonly brand: string;
  readonly gtin: string;
  readonly mpn: string;
  readonly categoryPath: string;
  /** Rappen. */
  readonly price: number;
}

/** The crawler's observation of a Swiss feed offer, as a test publishes it for offers to match. */
export function swissFeedOffer(listing: SwissListing): OfferObserved {
  const observedAt = new Date();
  return OfferObserved.fromPartial({
    observationId: `${listing.shopId}:${listing.shopOfferId}:${observedAt.getTime()}`,
    shopId: listing.shopId,
    shopOfferId: listing.shopOfferId,
    url: listing.url,
    title: listing.title,
    brand: listing.brand,
    gtin: `0${listing.gtin}`,
    rawGtin: listing.gtin,
    mpn: listing.mpn,
    categoryPath: listing.categoryPath,
    price: { amountMinor: listing.price, currency: 'CHF' },
    availability: Availability.AVAILABILITY_IN_STOCK,
    condition: Condition.CONDITION_NEW,
    country: 'CH',
    language: 'en',
    observedAt,
    source: ObservationSource.OBSERVATION_SOURCE_FEED,
  });
}

export async function eventually<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown = 'no answer yet';
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
      last = 'condition not met yet';
    } catch (error) {
      last = error instanceof Error ? error.message : error;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}: ${String(last)}`);
}

/**
 * Fills the platform through its real ingest path: staff tooling lists two directory shops
 * (offers.RegisterShop), the crawler's OfferObserved events bring five offers of three products
 * (offers matches them through catalog, search indexes what both emit), and two reviews are
 * imported (catalog.AddReview). Resolves once search and offers serve the result.
 */
export async function seedCatalogue(
  platform: Pick<Platform, 'addresses' | 'observe' | 'staffUserId'>,
): Promise<Catalogue> {
  const offers = createServiceClient(OffersServiceService, platform.addresses.offers);
  const catalog = createServiceClient(CatalogServiceService, platform.addresses.catalog);
  const search = createServiceClient(SearchServiceService, platform.addresses.search);

  // Directory listings are a staff action, checked as everywhere (ADR 052): the fixture names the
  // platform's staff user (the bootstrap admin of the in-process harness or of `npm start`).

  const shopIds = {} as Record<ShopKey, string>;
  for (const [key, shop] of Object.entries(SHOPS) as [ShopKey, (typeof SHOPS)[ShopKey]][]) {
    const { shop: registered } = await offers.registerShop(
      RegisterShopRequest.fromPartial({
        actorUserId: platform.staffUserId,
        name: shop.name,
        homepageUrl: shop.homepageUrl,
        company: `${shop.name} AG`,
        address: { line1: 'Hauptstrasse 1', zipCode: shop.zip, city: shop.city, country: shop.country },
        email: `info@${new URL(shop.homepageUrl).hostname}`,
        countries: [...shop.countries],
        termsAccepted: true,
        directoryListing: true,
      }),
    );
    if (!registered) throw new Error('offers.RegisterShop answered without a shop');
    shopIds[key] = registered.id;
  }

  // Exchange rates, as every platform has them (the seed stores its own): prices abroad need them.
  const asOf = new Date(Date.UTC(2020, 0, 1));
  await offers.setFxRates({
    actorUserId: platform.staffUserId,
    source: 'test',
    rates: [
      { baseCurrency: 'EUR', quoteCurrency: 'CHF', rate: '0.941200', asOf },
      { baseCurrency: 'CHF', quoteCurrency: 'EUR', rate: '1.062473', asOf },
    ],
  });

  const observedAt = new Date();
  await platform.observe(LISTINGS.map((listing) => observation(listing, shopIds[listing.shop], observedAt)));

  const hits = await eventually('search to list the three products with Swiss prices', async () => {
    const response = await search.searchProducts(
      SearchProductsRequest.fromPartial({
        country: 'CH',
        language: 'en',
        sort: ProductSort.PRODUCT_SORT_CHEAPEST,
        page: { hitsPerPage: 10 },
      }),
    );
    const priced = response.hits.filter((hit) => hit.lowestPrice && hit.offersCount > 0);
    return priced.length === 3 ? priced : undefined;
  });
  const byTitle = (key: ProductKey) => {
    const hit = hits.find((h) => h.name === PRODUCTS[key].title);
    if (!hit) throw new Error(`search has no product titled "${PRODUCTS[key].title}"`);
    return hit;
  };
  const products = { headphones: byTitle('headphones'), earbuds: byTitle('earbuds'), bose: byTitle('bose') };
  await eventually('offers to list both Swiss offers of the headphones', async () => {
    const response = await offers.listOffers({
      productId: products.headphones.productId,
      shopId: '',
      country: 'CH',
      inStockOnly: false,
      conditions: [],
      greenOnly: false,
      sort: 0,
      page: undefined,
      displayCurrency: '',
      productIds: [],
    });
    return response.offers.length === 2 ? response : undefined;
  });

  for (const [i, rating] of [5, 4].entries()) {
    await catalog.addReview({
      productId: products.headphones.productId,
      actorUserId: '',
      author: `Reviewer ${i + 1}`,
      rating,
      title: rating === 5 ? 'Quiet and comfortable' : 'Good, a bit tight',
      body:
        rating === 5
          ? 'The noise cancelling is excellent on trains.'
          : 'Great sound; the headband presses after two hours.',
      language: 'en',
      sourceDomain: 'reviews.example',
      sourceReviewId: `r-${i + 1}`,
      sourceUrl: `https://reviews.example/r-${i + 1}`,
      publishedAt: new Date(Date.UTC(2026, 9, 1 + i)),
    });
  }

  const brandSlug = products.headphones.brandSlug;
  const categoryId = products.headphones.categoryId;
  if (!brandSlug || !categoryId) throw new Error('the headphones were indexed without brand or category');
  return { shopIds, products, brandSlug, categoryId };
}

/** The Alpenhaus offer of the headphones in CH at a new price, as the crawler observes it. */
export function headphonesPriceDrop(shopId: string, price: number): OfferObserved {
  const listing = LISTINGS.find((l) => l.shop === 'alpenhaus' && l.product === 'headphones' && l.country === 'CH');
  if (!listing) throw new Error('the fixture lists no Swiss headphones at Alpenhaus');
  return observation({ ...listing, price }, shopId, new Date());
}

/**
 * An owner's registered shop made listed as the platform lists it — paid for (billing's event),
 * activated by staff — selling the catalogue's headphones in CH at `price`, as the crawler observes
 * it from the shop's feed at `url`. Resolves with the offer's click-out location once listed.
 */
export async function listOwnedShopWithHeadphones(
  platform: Platform,
  catalogue: Catalogue,
  shop: { readonly ownerId: string; readonly shopId: string; readonly url: string; readonly price: number },
): Promise<{ readonly locationId: string }> {
  const offers = createServiceClient(OffersServiceService, platform.addresses.offers);
  await platform.paidFor(shop.ownerId, [shop.shopId]);
  await eventually('offers to let the paid shop be activated', () =>
    offers
      .setShopStatus(
        SetShopStatusRequest.fromPartial({
          actorUserId: platform.staffUserId,
          shopId: shop.shopId,
          status: ShopStatus.SHOP_STATUS_ACTIVE,
        }),
      )
      .catch(() => undefined),
  );
  const headphones = catalogue.products.headphones;
  await platform.observe([
    OfferObserved.fromPartial({
      observationId: `${shop.shopId}:hp:1`,
      shopId: shop.shopId,
      shopOfferId: 'hp',
      url: shop.url,
      title: headphones.name,
      brand: 'Sony',
      mpn: 'WH1000XM5B.CE7',
      gtin: '04548736132610',
      categoryPath: 'Electronics > Audio > Headphones',
      price: { amountMinor: shop.price, currency: 'CHF' },
      availability: Availability.AVAILABILITY_IN_STOCK,
      condition: Condition.CONDITION_NEW,
      country: 'CH',
      language: 'en',
      observedAt: new Date(),
      source: ObservationSource.OBSERVATION_SOURCE_FEED,
    }),
  ]);
  const listed = await eventually('the shop’s offer to be matched and listed', async () => {
    const { offers: owned } = await offers.listOffers({
      productId: headphones.productId,
      shopId: shop.shopId,
      country: 'CH',
      inStockOnly: false,
      greenOnly: false,
      conditions: [],
      sort: 0,
      page: undefined,
      displayCurrency: '',
      productIds: [],
    });
    return owned[0];
  });
  return { locationId: listed.locationId };
}
