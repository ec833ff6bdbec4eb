import { FeedFetchFailure } from '@pc/proto/crawler/v1/types';
import { FetchLimitError, FetchRefusedError, type FetchError } from '@pc/safe-fetch/errors';

/**
 * FeedFetch.failure for an HTTP answer that is not a feed: its status class, as owners are told
 * it (404/410 not found, 401/403 access denied, 429 asked to slow down, 5xx the server's fault).
 */
export function httpFailure(status: number): FeedFetchFailure {
  if (status === 404 || status === 410) return FeedFetchFailure.FEED_FETCH_FAILURE_NOT_FOUND;
  if (status === 401 || status === 403) return FeedFetchFailure.FEED_FETCH_FAILURE_ACCESS_DENIED;
  if (status === 429) return FeedFetchFailure.FEED_FETCH_FAILURE_THROTTLED;
  if (status >= 500) return FeedFetchFailure.FEED_FETCH_FAILURE_SERVER_ERROR;
  return FeedFetchFailure.FEED_FETCH_FAILURE_HTTP_ERROR;
}

/** FeedFetch.failure for the SSRF guard's error (@pc/safe-fetch): its refusal, its limit, or the network. */
export function guardFailure(error: FetchError): FeedFetchFailure {
  if (error instanceof FetchRefusedError)
    return error.reason === 'dns'
      ? FeedFetchFailure.FEED_FETCH_FAILURE_HOST_NOT_FOUND
      : FeedFetchFailure.FEED_FETCH_FAILURE_ADDRESS_REFUSED;
  if (error instanceof FetchLimitError) {
    switch (error.limit) {
      case 'time':
        return FeedFetchFailure.FEED_FETCH_FAILURE_TIMEOUT;
      case 'size':
        return FeedFetchFailure.FEED_FETCH_FAILURE_TOO_LARGE;
      case 'redirects':
      case 'redirect_loop':
        return FeedFetchFailure.FEED_FETCH_FAILURE_REDIRECTS;
    }
  }
  return FeedFetchFailure.FEED_FETCH_FAILURE_NETWORK;
}
