import type { ListFeedFetchesRequest, ListFeedFetchesResponse } from '@pc/proto/crawler/v1/crawler';
import { InvalidArgumentError } from '@pc/kit/errors/domain-errors';
import type { Filter } from '@pc/kit/ports/document-store';
import { pageResponse, resolvePage } from '@pc/kit/paging/page';
import { feedFetchMessage } from '../workflows/feed-fetch-draft.js';
import type { CrawlerDependencies } from './dependencies.js';

const PAGING = { defaultSize: 50, maxSize: 200 };

/** A shop's feed fetches (or one feed's), newest first: shop settings' "product feeds analysed". */
export async function listFeedFetches(
  request: ListFeedFetchesRequest,
  deps: CrawlerDependencies,
): Promise<ListFeedFetchesResponse> {
  const shopId = request.shopId.trim();
  if (!shopId) throw new InvalidArgumentError([{ field: 'shop_id', reason: 'is required', rule: 'required' }]);
  const page = resolvePage(request.page, PAGING);
  const filter: Filter = request.feedId.trim() ? { shopId, feedId: request.feedId.trim() } : { shopId };
  const [fetches, total] = await Promise.all([
    deps.store.feedFetches.find(filter, { sort: { startedAt: -1 }, skip: page.skip, limit: page.hitsPerPage }),
    deps.store.feedFetches.count(filter),
  ]);
  return { fetches: fetches.map(feedFetchMessage), page: pageResponse(page, total) };
}
