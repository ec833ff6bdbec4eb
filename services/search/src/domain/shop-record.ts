import { ShopStatus, type Shop } from '@pc/proto/offers/v1/types';
import type { ShopChanged } from '@pc/proto/offers/events/v1/events';

/** Side state: the newest shop state seen (`shops` collection), deleted shops as tombstones. */
export interface ShopRecord {
  readonly _id: string;
  /** Monotonic per shop; a deletion is final whatever version follows. */
  readonly version: number;
  readonly deleted: boolean;
  /** Only ACTIVE shops are listed (ShopStatus: "Listed: its offers are shown"). */
  readonly listed: boolean;
  readonly name: string;
  readonly domain: string;
  readonly faviconUrl: string;
  readonly countries: readonly string[];
  readonly offersCount: number;
  /** Epoch ms. */
  readonly registeredAt: number;
  /** Visitors' rating over the shop's published reviews; absent while it has none. */
  readonly rating?: { readonly value: number; readonly count: number };
}

export function shopRecordOf(event: ShopChanged, occurredAt: Date): ShopRecord {
  return shopRecordOfShop(event.shopId, event.version, event.shop, occurredAt);
}

/** The record of a shop as offers holds it (an event's or ListShops' message). */
export function shopRecordOfShop(
  shopId: string,
  version: number,
  shop: Shop | undefined,
  occurredAt: Date,
): ShopRecord {
  return {
    _id: shopId,
    version,
    deleted: shop?.status === ShopStatus.SHOP_STATUS_DELETED,
    listed: shop?.status === ShopStatus.SHOP_STATUS_ACTIVE,
    name: shop?.name ?? '',
    domain: shop?.domain ?? '',
    faviconUrl: shop?.faviconUrl ?? '',
    countries: [...new Set((shop?.countries ?? []).map((country) => country.toUpperCase()))],
    offersCount: shop?.offersCount ?? 0,
    registeredAt: (shop?.registeredAt ?? occurredAt).getTime(),
    ...(shop?.rating && shop.rating.count > 0
      ? { rating: { value: shop.rating.value, count: shop.rating.count } }
      : {}),
  };
}

/** The tombstone a ShopDeleted leaves (deleting a shop cannot be undone, spec §4). */
export function deletedShop(shopId: string, current: ShopRecord | null): ShopRecord {
  return {
    ...(current ?? {
      name: '',
      domain: '',
      faviconUrl: '',
      countries: [],
      offersCount: 0,
      registeredAt: 0,
      version: 0,
    }),
    _id: shopId,
    deleted: true,
    listed: false,
  };
}

/** The incoming record when it changes the held one (newer version, or a first deletion). */
export function newerShop(current: ShopRecord | null, incoming: ShopRecord): ShopRecord | null {
  if (current === null) return incoming;
  if (current.deleted) return null;
  if (incoming.deleted) return incoming;
  return incoming.version > current.version ? incoming : null;
}
