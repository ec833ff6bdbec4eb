import { OffersServiceService, type FailingFeed } from '@pc/proto/offers/v1/offers';
import { ShopStatus } from '@pc/proto/offers/v1/types';
import { config } from '../config.server';
import type { TablePage, TableQuery } from '../tables/table-query';
import { client } from './grpc.server';
import { pageRequest, tablePage } from '../tables/table-page';

const offers = client(OffersServiceService, config.OFFERS_GRPC_ADDR);

/** The key of a shop status under `shops.status.` in the admin messages. */
const SHOP_STATUS_NAMES: Readonly<Partial<Record<ShopStatus, string>>> = {
  [ShopStatus.SHOP_STATUS_AWAITING_PAYMENT_METHOD]: 'awaiting_payment_method',
  [ShopStatus.SHOP_STATUS_PENDING_ACTIVATION]: 'pending_activation',
  [ShopStatus.SHOP_STATUS_ACTIVE]: 'active',
  [ShopStatus.SHOP_STATUS_SUSPENDED]: 'suspended',
};

/** One failing feed as the crawler panel lists it. */
export interface FailingFeedRow {
  readonly shopId: string;
  readonly shopName: string;
  readonly shopStatus: string;
  readonly feedId: string;
  readonly url: string;
  readonly failingSince: string;
  /** Offers' reason code (ADR 128: `not_found`, `timeout`, …); '' when the crawler gave none. */
  readonly reason: string;
  /** The crawler's words for the last failed fetch. */
  readonly lastError: string;
  readonly httpStatus: number;
}

const rowOf = (row: FailingFeed): FailingFeedRow => ({
  shopId: row.shopId,
  shopName: row.shopName,
  shopStatus: SHOP_STATUS_NAMES[row.shopStatus] ?? 'deleted',
  feedId: row.feed?.id ?? '',
  url: row.feed?.url ?? '',
  failingSince: row.failingSince?.toISOString() ?? '',
  reason: row.feed?.lastFetch?.failureReason ?? '',
  lastError: row.feed?.lastFetch?.message ?? '',
  httpStatus: row.feed?.lastFetch?.httpStatus ?? 0,
});

/**
 * Every failing feed across shops (offers' ListFailingFeeds, ADR 128), the longest failing first.
 * Offers pages by shop, so a page may hold more rows than its size: a shop's feeds stay together.
 */
export async function failingFeedTable(actorUserId: string, query: TableQuery): Promise<TablePage<FailingFeedRow>> {
  const answer = await offers.listFailingFeeds({ actorUserId, page: pageRequest(query) });
  return tablePage(answer.feeds.map(rowOf), answer.page, query);
}
