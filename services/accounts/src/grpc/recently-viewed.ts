import type {
  ClearRecentlyViewedRequest,
  ClearRecentlyViewedResponse,
  ListRecentlyViewedRequest,
  ListRecentlyViewedResponse,
  RecordRecentlyViewedRequest,
  RecordRecentlyViewedResponse,
} from '@pc/proto/accounts/v1/accounts';
import type { RecentlyViewedItem } from '@pc/proto/accounts/v1/types';
import { FieldChecks } from '../domain/field-checks.js';
import { RECENTLY_VIEWED_MAX, type ViewedProduct } from '../domain/recently-viewed.js';
import { requireActor } from './actor.js';
import type { AccountsDependencies } from './dependencies.js';

const toMessage = (view: ViewedProduct): RecentlyViewedItem => ({
  productId: view.productId,
  viewedAt: new Date(view.viewedAt),
});

/**
 * Records views (one product, or the guest cookie list merged at sign-in). A view without a
 * time, or one in the future, counts as now; an older view of a listed product changes nothing.
 */
export async function recordRecentlyViewed(
  request: RecordRecentlyViewedRequest,
  deps: AccountsDependencies,
): Promise<RecordRecentlyViewedResponse> {
  const actor = await requireActor(deps.users, request.actorUserId);
  const checks = new FieldChecks();
  if (request.items.length > RECENTLY_VIEWED_MAX)
    checks.add('items', `at most ${RECENTLY_VIEWED_MAX} items`, 'max', { max: String(RECENTLY_VIEWED_MAX) });
  request.items.forEach((item, i) => checks.productId(`items[${i}].product_id`, item.productId));
  checks.done();
  const now = deps.clock();
  // Items without times (a cookie list) come newest first and are newer than anything stored:
  // stamp them in that order, 1 ms apart, after the newest stored view.
  const newest = Date.parse((await deps.recentlyViewed.list(actor._id))[0]?.viewedAt ?? '') || 0;
  const anchor = Math.max(now.getTime(), newest + request.items.length);
  const views = request.items.map((item, i) => {
    const at = item.viewedAt && item.viewedAt <= now ? item.viewedAt : new Date(anchor - i);
    return { productId: item.productId.trim(), viewedAt: at.toISOString() };
  });
  return { items: (await deps.recentlyViewed.record(actor._id, views)).map(toMessage) };
}

export async function listRecentlyViewed(
  request: ListRecentlyViewedRequest,
  deps: AccountsDependencies,
): Promise<ListRecentlyViewedResponse> {
  const actor = await requireActor(deps.users, request.actorUserId);
  const checks = new FieldChecks();
  if (request.limit < 0 || request.limit > RECENTLY_VIEWED_MAX)
    checks.add('limit', `must be between 0 and ${RECENTLY_VIEWED_MAX}`, 'between');
  checks.done();
  const items = await deps.recentlyViewed.list(actor._id);
  return { items: items.slice(0, request.limit || RECENTLY_VIEWED_MAX).map(toMessage) };
}

export async function clearRecentlyViewed(
  request: ClearRecentlyViewedRequest,
  deps: AccountsDependencies,
): Promise<ClearRecentlyViewedResponse> {
  const actor = await requireActor(deps.users, request.actorUserId);
  await deps.recentlyViewed.clear(actor._id);
  return {};
}
