import { FeedFetched } from '@pc/proto/crawler/events/v1/events';
import { FeedFetch, FeedFetchOutcome } from '@pc/proto/crawler/v1/types';

const MINUTE_MS = 60_000;

/** A successful fetch of a feed with `items` valid products. */
export const fetchSucceeded = (items: number): Partial<FeedFetch> => ({
  outcome: FeedFetchOutcome.FEED_FETCH_OUTCOME_SUCCEEDED,
  httpStatus: 200,
  itemsTotal: items,
  itemsValid: items,
});

/** The feed's URL answered 404, as the crawler words it. */
export const FETCH_NOT_FOUND: Partial<FeedFetch> = {
  outcome: FeedFetchOutcome.FEED_FETCH_OUTCOME_FETCH_FAILED,
  httpStatus: 404,
  error: 'http 404: the feed URL did not answer with a feed',
};

/** The fetch ran out of time, as the crawler words it. */
export const FETCH_TIMED_OUT: Partial<FeedFetch> = {
  outcome: FeedFetchOutcome.FEED_FETCH_OUTCOME_FETCH_FAILED,
  error: 'limit:time: the fetch took longer than 120000 ms',
};

/**
 * FeedFetched events as the crawler publishes them, each `minutes` after `start` (a fetch's id
 * is its feed and minute, so the same minute is a redelivery); a success is a complete fetch.
 */
export const feedFetchedAfter =
  (start: () => Date) =>
  (shopId: string, feedId: string, minutes: number, fetch: Partial<FeedFetch>): FeedFetched => {
    const at = new Date(start().getTime() + minutes * MINUTE_MS);
    return FeedFetched.fromPartial({
      feedId,
      shopId,
      fetch: FeedFetch.fromPartial({ id: `ff_${feedId}_${minutes}`, startedAt: at, finishedAt: at, ...fetch }),
      complete: fetch.outcome === FeedFetchOutcome.FEED_FETCH_OUTCOME_SUCCEEDED,
      fetchedAt: at,
    });
  };
