import { createHash, randomUUID, type Hash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Logger } from 'pino';
import type { OfferObserved } from '@pc/proto/crawler/events/v1/events';
import { CrawlJobStatus, FeedFetchFailure, FeedFetchOutcome } from '@pc/proto/crawler/v1/types';
import { analyzeFeed } from '@pc/product-feeds/analyze-feed';
import { issueLine, readFormatOf } from '@pc/product-feeds/observe/platform-feed';
import { toOfferObserved } from '@pc/product-feeds/observe/to-offer-observed';
import type { FeedReport } from '@pc/product-feeds/report/feed-report';
import type { GoogleTaxonomy } from '@pc/product-feeds/validate/google-taxonomy';
import type { Outbox } from '@pc/kit/events/outbox';
import { FetchLimitError, FetchRefusedError, fetchErrorLabel, isFetchError } from '@pc/safe-fetch/errors';
import type { SafeFetcher, SafeResponse } from '@pc/safe-fetch/safe-fetcher';
import { hostKeyOf } from '../domain/crawl-url.js';
import type { FeedRecord, JobRecord } from '../domain/records.js';
import { VisitDeferred, VisitForbidden, type VisitTurn } from '../fetching/visit-outcomes.js';
import type { HostAccess } from '../politeness/host-access.js';
import type { CrawlerStore } from '../store/crawler-store.js';
import { crawlerMetrics } from './crawler-metrics.js';
import { FeedFetchDraft, type FeedFetchEnd } from './feed-fetch-draft.js';
import { guardFailure, httpFailure } from './feed-fetch-failure.js';
import type { HostActivity } from './host-activity.js';
import type { HostTroubles } from './host-troubles.js';
import { FeedItemSets } from './feed-item-set.js';
import { attemptsSinceRetry, finishJob } from './job-progress.js';

export interface FeedFetchSettings {
  /** Largest feed read; a larger one ends the fetch with `limit:size`. */
  readonly maxBytes: number;
  /** The whole download (connect, redirects, body). */
  readonly timeoutMs: number;
  /** Observations written (and published) together. */
  readonly batchSize: number;
  /**
   * A conditional request (If-None-Match / If-Modified-Since) is only sent while the last full
   * read is younger than this: offers delists offers not seen for 72 h, so a feed that answers
   * 304 for days is read in full again, its items observed anew.
   */
  readonly conditionalForMs: number;
  /** 429/503 answers in a row before the fetch is given up (it runs again on its schedule). */
  readonly maxThrottledAttempts: number;
}

export const DEFAULT_FEED_FETCH: Omit<FeedFetchSettings, 'maxBytes' | 'timeoutMs'> = {
  batchSize: 500,
  conditionalForMs: 24 * 3_600_000,
  maxThrottledAttempts: 3,
};

export interface FeedFetchDependencies {
  readonly store: CrawlerStore;
  readonly outbox: Outbox;
  readonly fetcher: SafeFetcher;
  readonly access: HostAccess;
  readonly troubles: HostTroubles;
  readonly activity: HostActivity;
  readonly taxonomy: GoogleTaxonomy | null;
  readonly settings: FeedFetchSettings;
  readonly now: () => Date;
  readonly logger: Logger;
}

/** What a run did with its job: finished, or given back to run again at `runAt`. */
export type FeedRunResult =
  { readonly kind: 'finished' } | { readonly kind: 'again'; readonly runAt: Date; readonly throttled: boolean };

/**
 * One fetch of a shop's feed (a feed job): as polite as a page — the host's lease, robots.txt,
 * its turn — through the SSRF guard with size and time limits, streamed into @pc/product-feeds'
 * analysis; every valid item becomes an OfferObserved and the fetch ends with FeedFetched, all
 * through the outbox. Bad input (a wrong URL, a private address, a huge or unreadable feed) ends
 * in a fetch whose report says why; nothing else changes.
 */
export class FeedFetch {
  private readonly itemSets: FeedItemSets;

  constructor(private readonly deps: FeedFetchDependencies) {
    this.itemSets = new FeedItemSets(deps.store.feedItems);
  }

  async run(job: JobRecord): Promise<FeedRunResult> {
    const { store, now } = this.deps;
    const feed = job.target.feed ? await store.feeds.get(job.target.feed.feedId) : null;
    if (!feed || feed.deleted || !feed.enabled) {
      await finishJob(
        store.jobs,
        job._id,
        {
          status: CrawlJobStatus.CRAWL_JOB_STATUS_FAILED,
          httpStatus: 0,
          error: 'the feed is no longer fetched (deleted or disabled)',
          offersObserved: 0,
          fetched: false,
        },
        now(),
      );
      return { kind: 'finished' };
    }
    await this.endInterrupted(feed);
    const host = hostKeyOf(new URL(feed.url));
    const refused = this.refusal(feed);
    if (refused) {
      const draft = new FeedFetchDraft(store.feedFetches, this.deps.outbox, feed, job._id, now());
      await this.end(job, draft, await this.fetchFailure(feed, host, refused), [], null);
      return { kind: 'finished' };
    }
    let turn: VisitTurn;
    try {
      turn = await this.deps.access.begin(host, feed.url, {
        leaseMs: this.deps.settings.timeoutMs + 60_000,
        followSitemaps: false,
      });
    } catch (error) {
      if (error instanceof VisitDeferred)
        return { kind: 'again', runAt: new Date(Math.max(error.notBefore, now().getTime() + 250)), throttled: false };
      if (!(error instanceof VisitForbidden)) throw error;
      crawlerMetrics.robotsRefusal(error.robotsUnavailable ? 'unavailable' : 'disallowed');
      const draft = new FeedFetchDraft(store.feedFetches, this.deps.outbox, feed, job._id, now());
      await this.end(
        job,
        draft,
        failure(
          FeedFetchOutcome.FEED_FETCH_OUTCOME_BLOCKED_BY_ROBOTS,
          FeedFetchFailure.FEED_FETCH_FAILURE_ROBOTS,
          0,
          error.message,
        ),
        [],
        null,
      );
      return { kind: 'finished' };
    }
    return this.fetchInTurn(job, feed, host, turn);
  }

  private async fetchInTurn(job: JobRecord, feed: FeedRecord, host: string, turn: VisitTurn): Promise<FeedRunResult> {
    const { now } = this.deps;
    const draft = new FeedFetchDraft(this.deps.store.feedFetches, this.deps.outbox, feed, job._id, now());
    let turnOpen = true;
    const endTurn = async (): Promise<void> => {
      if (!turnOpen) return;
      turnOpen = false;
      await this.deps.access.end(host, turn);
    };
    try {
      let response: SafeResponse;
      try {
        response = await this.deps.fetcher.fetch(feed.url, {
          headers: this.conditionalHeaders(feed, now()),
          maxBytes: this.deps.settings.maxBytes,
          timeoutMs: this.deps.settings.timeoutMs,
          maxRedirects: 5,
          // Feeds often move to a file host: followed there; on the shop, each hop waits its turn.
          beforeRedirect: (_from, to) => this.deps.access.hop(turn, to, true),
        });
      } catch (error) {
        await endTurn();
        await this.end(job, draft, await this.fetchFailure(feed, host, error), [], null);
        return { kind: 'finished' };
      }
      this.deps.activity.fetched(host, now());
      crawlerMetrics.page(response.status);
      if (response.status === 429 || response.status === 503) {
        response.body.destroy();
        await endTurn();
        const until = await this.deps.troubles.throttled(
          host,
          feed.url,
          response.status,
          response.headers['retry-after'],
          now(),
        );
        // Asked again after Retry-After, a few times, before the fetch is recorded as failed.
        if (attemptsSinceRetry(job) + 1 < this.deps.settings.maxThrottledAttempts)
          return { kind: 'again', runAt: until, throttled: true };
        await this.end(
          job,
          draft,
          failure(
            FeedFetchOutcome.FEED_FETCH_OUTCOME_FETCH_FAILED,
            httpFailure(response.status),
            response.status,
            `http ${response.status}: the shop asked us to slow down ${this.deps.settings.maxThrottledAttempts} times in a row`,
          ),
          [],
          response,
        );
        return { kind: 'finished' };
      }
      if (response.status === 304) {
        response.body.destroy();
        await endTurn();
        this.deps.activity.succeeded(host);
        await this.end(
          job,
          draft,
          {
            ...failure(
              FeedFetchOutcome.FEED_FETCH_OUTCOME_NOT_MODIFIED,
              FeedFetchFailure.FEED_FETCH_FAILURE_UNSPECIFIED,
              304,
              '',
            ),
            complete: false,
          },
          [],
          response,
        );
        return { kind: 'finished' };
      }
      if (response.status < 200 || response.status >= 300) {
        response.body.destroy();
        await endTurn();
        const error = `http ${response.status}: the feed URL did not answer with a feed`;
        if (response.status >= 500) await this.deps.troubles.failed(host, feed.url, response.status, error, now());
        else this.deps.activity.succeeded(host);
        await this.end(
          job,
          draft,
          failure(
            FeedFetchOutcome.FEED_FETCH_OUTCOME_FETCH_FAILED,
            httpFailure(response.status),
            response.status,
            error,
          ),
          [],
          response,
        );
        return { kind: 'finished' };
      }
      const { end, remaining } = await this.read(feed, draft, response, host);
      await endTurn();
      await this.end(job, draft, end, remaining, response);
      return { kind: 'finished' };
    } finally {
      await endTurn();
    }
  }

  /** Streams the body through the analysis; observations go out in batches as they come. */
  private async read(
    feed: FeedRecord,
    draft: FeedFetchDraft,
    response: SafeResponse,
    host: string,
  ): Promise<{ end: FeedFetchEnd; remaining: OfferObserved[] }> {
    const { now, settings } = this.deps;
    const hash = createHash('sha256');
    const defaults = { country: feed.country, currency: feed.currency, language: feed.language };
    // A green shop's offers are green (ADR 108): the shop as ShopChanged last told it, once per fetch.
    const isGreen = (await this.deps.store.shops.get(feed.shopId))?.green === true;
    let batch: OfferObserved[] = [];
    let streamError: unknown = null;
    let report: FeedReport | null = null;
    await draft.open();
    // The last complete read's items, to tell new, changed, unchanged and removed offers; this read's are kept for the next.
    const previous = await this.itemSets.load(feed.itemSetFetchId);
    const items = this.itemSets.writer(feed._id, draft.id);
    try {
      report = await analyzeFeed(hashed(response.body, hash), {
        format: readFormatOf(feed.format),
        defaults,
        taxonomy: this.deps.taxonomy,
        previous,
        fingerprints: true,
        onOffer: async (offer, fingerprint) => {
          await items.add(offer.shopOfferId, fingerprint);
          batch.push(
            toOfferObserved(offer, {
              shopId: feed.shopId,
              feedId: feed._id,
              feedFetchId: draft.id,
              observationId: randomUUID(),
              observedAt: now(),
              defaults,
              isGreen,
            }),
          );
          if (batch.length < settings.batchSize) return;
          const full = batch;
          batch = [];
          await draft.observed(full, now());
        },
      });
    } catch (error) {
      if (!isFetchError(error)) throw error;
      streamError = error;
    }
    const bytes = report?.bytes ?? 0;
    crawlerMetrics.feedItems(report?.valid ?? draft.itemsValid + batch.length, report?.rejected ?? 0);
    if (streamError || !report || report.error || report.format === null) await this.itemSets.drop(draft.id);
    else await items.flush();
    if (streamError || !report) {
      const label = await this.fetchFailure(feed, host, streamError);
      return {
        end: { ...label, bytes, itemsTotal: report?.rows ?? 0, itemsInvalid: report?.rejected ?? 0 },
        remaining: batch,
      };
    }
    this.deps.activity.succeeded(host);
    const issues = report.samples.map((issue) => issueLine(issue, report.format === 'google-merchant-xml'));
    const counts = {
      httpStatus: response.status,
      bytes: report.bytes,
      contentHash: hash.digest('hex'),
      itemsTotal: report.rows,
      itemsInvalid: report.rejected,
      issues,
      rejectedByReason: report.rejectedByReason,
      rejectedByField: report.rejectedByField,
      offers: null,
    };
    if (report.format === null) {
      return {
        end: {
          ...counts,
          outcome: FeedFetchOutcome.FEED_FETCH_OUTCOME_PARSE_FAILED,
          failure: FeedFetchFailure.FEED_FETCH_FAILURE_UNREADABLE,
          error: `not a product feed: ${report.error?.message ?? 'the content is neither CSV, TSV nor Google Merchant XML'}`,
          complete: false,
        },
        remaining: batch,
      };
    }
    if (report.error) {
      const where = report.error.line ? `line ${report.error.line}: ` : '';
      return {
        end: {
          ...counts,
          outcome: FeedFetchOutcome.FEED_FETCH_OUTCOME_PARSE_FAILED,
          failure: FeedFetchFailure.FEED_FETCH_FAILURE_UNREADABLE,
          error: `read stopped at ${where}${report.error.message}`,
          complete: false,
        },
        remaining: batch,
      };
    }
    const offers = previous
      ? {
          added: report.offers.new,
          changed: report.offers.changed,
          unchanged: report.offers.unchanged,
          removed: report.offers.removed,
          removedSample: report.removedSample,
        }
      : null;
    return {
      end: {
        ...counts,
        offers,
        outcome: FeedFetchOutcome.FEED_FETCH_OUTCOME_SUCCEEDED,
        failure: FeedFetchFailure.FEED_FETCH_FAILURE_UNSPECIFIED,
        error: '',
        complete: true,
      },
      remaining: batch,
    };
  }

  /** The guard's refusal of the feed's URL itself (scheme, port, an address literal), before anything is asked of the host. */
  private refusal(feed: FeedRecord): FetchRefusedError | null {
    try {
      this.deps.fetcher.check(feed.url);
      return null;
    } catch (error) {
      if (error instanceof FetchRefusedError) return error;
      throw error;
    }
  }

  /** A fetch that got no (whole) answer: the guard's refusal, a limit, the network; the host backs off for the network's. */
  private async fetchFailure(feed: FeedRecord, host: string, error: unknown): Promise<FeedFetchEnd> {
    if (!isFetchError(error)) throw error;
    const label = fetchErrorLabel(error);
    crawlerMetrics.fetchFailure(label);
    const message = `${label}: ${error.message}`;
    if (!(error instanceof FetchRefusedError) && !(error instanceof FetchLimitError && error.limit !== 'time'))
      await this.deps.troubles.failed(host, feed.url, 0, message, this.deps.now());
    else
      this.deps.activity.failed(host, {
        at: this.deps.now().toISOString(),
        url: feed.url,
        error: message,
        httpStatus: 0,
      });
    return failure(FeedFetchOutcome.FEED_FETCH_OUTCOME_FETCH_FAILED, guardFailure(error), 0, message);
  }

  /** Writes the end of the fetch (FeedFetched), what the feed learnt, and ends the job. */
  private async end(
    job: JobRecord,
    draft: FeedFetchDraft,
    end: FeedFetchEnd,
    remaining: readonly OfferObserved[],
    response: SafeResponse | null,
  ): Promise<void> {
    const { store, now } = this.deps;
    const at = now();
    const record = await draft.finish(end, remaining, at);
    crawlerMetrics.feedFetched(FeedFetchOutcome[end.outcome] ?? String(end.outcome));
    const read = end.outcome === FeedFetchOutcome.FEED_FETCH_OUTCOME_SUCCEEDED;
    let replacedSet: string | undefined;
    await store.feeds.update(draft.feed._id, (current) => {
      replacedSet = read && end.complete ? current?.itemSetFetchId : undefined;
      return current
        ? {
            ...current,
            lastFetchId: record._id,
            itemSetFetchId: read && end.complete ? record._id : current.itemSetFetchId,
            lastReadAt: read ? draft.startedAt.toISOString() : current.lastReadAt,
            etag: read ? (response?.headers.etag ?? '') : current.etag,
            lastModified: read ? (response?.headers['last-modified'] ?? '') : current.lastModified,
          }
        : null;
    });
    if (replacedSet !== record._id) await this.itemSets.drop(replacedSet);
    const status =
      end.outcome === FeedFetchOutcome.FEED_FETCH_OUTCOME_SUCCEEDED ||
      end.outcome === FeedFetchOutcome.FEED_FETCH_OUTCOME_NOT_MODIFIED
        ? CrawlJobStatus.CRAWL_JOB_STATUS_SUCCEEDED
        : end.outcome === FeedFetchOutcome.FEED_FETCH_OUTCOME_BLOCKED_BY_ROBOTS
          ? CrawlJobStatus.CRAWL_JOB_STATUS_BLOCKED_BY_ROBOTS
          : CrawlJobStatus.CRAWL_JOB_STATUS_FAILED;
    await finishJob(
      store.jobs,
      job._id,
      {
        status,
        httpStatus: end.httpStatus,
        error: end.error,
        offersObserved: record.itemsValid,
        fetched: end.httpStatus > 0,
      },
      at,
    );
  }

  /** A fetch of this feed that a crash (or a lost claim) left running is ended as interrupted: its items so far stand, it is not complete. */
  private async endInterrupted(feed: FeedRecord): Promise<void> {
    const running = await this.deps.store.feedFetches.find({ feedId: feed._id, running: true }, { limit: 10 });
    for (const stale of running) {
      const draft = FeedFetchDraft.resume(this.deps.store.feedFetches, this.deps.outbox, feed, stale);
      await this.itemSets.drop(stale._id);
      await draft.finish(
        {
          ...failure(
            FeedFetchOutcome.FEED_FETCH_OUTCOME_FETCH_FAILED,
            FeedFetchFailure.FEED_FETCH_FAILURE_INTERRUPTED,
            stale.httpStatus,
            'interrupted: the crawler stopped during the fetch',
          ),
          itemsTotal: stale.itemsValid,
        },
        [],
        this.deps.now(),
      );
    }
  }

  private conditionalHeaders(feed: FeedRecord, now: Date): Record<string, string> {
    const headers: Record<string, string> = {
      accept: 'application/xml,text/xml,text/csv,text/tab-separated-values,text/plain;q=0.9,*/*;q=0.5',
    };
    const recent =
      feed.lastReadAt !== null && now.getTime() - Date.parse(feed.lastReadAt) < this.deps.settings.conditionalForMs;
    if (recent && feed.etag) headers['if-none-match'] = feed.etag;
    if (recent && feed.lastModified) headers['if-modified-since'] = feed.lastModified;
    return headers;
  }
}

function failure(outcome: FeedFetchOutcome, reason: FeedFetchFailure, httpStatus: number, error: string): FeedFetchEnd {
  return {
    outcome,
    failure: reason,
    httpStatus,
    error,
    bytes: 0,
    contentHash: '',
    itemsTotal: 0,
    itemsInvalid: 0,
    issues: [],
    rejectedByReason: {},
    rejectedByField: {},
    offers: null,
    complete: false,
  };
}

/** The body as it streams, each chunk also added to the content hash. */
async function* hashed(body: Readable, hash: Hash): AsyncGenerator<Uint8Array> {
  for await (const chunk of body) {
    hash.update(chunk as Buffer);
    yield chunk as Buffer;
  }
}
