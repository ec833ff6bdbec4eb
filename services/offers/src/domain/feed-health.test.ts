import { FeedFetch, FeedFetchFailure, FeedFetchOutcome } from '@pc/proto/crawler/v1/types';
import { FeedStatus, ShopStatus } from '@pc/proto/offers/v1/types';
import {
  failingSinceAfter,
  FAILING_NOTICE_QUIET_MS,
  feedHealthIsTold,
  feedHealthStep,
  verdictOf,
  type FeedFetchVerdict,
} from './feed-health.js';
import type { FeedFetchRecord, FeedHealthNoticeRecord, FeedRecord, ShopRecord } from './shop-record.js';

const HOUR_MS = 3_600_000;
const T0 = new Date('2026-03-02T08:00:00Z');
const at = (hours: number) => new Date(T0.getTime() + hours * HOUR_MS);

const failed = (outcome: FeedFetchOutcome, httpStatus: number, error: string) =>
  verdictOf(FeedFetch.fromPartial({ outcome, httpStatus, error }));
const fetchFailed = (httpStatus: number, error: string) =>
  failed(FeedFetchOutcome.FEED_FETCH_OUTCOME_FETCH_FAILED, httpStatus, error);

const WORKS: FeedFetchVerdict = { works: true };
const NOT_FOUND: FeedFetchVerdict = { works: false, reason: 'not_found', detail: 'http 404', httpStatus: 404 };

/** Runs fetches through the step from `told`, as the FeedFetched consumer does one after the other. */
function replay(
  fetches: readonly [hours: number, verdict: FeedFetchVerdict][],
  told: FeedHealthNoticeRecord | null = null,
): (string | null)[] {
  const turns: (string | null)[] = [];
  let state = told;
  for (const [hours, verdict] of fetches) {
    const step = feedHealthStep(state, verdict, at(hours));
    turns.push(step.turn);
    state = step.told;
  }
  return turns;
}

describe('a feed fetch as its owner hears of it', () => {
  it('names why a fetch recorded without a failure code failed from the crawler’s outcome, HTTP status and guard label', () => {
    expect(fetchFailed(404, 'http 404: the feed URL did not answer with a feed')).toEqual({
      works: false,
      reason: 'not_found',
      detail: 'http 404: the feed URL did not answer with a feed',
      httpStatus: 404,
    });
    const reasons = [
      fetchFailed(410, 'http 410: …'),
      fetchFailed(403, 'http 403: …'),
      fetchFailed(401, 'http 401: …'),
      fetchFailed(429, 'http 429: the shop asked us to slow down 3 times in a row'),
      fetchFailed(502, 'http 502: …'),
      fetchFailed(400, 'http 400: …'),
      fetchFailed(0, 'limit:time: the fetch took longer than 120000 ms'),
      fetchFailed(0, 'limit:size: the body is larger than 1 GB'),
      fetchFailed(0, 'limit:redirect_loop: …'),
      fetchFailed(0, 'limit:redirects: more than 5 redirects'),
      fetchFailed(0, 'refused:dns: feeds.example.ch did not resolve'),
      fetchFailed(0, 'refused:address: 10.0.0.7 is a private address'),
      fetchFailed(0, 'refused:port: port 8443 is not allowed'),
      fetchFailed(0, 'failed: connect ECONNREFUSED'),
      fetchFailed(0, 'something new'),
      failed(FeedFetchOutcome.FEED_FETCH_OUTCOME_PARSE_FAILED, 200, 'read stopped at line 3: unclosed quote'),
      failed(FeedFetchOutcome.FEED_FETCH_OUTCOME_BLOCKED_BY_ROBOTS, 0, 'robots.txt disallows /feed.csv'),
    ].map((verdict) => (verdict && !verdict.works ? verdict.reason : verdict));
    expect(reasons).toEqual([
      'not_found',
      'access_denied',
      'access_denied',
      'throttled',
      'server_error',
      'http_error',
      'timeout',
      'too_large',
      'redirects',
      'redirects',
      'host_not_found',
      'address_refused',
      'address_refused',
      'network',
      'other',
      'unreadable',
      'robots',
    ]);
  });

  it('counts a not-modified feed as working, and a fetch the crawler itself cut short as saying nothing', () => {
    expect(verdictOf(FeedFetch.fromPartial({ outcome: FeedFetchOutcome.FEED_FETCH_OUTCOME_SUCCEEDED }))).toEqual(WORKS);
    expect(verdictOf(FeedFetch.fromPartial({ outcome: FeedFetchOutcome.FEED_FETCH_OUTCOME_NOT_MODIFIED }))).toEqual(
      WORKS,
    );
    expect(fetchFailed(200, 'interrupted: the crawler stopped during the fetch')).toBeNull();
  });

  it('takes the reason from the crawler’s failure code when it is set, whatever its words or status say', () => {
    const coded = (failure: FeedFetchFailure, httpStatus: number, error: string) =>
      verdictOf(
        FeedFetch.fromPartial({
          outcome: FeedFetchOutcome.FEED_FETCH_OUTCOME_FETCH_FAILED,
          failure,
          httpStatus,
          error,
        }),
      );
    expect(coded(FeedFetchFailure.FEED_FETCH_FAILURE_TIMEOUT, 404, 'http 404: the feed URL did not answer')).toEqual({
      works: false,
      reason: 'timeout',
      detail: 'http 404: the feed URL did not answer',
      httpStatus: 404,
    });
    const reasons = [
      [FeedFetchFailure.FEED_FETCH_FAILURE_NOT_FOUND, 0, 'limit:time: …'],
      [FeedFetchFailure.FEED_FETCH_FAILURE_ACCESS_DENIED, 404, 'refused:dns: …'],
      [FeedFetchFailure.FEED_FETCH_FAILURE_SERVER_ERROR, 0, 'failed: …'],
      [FeedFetchFailure.FEED_FETCH_FAILURE_HTTP_ERROR, 500, ''],
      [FeedFetchFailure.FEED_FETCH_FAILURE_THROTTLED, 503, 'http 503: …'],
      [FeedFetchFailure.FEED_FETCH_FAILURE_TIMEOUT, 0, 'limit:size: …'],
      [FeedFetchFailure.FEED_FETCH_FAILURE_TOO_LARGE, 0, 'limit:time: …'],
      [FeedFetchFailure.FEED_FETCH_FAILURE_REDIRECTS, 0, 'refused:address: …'],
      [FeedFetchFailure.FEED_FETCH_FAILURE_HOST_NOT_FOUND, 0, 'failed: …'],
      [FeedFetchFailure.FEED_FETCH_FAILURE_ADDRESS_REFUSED, 0, 'refused:dns: …'],
      [FeedFetchFailure.FEED_FETCH_FAILURE_NETWORK, 0, 'limit:redirects: …'],
      [FeedFetchFailure.FEED_FETCH_FAILURE_ROBOTS, 403, 'http 403: …'],
      [FeedFetchFailure.FEED_FETCH_FAILURE_UNREADABLE, 404, 'http 404: …'],
      [FeedFetchFailure.FEED_FETCH_FAILURE_OTHER, 404, 'http 404: …'],
    ] as const;
    expect(reasons.map(([failure, status, error]) => coded(failure, status, error))).toEqual(
      [
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
      ].map((reason, i) => ({ works: false, reason, detail: reasons[i]![2], httpStatus: reasons[i]![1] })),
    );
    // The code, not the outcome, names it; a cut-short fetch says nothing whatever its words.
    expect(
      verdictOf(
        FeedFetch.fromPartial({
          outcome: FeedFetchOutcome.FEED_FETCH_OUTCOME_PARSE_FAILED,
          failure: FeedFetchFailure.FEED_FETCH_FAILURE_TOO_LARGE,
        }),
      ),
    ).toMatchObject({ reason: 'too_large' });
    expect(coded(FeedFetchFailure.FEED_FETCH_FAILURE_INTERRUPTED, 404, 'http 404: …')).toBeNull();
    // A working fetch works, whatever a stray code says.
    expect(
      verdictOf(
        FeedFetch.fromPartial({
          outcome: FeedFetchOutcome.FEED_FETCH_OUTCOME_SUCCEEDED,
          failure: FeedFetchFailure.FEED_FETCH_FAILURE_NOT_FOUND,
        }),
      ),
    ).toEqual(WORKS);
  });
});

describe('when a feed’s owner is told it fails or works again', () => {
  it('tells a failure after a working fetch, and not the failures that follow', () => {
    expect(
      replay([
        [0, WORKS],
        [1, NOT_FOUND],
        [2, NOT_FOUND],
        [3, NOT_FOUND],
      ]),
    ).toEqual([null, 'failing', null, null]);
  });

  it('tells the first fetch of a new feed that fails', () => {
    const step = feedHealthStep(undefined, NOT_FOUND, at(0));
    expect(step).toEqual({ turn: 'failing', told: { failingAt: at(0).toISOString(), open: true } });
  });

  it('sends one failing notice for a feed failing every hour for a week', () => {
    const week = Array.from({ length: 24 * 7 }, (_, hour) => [hour, NOT_FOUND] as [number, FeedFetchVerdict]);
    expect(replay(week).filter(Boolean)).toEqual(['failing']);
  });

  it('tells a recovery only after a failing notice', () => {
    expect(
      replay([
        [0, NOT_FOUND],
        [5, NOT_FOUND],
        [6, WORKS],
        [7, WORKS],
      ]),
    ).toEqual(['failing', null, 'recovered', null]);
    expect(
      replay([
        [0, WORKS],
        [1, WORKS],
      ]),
    ).toEqual([null, null]);
  });

  it('tells a feed failing every other fetch at most once a day each way, and a failure that lasts past that day', () => {
    const flapping = replay([
      [0, NOT_FOUND],
      [1, WORKS],
      [2, NOT_FOUND],
      [3, WORKS],
      [4, NOT_FOUND],
      [23, NOT_FOUND],
      [24, NOT_FOUND],
      [25, NOT_FOUND],
      [26, WORKS],
    ]);
    expect(flapping).toEqual(['failing', 'recovered', null, null, null, null, 'failing', null, 'recovered']);
    expect(FAILING_NOTICE_QUIET_MS).toBe(24 * HOUR_MS);
  });
});

describe('whose feeds are told', () => {
  const feed = { id: 'fd_1', status: FeedStatus.FEED_STATUS_ACTIVE } as FeedRecord;
  const shop = (patch: Partial<ShopRecord>) =>
    ({ ownerUserId: 'u_1', directoryListing: false, status: ShopStatus.SHOP_STATUS_ACTIVE, ...patch }) as ShopRecord;

  it('tells the owner of a listed or pending shop, not directory listings, suspended shops or switched-off feeds', () => {
    expect(feedHealthIsTold(shop({}), feed)).toBe(true);
    expect(feedHealthIsTold(shop({ status: ShopStatus.SHOP_STATUS_PENDING_ACTIVATION }), feed)).toBe(true);
    expect(feedHealthIsTold(shop({ ownerUserId: '', directoryListing: true }), feed)).toBe(false);
    expect(feedHealthIsTold(shop({ status: ShopStatus.SHOP_STATUS_SUSPENDED }), feed)).toBe(false);
    expect(feedHealthIsTold(shop({}), { ...feed, status: FeedStatus.FEED_STATUS_DISABLED })).toBe(false);
  });
});

describe('since when a feed fails (shop settings)', () => {
  const fetch = (hours: number, succeeded: boolean) =>
    ({ fetchedAt: at(hours).toISOString(), succeeded }) as FeedFetchRecord;
  const feed = (patch: Partial<FeedRecord>) => ({ id: 'fd_1', lastFetch: null, ...patch }) as FeedRecord;

  it('starts a run at a failure after a working fetch or as the first fetch, and keeps its start while failures follow', () => {
    expect(failingSinceAfter(feed({}), fetch(0, false))).toBe(at(0).toISOString());
    expect(failingSinceAfter(feed({ lastFetch: fetch(0, true) }), fetch(1, false))).toBe(at(1).toISOString());
    expect(
      failingSinceAfter(feed({ lastFetch: fetch(1, false), failingSince: at(1).toISOString() }), fetch(2, false)),
    ).toBe(at(1).toISOString());
  });

  it('ends the run at a working fetch, and dates a run stored before runs were kept from its last failed fetch', () => {
    expect(
      failingSinceAfter(feed({ lastFetch: fetch(1, false), failingSince: at(1).toISOString() }), fetch(2, true)),
    ).toBeNull();
    expect(failingSinceAfter(feed({ lastFetch: fetch(5, false) }), fetch(6, false))).toBe(at(5).toISOString());
  });
});
