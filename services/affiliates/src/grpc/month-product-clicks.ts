import type { ListMonthProductClicksRequest, ListMonthProductClicksResponse } from '@pc/proto/affiliates/v1/affiliates';
import { FieldChecks } from '@pc/kit/errors/field-checks';
import { utcMonth } from '../domain/click-buckets.js';
import { orderedProducts, pageAfter, positionToken, tokenPosition } from '../domain/month-product-list.js';
import type { ClickStatsDependencies } from './click-stats.js';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const PAGE = { defaultSize: 100, maxSize: 1000 };

/**
 * ListMonthProductClicks: every product of a shop clicked in a UTC month, paged — the list
 * GetClickStats cuts at 100. Read from the month's tally shards whole (the fold keeps every
 * product's count there; the month documents keep only each shard's top 100), so every month the
 * fold has counted answers complete. Owner or admin only, as GetClickStats.
 */
export async function listMonthProductClicks(
  request: ListMonthProductClicksRequest,
  deps: ClickStatsDependencies,
): Promise<ListMonthProductClicksResponse> {
  const checks = new FieldChecks();
  const shopId = request.shopId.trim();
  if (!shopId) checks.add('shop_id', 'is required', 'required');
  const month = request.month.trim() || utcMonth(deps.clock());
  if (!MONTH.test(month)) checks.add('month', 'must be a month such as "2026-03"', 'regex');
  const size = request.page?.pageSize || PAGE.defaultSize;
  checks.intBetween('page.page_size', size, 1, PAGE.maxSize);
  const token = request.page?.pageToken.trim() ?? '';
  const after = token ? tokenPosition(token) : null;
  if (token && !after) checks.add('page.page_token', 'is not a token this call gave', 'regex');
  checks.done();
  await deps.access.requireReader(request.actorUserId, [shopId]);
  const products = orderedProducts(await deps.aggregates.monthProductCounts(shopId, month));
  const page = pageAfter(products, after, size);
  const last = page[page.length - 1];
  const more = last !== undefined && products[products.length - 1] !== last;
  return {
    products: page.map(({ productId, clicks }) => ({ productId, clicks })),
    page: { nextPageToken: more ? positionToken(last) : '' },
    totalProducts: products.length,
    month,
  };
}
