import type { GetUrlRequest, GetUrlResponse, ListUrlsRequest, ListUrlsResponse } from '@pc/proto/crawler/v1/crawler';
import { UrlStatus } from '@pc/proto/crawler/v1/types';
import { NotFoundError } from '@pc/kit/errors/domain-errors';
import { pageResponse, resolvePage } from '@pc/kit/paging/page';
import { urlIdOf } from '../domain/crawl-url.js';
import type { CrawlerDependencies } from './dependencies.js';
import { urlMessage } from './messages.js';
import { hostField, urlField } from './request-fields.js';

const PAGING = { defaultSize: 50, maxSize: 200 };
/** A substring search reads at most this many URLs of the host (the admin narrows by host first). */
const SCAN_LIMIT = 5_000;

export async function listUrls(request: ListUrlsRequest, deps: CrawlerDependencies): Promise<ListUrlsResponse> {
  const page = resolvePage(request.page, PAGING);
  await deps.staff.require(request.actorUserId, 'listing URLs');
  const filter: Record<string, unknown> = {};
  if (request.host) filter.host = hostField('host', request.host);
  const statuses = request.statuses.map((status) => (status === UrlStatus.URL_STATUS_RETIRED ? 'retired' : 'active'));
  if (statuses.length > 0) filter.status = { $in: statuses };
  const query = request.query.trim();
  if (query === '') {
    const [urls, total] = await Promise.all([
      deps.store.urls.find(filter as never, { sort: { nextVisitAt: 1 }, skip: page.skip, limit: page.hitsPerPage }),
      deps.store.urls.count(filter as never),
    ]);
    return { urls: urls.map(urlMessage), page: pageResponse(page, total) };
  }
  const matching = (
    await deps.store.urls.find(filter as never, { sort: { nextVisitAt: 1 }, limit: SCAN_LIMIT })
  ).filter((url) => url.url.includes(query));
  return {
    urls: matching.slice(page.skip, page.skip + page.hitsPerPage).map(urlMessage),
    page: { ...pageResponse(page, matching.length), totalIsLowerBound: matching.length === SCAN_LIMIT },
  };
}

export async function getUrl(request: GetUrlRequest, deps: CrawlerDependencies): Promise<GetUrlResponse> {
  const url = urlField('url', request.url);
  const record = await deps.store.urls.get(urlIdOf(url.href));
  if (!record) throw new NotFoundError('URL', url.href);
  return { url: urlMessage(record) };
}
