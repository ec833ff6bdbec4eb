import { createServiceClient } from '@pc/kit/grpc/client';
import { CatalogServiceService } from '@pc/proto/catalog/v1/catalog';
import { ListOffersRequest, OffersServiceService, RegisterShopRequest } from '@pc/proto/offers/v1/offers';
import type { Offer } from '@pc/proto/offers/v1/types';
import { eventually, swissFeedOffer } from './platform-fixture';
import type { Platform } from './platform-harness';

/** The shops of the held price (ADR 146): three agree on about CHF 299, one lists CHF 2.99. */
const SHOPS = [
  { name: 'Seeblick Audio', domain: 'seeblick-audio.example', price: 28_900 },
  { name: 'Bergton', domain: 'bergton.example', price: 29_900 },
  { name: 'Limmat Hifi', domain: 'limmat-hifi.example', price: 30_900 },
  // Cents read as francs: the feed error the rule holds back.
  { name: 'Rappen Discount', domain: 'rappen-discount.example', price: 299 },
] as const;
const HELD_SHOP = SHOPS[3];

/** The product the four shops sell, matched by its GTIN-13 (check digit included). */
export const HELD_PRODUCT = {
  title: 'Sennheiser Momentum 4 Wireless Headphones',
  brand: 'Sennheiser',
  gtin: '4044155253283',
  mpn: '509266',
  categoryPath: 'Electronics > Audio > Headphones',
} as const;

export interface HeldPrice {
  readonly productId: string;
  /** The CHF 2.99 offer, held. */
  readonly heldOffer: Offer;
  readonly heldShopName: string;
}

/**
 * Lists four directory shops (staff's offers.RegisterShop) and has the crawler observe their
 * Swiss offers of one new product at CHF 289, 299, 309 and 2.99; resolves once offers lists all
 * four with the CHF 2.99 one held (far below the others' median).
 */
export async function seedHeldPrice(
  platform: Pick<Platform, 'addresses' | 'observe' | 'staffUserId'>,
): Promise<HeldPrice> {
  const offers = createServiceClient(OffersServiceService, platform.addresses.offers);
  const shopIds: string[] = [];
  for (const shop of SHOPS) {
    const { shop: registered } = await offers.registerShop(
      RegisterShopRequest.fromPartial({
        actorUserId: platform.staffUserId,
        name: shop.name,
        homepageUrl: `https://${shop.domain}`,
        company: `${shop.name} AG`,
        address: { line1: 'Bahnhofstrasse 1', zipCode: '8001', city: 'Zürich', country: 'CH' },
        email: `info@${shop.domain}`,
        countries: ['CH'],
        termsAccepted: true,
        directoryListing: true,
      }),
    );
    if (!registered) throw new Error('offers.RegisterShop answered without a shop');
    shopIds.push(registered.id);
  }
  await platform.observe(
    SHOPS.map((shop, i) =>
      swissFeedOffer({
        ...HELD_PRODUCT,
        shopId: shopIds[i] ?? '',
        shopOfferId: 'momentum-4',
        url: `https://${shop.domain}/p/momentum-4`,
        price: shop.price,
      }),
    ),
  );
  const catalog = createServiceClient(CatalogServiceService, platform.addresses.catalog);
  const heldShopId = shopIds[SHOPS.indexOf(HELD_SHOP)];
  return eventually(
    'offers to list the four Swiss offers, the CHF 2.99 one held',
    async () => {
      const { products } = await catalog.findProductsByGtin({ gtin: HELD_PRODUCT.gtin, language: 'en' });
      const productId = products[0]?.id;
      if (!productId) return undefined;
      const listed = await offers.listOffers(
        ListOffersRequest.fromPartial({ productId, country: 'CH', page: { page: 1, hitsPerPage: 10 } }),
      );
      const held = listed.offers.find((offer) => offer.shop?.id === heldShopId && offer.priceHold);
      if (listed.offers.length !== SHOPS.length || !held) return undefined;
      return { productId, heldOffer: held, heldShopName: HELD_SHOP.name };
    },
    60_000,
  );
}
