import { UnauthenticatedError } from '@pc/kit/errors/domain-errors';
import { pageResponse, resolvePage } from '@pc/kit/paging/page';
import type { ListFailingFeedsRequest, ListFailingFeedsResponse } from '@pc/proto/offers/v1/offers';
import { failingFeedsOf } from '../domain/failing-feeds.js';
import { toFeedMessage } from '../domain/shop-message.js';
import type { OffersDependencies } from './dependencies.js';

/** Shops a page: a table for staff to work through, not an export. */
const FAILING_SHOPS_PAGE = { defaultSize: 20, maxSize: 100 };

/**
 * ListFailingFeeds: every failing feed across shops for the crawler panel, the longest failing
 * first. Paged by shop (one indexed query on the shop's derived `failingFeedSince`), so a shop's
 * failing feeds come together on one page.
 */
export async function listFailingFeeds(
  request: ListFailingFeedsRequest,
  deps: OffersDependencies,
): Promise<ListFailingFeedsResponse> {
  const page = resolvePage(request.page, FAILING_SHOPS_PAGE);
  const actorUserId = request.actorUserId.trim();
  if (!actorUserId) throw new UnauthenticatedError('the failing feeds are for staff (actor_user_id)');
  await deps.actors.requireStaff(actorUserId, 'listing failing feeds', 'crawler');
  const { shops, total } = await deps.shops.withFailingFeeds({ skip: page.skip, limit: page.hitsPerPage });
  return {
    feeds: shops.flatMap((shop) =>
      failingFeedsOf(shop).map(({ feed, since }) => ({
        shopId: shop._id,
        shopName: shop.name,
        shopStatus: shop.status,
        feed: toFeedMessage(shop._id, feed),
        failingSince: new Date(since),
      })),
    ),
    page: pageResponse(page, total),
  };
}
