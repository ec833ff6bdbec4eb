import { FeedFetchOutcome } from '@pc/proto/crawler/v1/types';
import type { PlatformClients } from './clients.js';

export interface FeedsFetched {
  /** Feeds with a finished fetch. */
  readonly fetched: number;
  readonly feeds: number;
  /** Items observed by the feeds' latest successful fetches. */
  readonly itemsObserved: number;
  /** Feeds whose latest fetch did not succeed, with its error ("robots.txt unavailable: http 503"). */
  readonly failures: readonly string[];
}

/**
 * Polls the crawler (ListFeedFetches) until every handed-over feed has a finished fetch, or the
 * time is up: the feeds bring most demo offers at once. Shops that misbehave (503 bursts, a 503
 * robots.txt) may need a few retries or their next run; they are reported, not waited for forever.
 */
export async function waitForFeeds(
  clients: PlatformClients,
  feedsByShop: ReadonlyMap<string, readonly string[]>,
  options: { timeoutMs: number; pollMs: number; onProgress: (done: number, total: number) => void },
): Promise<FeedsFetched> {
  const total = [...feedsByShop.values()].reduce((sum, urls) => sum + urls.length, 0);
  const latest = new Map<string, { outcome: FeedFetchOutcome; itemsValid: number; error: string }>();
  const pending = new Map([...feedsByShop].filter(([, urls]) => urls.length > 0));
  const deadline = Date.now() + options.timeoutMs;
  while (pending.size > 0 && Date.now() < deadline) {
    for (const [shopId, urls] of pending) {
      const { fetches } = await clients.crawler.listFeedFetches({
        shopId,
        feedId: '',
        page: { page: 1, hitsPerPage: 100 },
      });
      for (const fetch of [...fetches].reverse())
        if (fetch.finishedAt)
          latest.set(fetch.url, { outcome: fetch.outcome, itemsValid: fetch.itemsValid, error: fetch.error });
      if (urls.every((url) => latest.has(url))) pending.delete(shopId);
    }
    options.onProgress(
      total - [...pending.values()].reduce((sum, urls) => sum + urls.filter((url) => !latest.has(url)).length, 0),
      total,
    );
    if (pending.size > 0) await new Promise((resolve) => setTimeout(resolve, options.pollMs));
  }
  const ends = [...latest.entries()];
  return {
    fetched: ends.length,
    feeds: total,
    itemsObserved: ends.reduce(
      (sum, [, end]) => sum + (end.outcome === FeedFetchOutcome.FEED_FETCH_OUTCOME_SUCCEEDED ? end.itemsValid : 0),
      0,
    ),
    failures: ends
      .filter(([, end]) => end.outcome !== FeedFetchOutcome.FEED_FETCH_OUTCOME_SUCCEEDED)
      .map(([url, end]) => `${url}: ${end.error}`),
  };
}
