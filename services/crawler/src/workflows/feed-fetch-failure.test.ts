import { FeedFetchFailure } from '@pc/proto/crawler/v1/types';
import { FetchFailedError, FetchLimitError, FetchRefusedError } from '@pc/safe-fetch/errors';
import { guardFailure, httpFailure } from './feed-fetch-failure.js';

/** The guard's errors and HTTP statuses a local site cannot easily produce, as FeedFetch.failure names them. */
describe('feed fetch failure codes', () => {
  const url = 'https://shop.example/feed.csv';

  it('names the guard’s refusal: an unknown host apart from an address or URL it may not fetch', () => {
    expect(guardFailure(new FetchRefusedError('dns', 'shop.example does not resolve (ENOTFOUND)', url))).toBe(
      FeedFetchFailure.FEED_FETCH_FAILURE_HOST_NOT_FOUND,
    );
    for (const reason of ['address', 'scheme', 'port', 'credentials', 'invalid_url'] as const)
      expect(guardFailure(new FetchRefusedError(reason, 'refused', url))).toBe(
        FeedFetchFailure.FEED_FETCH_FAILURE_ADDRESS_REFUSED,
      );
  });

  it('names each limit and the network', () => {
    expect(guardFailure(new FetchLimitError('time', 'too slow', url))).toBe(
      FeedFetchFailure.FEED_FETCH_FAILURE_TIMEOUT,
    );
    expect(guardFailure(new FetchLimitError('size', 'too big', url))).toBe(
      FeedFetchFailure.FEED_FETCH_FAILURE_TOO_LARGE,
    );
    expect(guardFailure(new FetchLimitError('redirects', 'too many', url))).toBe(
      FeedFetchFailure.FEED_FETCH_FAILURE_REDIRECTS,
    );
    expect(guardFailure(new FetchLimitError('redirect_loop', 'loop', url))).toBe(
      FeedFetchFailure.FEED_FETCH_FAILURE_REDIRECTS,
    );
    expect(guardFailure(new FetchFailedError('connect ECONNREFUSED', url))).toBe(
      FeedFetchFailure.FEED_FETCH_FAILURE_NETWORK,
    );
  });

  it('names the status class of an answer that is not a feed', () => {
    expect([404, 410, 401, 403, 429, 500, 503, 400, 302].map(httpFailure)).toEqual([
      FeedFetchFailure.FEED_FETCH_FAILURE_NOT_FOUND,
      FeedFetchFailure.FEED_FETCH_FAILURE_NOT_FOUND,
      FeedFetchFailure.FEED_FETCH_FAILURE_ACCESS_DENIED,
      FeedFetchFailure.FEED_FETCH_FAILURE_ACCESS_DENIED,
      FeedFetchFailure.FEED_FETCH_FAILURE_THROTTLED,
      FeedFetchFailure.FEED_FETCH_FAILURE_SERVER_ERROR,
      FeedFetchFailure.FEED_FETCH_FAILURE_SERVER_ERROR,
      FeedFetchFailure.FEED_FETCH_FAILURE_HTTP_ERROR,
      FeedFetchFailure.FEED_FETCH_FAILURE_HTTP_ERROR,
    ]);
  });
});
