import { FeedFetchFailure, FeedFetchOutcome, type FeedFetch } from '@pc/proto/crawler/v1/types';
import { ShopStatus, FeedStatus } from '@pc/proto/offers/v1/types';
import type { FeedFetchRecord, FeedHealthNoticeRecord, FeedRecord, ShopRecord } from './shop-record.js';

/** Why a feed's fetch failed, in the words its owner reads (ShopChanged.feed_health.reason). */
export type FeedFailureReason =
  | 'not_found'
  | 'access_denied'
  | 'server_error'
  | 'http_error'
  | 'throttled'
  | 'timeout'
  | 'too_large'
  | 'redirects'
  | 'host_not_found'
  | 'address_refused'
  | 'network'
  | 'robots'
  | 'unreadable'
  | 'other';

export const FEED_FAILURE_REASONS: readonly FeedFailureReason[] = [
  'not_found',
  'access_denied',
  'server_error',
  'http_error',
  'throttled',
  'timeout',
  'too_large',
  'redirects',
  'host_not_found',
  'address_refused',
  'network',
  'robots',
  'unreadable',
  'other',
];

export const isFeedFailureReason = (value: string): value is FeedFailureReason =>
  (FEED_FAILURE_REASONS as readonly string[]).includes(value);

/** A crawler fetch as the owner's notices judge it: the feed works, or fails and why. */
export type FeedFetchVerdict =
  | { readonly works: true }
  | {
      readonly works: false;
      readonly reason: FeedFailureReason;
      /** The crawler's words (technical detail). */
      readonly detail: string;
      readonly httpStatus: number;
    };

/** The crawler's failure code (FeedFetch.failure), one reason each; INTERRUPTED is the crawler's own failure. */
const REASON_OF_FAILURE: Readonly<Partial<Record<FeedFetchFailure, FeedFailureReason>>> = {
  [FeedFetchFailure.FEED_FETCH_FAILURE_NOT_FOUND]: 'not_found',
  [FeedFetchFailure.FEED_FETCH_FAILURE_ACCESS_DENIED]: 'access_denied',
  [FeedFetchFailure.FEED_FETCH_FAILURE_SERVER_ERROR]: 'server_error',
  [FeedFetchFailure.FEED_FETCH_FAILURE_HTTP_ERROR]: 'http_error',
  [FeedFetchFailure.FEED_FETCH_FAILURE_THROTTLED]: 'throttled',
  [FeedFetchFailure.FEED_FETCH_FAILURE_TIMEOUT]: 'timeout',
  [FeedFetchFailure.FEED_FETCH_FAILURE_TOO_LARGE]: 'too_large',
  [FeedFetchFailure.FEED_FETCH_FAILURE_REDIRECTS]: 'redirects',
  [FeedFetchFailure.FEED_FETCH_FAILURE_HOST_NOT_FOUND]: 'host_not_found',
  [FeedFetchFailure.FEED_FETCH_FAILURE_ADDRESS_REFUSED]: 'address_refused',
  [FeedFetchFailure.FEED_FETCH_FAILURE_NETWORK]: 'network',
  [FeedFetchFailure.FEED_FETCH_FAILURE_ROBOTS]: 'robots',
  [FeedFetchFailure.FEED_FETCH_FAILURE_UNREADABLE]: 'unreadable',
  [FeedFetchFailure.FEED_FETCH_FAILURE_OTHER]: 'other',
};

/**
 * Fallback for fetches recorded before the crawler set FeedFetch.failure (a FeedFetched replayed
 * from the log, a crawler not yet updated): the reason read from the HTTP status and the SSRF
 * guard's label the crawler puts before its message ("limit:time: …", @pc/safe-fetch).
 */
const GUARD_LABELS: readonly [prefix: string, reason: FeedFailureReason][] = [
  ['limit:time', 'timeout'],
  ['limit:size', 'too_large'],
  ['limit:redirects', 'redirects'],
  ['limit:redirect_loop', 'redirects'],
  ['refused:dns', 'host_not_found'],
  ['refused:', 'address_refused'],
  ['failed', 'network'],
];

function fetchFailureReason(httpStatus: number, error: string): FeedFailureReason {
  if (httpStatus === 404 || httpStatus === 410) return 'not_found';
  if (httpStatus === 401 || httpStatus === 403) return 'access_denied';
  if (httpStatus === 429) return 'throttled';
  if (httpStatus >= 500) return 'server_error';
  if (httpStatus > 0) return 'http_error';
  return GUARD_LABELS.find(([prefix]) => error.startsWith(prefix))?.[1] ?? 'other';
}

/**
 * What a crawler fetch says about the shop's feed, or null when it says nothing about the feed:
 * a fetch the crawler itself cut short (`INTERRUPTED`, or "interrupted: the crawler stopped
 * during the fetch") is the crawler's failure, not the shop's. The crawler's failure code decides
 * the reason when it is set; the error text is then only the detail the owner reads.
 */
export function verdictOf(fetch: FeedFetch): FeedFetchVerdict | null {
  const failed = (reason: FeedFailureReason): FeedFetchVerdict => ({
    works: false,
    reason,
    detail: fetch.error,
    httpStatus: fetch.httpStatus,
  });
  if (
    fetch.outcome === FeedFetchOutcome.FEED_FETCH_OUTCOME_SUCCEEDED ||
    fetch.outcome === FeedFetchOutcome.FEED_FETCH_OUTCOME_NOT_MODIFIED
  )
    return { works: true };
  if (fetch.failure === FeedFetchFailure.FEED_FETCH_FAILURE_INTERRUPTED) return null;
  const coded = REASON_OF_FAILURE[fetch.failure];
  if (coded) return failed(coded);
  // No code: a fetch recorded before the crawler set it; its outcome and words tell the reason.
  switch (fetch.outcome) {
    case FeedFetchOutcome.FEED_FETCH_OUTCOME_BLOCKED_BY_ROBOTS:
      return failed('robots');
    case FeedFetchOutcome.FEED_FETCH_OUTCOME_PARSE_FAILED:
      return failed('unreadable');
    case FeedFetchOutcome.FEED_FETCH_OUTCOME_FETCH_FAILED:
      return fetch.error.startsWith('interrupted') ? null : failed(fetchFailureReason(fetch.httpStatus, fetch.error));
    default:
      return failed('other');
  }
}

/** A feed failing again within this time of the last failing notice is not announced again (flapping). */
export const FAILING_NOTICE_QUIET_MS = 24 * 3_600_000;

/** What the owner is told of one fetch: the feed turned failing, recovered, or nothing. */
export type FeedHealthTurn = 'failing' | 'recovered' | null;

/**
 * The owner's notices of a feed as a small state machine over what they were told
 * (`FeedRecord.healthNotice`): the first failing fetch after a working feed (or of a new feed) is
 * a `failing` notice, further failures are not; the first working fetch after a `failing` notice
 * is `recovered`. A failure within a day of the last `failing` notice whose run was closed by a
 * recovery is not announced (a feed failing every other fetch sends at most a pair a day); once
 * that day has passed the next failure is. No reminder while it keeps failing: shop settings
 * show the feed `FAILING` with its last fetch.
 */
export function feedHealthStep(
  told: FeedHealthNoticeRecord | null | undefined,
  verdict: FeedFetchVerdict,
  now: Date,
): { readonly turn: FeedHealthTurn; readonly told: FeedHealthNoticeRecord | null } {
  const current = told ?? null;
  if (verdict.works)
    return current?.open ? { turn: 'recovered', told: { ...current, open: false } } : { turn: null, told: current };
  if (current?.open) return { turn: null, told: current };
  if (current && now.getTime() - Date.parse(current.failingAt) < FAILING_NOTICE_QUIET_MS)
    return { turn: null, told: current };
  return { turn: 'failing', told: { failingAt: now.toISOString(), open: true } };
}

/**
 * Whose feed's health is announced: an owned shop the crawler fetches (pending activation or
 * listed), a feed not switched off. Directory listings have no owner to tell; a suspended shop's
 * late fetch is no news its owner can act on (its feed is told again once it is fetched again).
 */
export const feedHealthIsTold = (shop: ShopRecord, feed: FeedRecord): boolean =>
  shop.ownerUserId !== '' &&
  !shop.directoryListing &&
  (shop.status === ShopStatus.SHOP_STATUS_ACTIVE || shop.status === ShopStatus.SHOP_STATUS_PENDING_ACTIVATION) &&
  feed.status !== FeedStatus.FEED_STATUS_DISABLED;

/**
 * Since when the feed fails once `fetch` is its last fetch (shop settings' "failing since"): null
 * once a fetch works; a failure after a working fetch (or as the first) starts a run, a failure
 * after a failure keeps the run's start. A feed stored before runs were kept dates its run from
 * its last failed fetch, the earliest one known.
 */
export function failingSinceAfter(feed: FeedRecord, fetch: FeedFetchRecord): string | null {
  if (fetch.succeeded) return null;
  const previous = feed.lastFetch;
  if (previous && !previous.succeeded) return feed.failingSince ?? previous.fetchedAt;
  return fetch.fetchedAt;
}
