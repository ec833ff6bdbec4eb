import type { FeedFetched } from '@pc/proto/crawler/events/v1/events';
import { FeedFetchOutcome, type FeedFetch } from '@pc/proto/crawler/v1/types';
import type { Outbox } from '@pc/kit/events/outbox';
import { verdictOf } from '../domain/feed-health.js';
import type { FeedFetchRecord } from '../domain/shop-record.js';
import type { ShopRepository } from '../store/shop-repository.js';
import { recordFeedFetch } from '../workflows/feed-fetch-record.js';

const OUTCOME_TEXT: Partial<Record<FeedFetchOutcome, string>> = {
  [FeedFetchOutcome.FEED_FETCH_OUTCOME_NOT_MODIFIED]: 'not modified since the last fetch',
  [FeedFetchOutcome.FEED_FETCH_OUTCOME_FETCH_FAILED]: 'the feed could not be fetched',
  [FeedFetchOutcome.FEED_FETCH_OUTCOME_PARSE_FAILED]: 'the feed could not be read',
  [FeedFetchOutcome.FEED_FETCH_OUTCOME_BLOCKED_BY_ROBOTS]: "the shop's robots.txt does not let us fetch the feed",
};

/** "1 of 2 items rejected (price_format: 1); offers: 1 changed, 1 removed" — what a read found, as shop settings show it. */
function readSummary(fetch: FeedFetch): string {
  const reasons = Object.entries(fetch.rejectedByReason)
    .sort(([, a], [, b]) => b - a)
    .map(([reason, count]) => `${reason}: ${count}`)
    .join(', ');
  const counts =
    fetch.itemsInvalid > 0
      ? `${fetch.itemsInvalid} of ${fetch.itemsTotal} items rejected${reasons ? ` (${reasons})` : ''}`
      : `${fetch.itemsValid} items`;
  const delta = fetch.offers;
  if (!delta) return counts;
  const moves = [
    delta.added && `${delta.added} new`,
    delta.changed && `${delta.changed} changed`,
    delta.removed && `${delta.removed} removed`,
  ].filter(Boolean);
  return `${counts}; offers: ${moves.length > 0 ? moves.join(', ') : 'unchanged'}`;
}

/**
 * The crawler fetched and analysed a feed: the feed records the fetch (status, counts, first
 * issues: what shop settings show, the "product feeds analysed" step) and, after a complete
 * successful fetch, its offers the feed no longer lists are due for delisting once their
 * observations are ingested (workflows/feed-completion.ts). A feed turning failing or working
 * again is announced to its owner (ADR 128). Idempotent: an older or repeated fetch changes
 * nothing, a fetch of an unknown feed is ignored.
 */
export function handleFeedFetched(deps: {
  readonly shops: ShopRepository;
  readonly outbox: Outbox;
  readonly clock: () => Date;
}) {
  return async (event: FeedFetched): Promise<void> => {
    const fetch = event.fetch;
    if (!fetch || !event.feedId || !event.shopId) return;
    const fetchedAt = event.fetchedAt ?? fetch.finishedAt ?? deps.clock();
    const succeeded =
      fetch.outcome === FeedFetchOutcome.FEED_FETCH_OUTCOME_SUCCEEDED ||
      fetch.outcome === FeedFetchOutcome.FEED_FETCH_OUTCOME_NOT_MODIFIED;
    const message = [
      fetch.error,
      OUTCOME_TEXT[fetch.outcome],
      fetch.outcome === FeedFetchOutcome.FEED_FETCH_OUTCOME_SUCCEEDED ? readSummary(fetch) : '',
    ]
      .filter(Boolean)
      .join('; ');
    const verdict = verdictOf(fetch);
    const lastFetch: FeedFetchRecord = {
      fetchId: fetch.id,
      fetchedAt: fetchedAt.toISOString(),
      httpStatus: fetch.httpStatus,
      succeeded,
      itemsTotal: fetch.itemsTotal,
      itemsValid: fetch.itemsValid,
      itemsInvalid: fetch.itemsInvalid,
      message,
      issues: fetch.issues.slice(0, 20),
      // Why it failed, as the owner's mail says it; shop settings show it in the owner's language.
      ...(verdict && !verdict.works && { failureReason: verdict.reason }),
    };
    const complete =
      event.complete &&
      fetch.outcome === FeedFetchOutcome.FEED_FETCH_OUTCOME_SUCCEEDED &&
      fetch.startedAt !== undefined;
    const removal = complete
      ? {
          fetchId: fetch.id,
          startedAt: (fetch.startedAt as Date).toISOString(),
          requestedAt: deps.clock().toISOString(),
        }
      : null;
    await recordFeedFetch(deps, event.shopId, event.feedId, lastFetch, removal, verdict);
  };
}
