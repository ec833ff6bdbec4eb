import { status as GrpcStatus } from '@grpc/grpc-js';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { EntitySort } from '@pc/proto/common/v1/sort';
import { OffersServiceService } from '@pc/proto/offers/v1/offers';
import { ShopStatus, type Shop } from '@pc/proto/offers/v1/types';
import { config } from '../config.server';
import { isShopStatus, SHOP_STATUSES, type ShopStatusName } from '../panels/admin/shop-statuses';
import type { TablePage, TableQuery } from '../tables/table-query';
import { client } from './grpc.server';
import { shopFeedRow, type ShopFeedRow } from './shop-feeds';
import { pageRequest, tablePage } from '../tables/table-page';

const offers = client(OffersServiceService, config.OFFERS_GRPC_ADDR);

const STATUS_ENUM: Readonly<Record<ShopStatusName, ShopStatus>> = {
  awaiting_payment_method: ShopStatus.SHOP_STATUS_AWAITING_PAYMENT_METHOD,
  pending_activation: ShopStatus.SHOP_STATUS_PENDING_ACTIVATION,
  active: ShopStatus.SHOP_STATUS_ACTIVE,
  suspended: ShopStatus.SHOP_STATUS_SUSPENDED,
};

const statusName = (status: ShopStatus): string =>
  SHOP_STATUSES.find((name) => STATUS_ENUM[name] === status) ?? 'deleted';

/** A shop as the admin panel lists and changes it. */
export interface ShopRow {
  readonly id: string;
  readonly name: string;
  readonly domain: string;
  readonly status: string;
  readonly confirmed: boolean;
  /** Certified green by staff: its offers carry the leaf (ADR 108). */
  readonly green: boolean;
  readonly company: string;
  readonly email: string;
  readonly ownerUserId: string;
  readonly countries: readonly string[];
  readonly offersCount: number;
  readonly registeredAt: string;
  /** Its visitors' rating over their published reviews; null while it has none. */
  readonly rating: ShopRatingView | null;
}

/** A shop's rating as its page shows it. */
export interface ShopRatingView {
  /** 1.0 to 5.0, one decimal. */
  readonly value: number;
  readonly count: number;
  /** Reviews whose author had followed one of the shop's offers first. */
  readonly verifiedCount: number;
}

const shopRow = (shop: Shop): ShopRow => ({
  id: shop.id,
  name: shop.name,
  domain: shop.domain,
  status: statusName(shop.status),
  confirmed: shop.confirmed,
  green: shop.green,
  company: shop.company,
  email: shop.email,
  ownerUserId: shop.ownerUserId,
  countries: shop.countries,
  offersCount: Number(shop.offersCount),
  registeredAt: shop.registeredAt?.toISOString() ?? '',
  rating: shop.rating
    ? { value: shop.rating.value, count: shop.rating.count, verifiedCount: shop.rating.verifiedCount }
    : null,
});

export const SHOP_SORTS = ['name', 'newest', 'offers'] as const;

function sort(query: TableQuery): EntitySort {
  if (query.sort === 'newest') return EntitySort.ENTITY_SORT_NEWEST;
  if (query.sort === 'offers') return EntitySort.ENTITY_SORT_PRODUCT_COUNT;
  return EntitySort.ENTITY_SORT_NAME;
}

/** The shop table: any status (or one), a domain, a country; sorted and paged by offers. */
export async function shopTable(actorUserId: string, query: TableQuery): Promise<TablePage<ShopRow>> {
  const status = query.filters.status ?? '';
  const answer = await offers.listShops({
    actorUserId,
    country: (query.filters.country ?? '').trim().toUpperCase(),
    ownerUserId: '',
    statuses: isShopStatus(status) ? [STATUS_ENUM[status]] : SHOP_STATUSES.map((name) => STATUS_ENUM[name]),
    domain: (query.filters.domain ?? '').trim().toLowerCase(),
    sort: sort(query),
    page: pageRequest(query),
  });
  return tablePage(answer.shops.map(shopRow), answer.page, query);
}

/** A shop as its own page shows it: the row and its feeds. */
export interface ShopDetail extends ShopRow {
  readonly feeds: readonly ShopFeedRow[];
}

/** One shop with its private fields and feeds (the actor must hold the site's admin flag); null when unknown. */
export async function shopById(actorUserId: string, shopId: string): Promise<ShopDetail | null> {
  try {
    const { shop } = await offers.getShop({ shopId, actorUserId });
    return shop ? { ...shopRow(shop), feeds: shop.feeds.map(shopFeedRow) } : null;
  } catch (error) {
    if (error instanceof RpcError && error.code === GrpcStatus.NOT_FOUND) return null;
    throw error;
  }
}

/** SetShopStatus: offers checks staff:admin, delists or relists the shop's offers and audits it. */
export async function setShopStatus(
  actorUserId: string,
  shopId: string,
  status: ShopStatusName,
  reason: string,
): Promise<void> {
  await offers.setShopStatus({ shopId, actorUserId, status: STATUS_ENUM[status], reason });
}

/** SetShopStatus with the green flag only: offers checks staff:admin, tells the crawler (ShopChanged) and audits it (ADR 108). */
export async function setShopGreen(actorUserId: string, shopId: string, green: boolean, reason: string): Promise<void> {
  await offers.setShopStatus({ shopId, actorUserId, status: ShopStatus.SHOP_STATUS_UNSPECIFIED, green, reason });
}
