import { join } from 'node:path';
import { createServiceClient } from '@pc/kit/grpc/client';
import { CatalogServiceService } from '@pc/proto/catalog/v1/catalog';
import type { OfferObserved } from '@pc/proto/crawler/events/v1/events';
import { openEmbeddedDocumentStore } from '@pc/sqlite-document-store/embedded-document-store';
import { eventually, gtin13, swissFeedOffer } from '../../test/platform-fixture';
import type { AccountPlatform } from '../support/account-platform';

/** A product of its own, so its price can move without touching the other tests' fixture. */
const PRODUCT = {
  title: 'Sonos Ace Wireless Headphones',
  brand: 'Sonos',
  gtin: gtin13('878269009634'),
  mpn: 'ACEG1EU1BLK',
  categoryPath: 'Electronics > Audio > Headphones',
} as const;
const SHOP_OFFER_ID = 'sonos-ace';

export interface PricedSince {
  readonly productId: string;
  readonly name: string;
  /** The shop lowers its price: its feed is observed now at `price` (Rappen). */
  drop(price: number): Promise<void>;
}

/**
 * One shop has sold a new product in Switzerland since `since` at `price` (Rappen): observed then,
 * so the price history has that day's low, and again now. Resolves once catalog knows the product.
 */
export async function pricedSince(env: AccountPlatform, since: Date, price: number): Promise<PricedSince> {
  const shopId = env.catalogue.shopIds.alpenhaus;
  const observedAt = (at: Date, amountMinor: number): OfferObserved => {
    const offer = swissFeedOffer({
      ...PRODUCT,
      shopId,
      shopOfferId: SHOP_OFFER_ID,
      url: `https://alpenhaus-elektronik.example/p/${SHOP_OFFER_ID}`,
      price: amountMinor,
    });
    // Each observation its own id: two made in the same millisecond would be one.
    return { ...offer, observedAt: at, observationId: `${shopId}:${SHOP_OFFER_ID}:${at.getTime()}:${amountMinor}` };
  };
  await env.observe([observedAt(since, price), observedAt(new Date(), price)]);
  const catalog = createServiceClient(CatalogServiceService, `127.0.0.1:${env.platform.grpcPort('catalog')}`);
  const productId = await eventually('catalog to know the product the shop lists', async () => {
    const { products } = await catalog.findProductsByGtin({ gtin: PRODUCT.gtin, language: 'en' });
    return products[0]?.id;
  });
  return {
    productId,
    name: PRODUCT.title,
    drop: (lower) => env.observe([observedAt(new Date(), lower)]),
  };
}

/**
 * Dates a favourite back to `addedAt`, as if it had been saved then: accounts stamps an item with
 * the time it is saved, and a browser test cannot wait for days to pass.
 */
export async function savedOn(env: AccountPlatform, productId: string, addedAt: Date): Promise<void> {
  const documents = await openEmbeddedDocumentStore({
    path: join(env.platform.dataDir, 'accounts', 'documents.sqlite'),
  });
  try {
    const items = await documents.collection<{ _id: string; productId: string; addedAt: string }>({
      name: 'favourite_items',
    });
    const saved = await items.find({ productId });
    if (saved.length !== 1) throw new Error(`expected one saved ${productId}, found ${saved.length}`);
    for (const item of saved) await items.put({ ...item, addedAt: addedAt.toISOString() });
  } finally {
    await documents.close();
  }
}
