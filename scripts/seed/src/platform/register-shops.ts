import { status as GrpcStatus } from '@grpc/grpc-js';
import { ShopStatus, type Shop } from '@pc/proto/offers/v1/types';
import type { SeedShop } from '../shops/seed-shop.js';
import { slugify } from '../shops/shop-names.js';
import type { PlatformClients } from './clients.js';
import { mapConcurrently } from './concurrency.js';
import { failedWith } from './rpc-status.js';

export interface RegisteredShops {
  /** Shop id per seed shop index. */
  readonly ids: string[];
  readonly created: number;
  readonly existing: number;
}

/**
 * Lists every seed shop in the directory (admin RegisterShop with directory_listing: ACTIVE, no
 * owner), then sets what registration does not take: description, favicon and logo (placeholder
 * image route), and certifies the green ones (SetShopStatus green, before the crawler gets their
 * feeds: it marks their offers green, ADR 108). A shop whose domain is already registered (an earlier run) is looked up instead,
 * so seeding twice does not fail or duplicate shops.
 */
export async function registerShops(
  clients: PlatformClients,
  actorUserId: string,
  shops: readonly SeedShop[],
  imageBaseUrl: string,
): Promise<RegisteredShops> {
  let created = 0;
  let existing = 0;
  const ids = await mapConcurrently(shops, 4, async (shop) => {
    let registered: Shop | undefined;
    try {
      ({ shop: registered } = await clients.offers.registerShop({
        actorUserId,
        name: shop.name,
        homepageUrl: shop.homepageUrl,
        company: shop.company,
        commercialRegisterNumber: shop.commercialRegisterNumber,
        address: { ...shop.address },
        phone: shop.phone,
        email: shop.email,
        countries: [...shop.countries],
        feedUrl: '',
        feedFormat: 0,
        termsAccepted: true,
        directoryListing: true,
      }));
      created += 1;
    } catch (error) {
      if (!failedWith(error, GrpcStatus.ALREADY_EXISTS)) throw error;
      registered = await findByDomain(clients, actorUserId, shop.domain);
      existing += 1;
    }
    if (!registered) throw new Error(`offers returned no shop for ${shop.domain}`);
    const favicon = `${imageBaseUrl}/img/placeholder/shop-${slugify(shop.name)}.svg`;
    if (registered.faviconUrl !== favicon || registered.description !== shop.description) {
      await clients.offers.updateShop({
        shopId: registered.id,
        actorUserId,
        expectedVersion: 0,
        description: shop.description,
        faviconUrl: favicon,
        logoUrl: favicon,
        address: undefined,
        replaceCountries: false,
        countries: [],
      });
    }
    if (registered.green !== shop.isGreen) {
      await clients.offers.setShopStatus({
        shopId: registered.id,
        actorUserId,
        status: ShopStatus.SHOP_STATUS_UNSPECIFIED,
        green: shop.isGreen,
        reason: 'seed: a green shop of the demo world',
      });
    }
    return registered.id;
  });
  return { ids, created, existing };
}

async function findByDomain(clients: PlatformClients, actorUserId: string, domain: string): Promise<Shop> {
  const statuses = [
    ShopStatus.SHOP_STATUS_ACTIVE,
    ShopStatus.SHOP_STATUS_PENDING_ACTIVATION,
    ShopStatus.SHOP_STATUS_AWAITING_PAYMENT_METHOD,
    ShopStatus.SHOP_STATUS_SUSPENDED,
  ];
  const { shops } = await clients.offers.listShops({
    country: '',
    ownerUserId: '',
    statuses,
    domain,
    sort: 0,
    page: { page: 1, hitsPerPage: 1 },
    actorUserId,
  });
  const shop = shops[0];
  if (!shop) throw new Error(`offers says ${domain} is registered but lists no shop with that domain`);
  return shop;
}
