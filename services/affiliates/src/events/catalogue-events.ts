import {
  OfferChangeKind,
  type OfferChanged,
  type ShopChanged,
  type ShopDeleted,
} from '@pc/proto/offers/events/v1/events';
import { ShopStatus } from '@pc/proto/offers/v1/types';
import type { OfferTargetRepository } from '../store/click-target-repository.js';
import type { ShopRepository } from '../store/shop-repository.js';
import { offerTargetOf } from '../domain/offer-target.js';

/** OfferChanged: the offer's click-out location (a removed offer's falls back to its shop). */
export async function onOfferChanged(targets: OfferTargetRepository, event: OfferChanged): Promise<void> {
  if (!event.offer?.locationId) return;
  await targets.apply(offerTargetOf(event.offer, event.kind !== OfferChangeKind.OFFER_CHANGE_KIND_REMOVED));
}

/** ShopChanged: the shop's URL parameters, homepage and owner (private fields travel in events). */
export async function onShopChanged(shops: ShopRepository, event: ShopChanged): Promise<void> {
  const shop = event.shop;
  if (!shop) return;
  await shops.apply({
    _id: shop.id,
    name: shop.name,
    homepageUrl: shop.homepageUrl,
    ownerUserId: shop.ownerUserId,
    urlParameters: shop.urlParameters.map(({ name, value }) => ({ name, value })),
    deleted: shop.status === ShopStatus.SHOP_STATUS_DELETED,
    version: Number(event.version),
  });
}

/** ShopDeleted: its click-outs end (NOT_FOUND), whatever version comes later. */
export async function onShopDeleted(shops: ShopRepository, event: ShopDeleted): Promise<void> {
  await shops.apply({
    _id: event.shopId,
    name: '',
    homepageUrl: '',
    ownerUserId: event.ownerUserId,
    urlParameters: [],
    deleted: true,
    version: Number.MAX_SAFE_INTEGER,
  });
}
