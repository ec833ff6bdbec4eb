import type { Logger } from 'pino';
import { CrawlJobStatus, VisitOutcome } from '@pc/proto/crawler/v1/types';
import { ConflictError } from '@pc/kit/errors/domain-errors';
import { Events } from '@pc/proto/event-catalog';
import type { Outbox } from '@pc/kit/events/outbox';
import type { PendingEvent } from '@pc/kit/events/publisher';
import { FetchLimitError, FetchRefusedError, fetchErrorLabel, isFetchError } from '@pc/safe-fetch/errors';
import { errorBackoffMs, type PolitenessSettings } from '../domain/politeness-policy.js';
import { crawlUrlOf, hostKeyOf, urlIdOf } from '../domain/crawl-url.js';
import type { RobotsRecord, UrlKind, UrlRecord } from '../domain/records.js';
import { parseRobotsTxt } from '../robots/robots-txt.js';
import { productSchedule, type VisitSettings } from '../domain/visit-schedule.js';
import { NO_CHANGE_HISTORY } from '../domain/change-rate.js';
import { extractOffers } from '../extraction/extract-offers.js';
import { isUsable } from '../extraction/extracted-offer.js';
import { loadHtmlPage, type HtmlPage } from '../extraction/html-page.js';
import type { VisitHandlers } from '../fetching/crawl-engine.js';
import { VisitDeferred, VisitForbidden, type FetchedPage } from '../fetching/visit-outcomes.js';
import type { VisitTask } from '../fetching/visit-task.js';
import type { HostGate } from '../politeness/host-gate.js';
import type { CrawlerStore } from '../store/crawler-store.js';
import type { StoredUrl } from '../store/url-repository.js';
import { crawlerMetrics } from './crawler-metrics.js';
import type { HostActivity } from './host-activity.js';
import { HostTroubles } from './host-troubles.js';
import { finishJob, type JobResult } from './job-progress.js';
import { observationOf, priceFingerprintOf, shopOfferIdOf } from './offer-observations.js';
import { sitemapLinks } from './sitemap-links.js';
import { discoverUrls, type DiscoverySettings } from './url-discovery.js';

export interface PageVisitDependencies {
  readonly store: CrawlerStore;
  readonly outbox: Outbox;
  readonly gate: HostGate;
  readonly activity: HostActivity;
  readonly politeness: PolitenessSettings;
  readonly visits: VisitSettings;
  readonly discovery: DiscoverySettings;
  /** Tells the dispatcher a host has new URLs due. */
  readonly wake: (host: string) => void;
  readonly now: () => Date;
  readonly logger: Logger;
}

/** What a visit found, to be written to its URL (and its job). */
interface VisitResult {
  readonly outcome: VisitOutcome;
  readonly httpStatus: number;
  readonly error: string;
  readonly nextVisitAt: Date;
  readonly changes?: Partial<UrlRecord>;
  readonly events?: readonly PendingEvent<unknown>[];
  readonly job: CrawlJobStatus;
}

const XML = /xml/;

/**
 * What a visit of a URL leads to (ADR 039b): the page's offers observed (OfferObserved through the
 * outbox, with the URL's new schedule in the same write), links and sitemaps followed, a 429/503
 * slowing the host down for every replica, 404/410 retiring the URL after a few answers, errors
 * backing the host off exponentially, and a refusal of the fetch guard retiring the URL.
 */
export class PageVisit implements VisitHandlers {
  private readonly troubles: HostTroubles;

  constructor(private readonly deps: PageVisitDependencies) {
    this.troubles = new HostTroubles(deps);
  }

  async page(task: VisitTask, page: FetchedPage): Promise<number> {
    const { store, activity, now } = this.deps;
    const url = await store.urls.get(task.urlId);
    const at = now();
    activity.fetched(task.host, at);
    crawlerMetrics.page(page.status);
    if (!url) return 0;
    if (page.status === 429 || page.status === 503) return this.throttled(url, page, at);
    if (page.status >= 500) return this.serverError(url, page.status, `http ${page.status}`, at);
    activity.succeeded(task.host);
    if (page.status === 404 || page.status === 410) {
      const gone = url.consecutiveGone + 1;
      const retire = gone >= this.deps.visits.goneAfter;
      await this.record(
        url,
        {
          outcome: VisitOutcome.VISIT_OUTCOME_GONE,
          httpStatus: page.status,
          error: `http ${page.status}`,
          nextVisitAt: new Date(at.getTime() + this.deps.visits.minIntervalMs),
          changes: { consecutiveGone: gone, ...(retire ? { status: 'retired' } : {}) },
          job: CrawlJobStatus.CRAWL_JOB_STATUS_FAILED,
        },
        at,
      );
      return 0;
    }
    if (page.status >= 300 && page.status < 400 && page.headers.location) {
      await this.redirectedAway(url, page, at);
      return 0;
    }
    if (page.status < 200 || page.status >= 300) {
      await this.record(
        url,
        {
          outcome: VisitOutcome.VISIT_OUTCOME_FAILED,
          httpStatus: page.status,
          error: `http ${page.status}`,
          nextVisitAt: new Date(at.getTime() + this.deps.visits.listingIntervalMs),
          job: CrawlJobStatus.CRAWL_JOB_STATUS_FAILED,
        },
        at,
      );
      return 0;
    }
    if (url.kind === 'sitemap' || XML.test(page.contentType)) {
      await this.sitemap(url, page, at);
      return 0;
    }
    await this.content(url, loadHtmlPage(page.body.toString('utf8'), url.url), page.status, at);
    return 0;
  }

  /**
   * A redirect to another host (redirects on the host are followed in the visit, each hop in the
   * host's turn): the target joins the frontier when that host is the same shop's, to be visited
   * in its own turn; a permanent redirect retires this URL.
   */
  private async redirectedAway(url: StoredUrl, page: FetchedPage, at: Date): Promise<void> {
    const location = Array.isArray(page.headers.location) ? page.headers.location[0] : page.headers.location;
    const target = location ? crawlUrlOf(location, page.url) : null;
    const shop = url.shopId ? await this.deps.store.shops.get(url.shopId) : null;
    const sameShop = target !== null && shop !== null && shop.hosts.includes(hostKeyOf(target));
    if (target && sameShop) {
      const added = await discoverUrls(
        this.deps.store.urls,
        this.deps.discovery,
        {
          host: hostKeyOf(target),
          shopId: url.shopId,
          depth: url.depth - 1,
          intervalMs: this.deps.visits.initialIntervalMs,
          now: at,
        },
        [{ href: target.href, kind: url.kind === 'start' ? 'page' : url.kind }],
      );
      if (added > 0) this.deps.wake(hostKeyOf(target));
    }
    const permanent = page.status === 301 || page.status === 308;
    await this.record(
      url,
      {
        outcome: VisitOutcome.VISIT_OUTCOME_LINKS,
        httpStatus: page.status,
        error: `redirected to ${target?.href ?? location ?? '?'}${sameShop ? '' : ' (another site: not followed)'}`,
        nextVisitAt: new Date(at.getTime() + this.deps.visits.listingIntervalMs),
        changes: permanent ? { status: 'retired' } : {},
        job: CrawlJobStatus.CRAWL_JOB_STATUS_SUCCEEDED,
      },
      at,
    );
  }

  /** A fetched robots.txt's sitemaps join the frontier (RFC 9309 §2.3.5: they are listed there for crawlers). */
  async robotsFetched(host: string, origin: string, record: RobotsRecord): Promise<void> {
    if (record.httpStatus < 200 || record.httpStatus >= 300) return;
    const sitemaps = parseRobotsTxt(Buffer.from(record.body, 'utf8')).sitemaps;
    if (sitemaps.length === 0) return;
    const start = await this.deps.store.urls.get(urlIdOf(`${origin}/`));
    const added = await discoverUrls(
      this.deps.store.urls,
      this.deps.discovery,
      {
        host,
        shopId: start?.shopId ?? (await this.deps.store.hosts.get(host))?.shopId ?? '',
        depth: 0,
        intervalMs: this.deps.visits.listingIntervalMs,
        now: this.deps.now(),
      },
      sitemaps.map((href) => ({ href, kind: 'sitemap' as UrlKind })),
    );
    if (added > 0) this.deps.wake(host);
  }

  async failed(task: VisitTask, error: unknown): Promise<number> {
    const { store, now } = this.deps;
    if (error instanceof VisitDeferred) return error.notBefore;
    const url = await store.urls.get(task.urlId);
    const at = now();
    if (!url) return 0;
    if (error instanceof VisitForbidden) {
      crawlerMetrics.robotsRefusal(error.robotsUnavailable ? 'unavailable' : 'disallowed');
      // Unreadable robots.txt is asked for again soon (robots-cache.ts): the URL is due when it is,
      // not an hour later (a shop whose robots.txt fails for ten minutes lost the hour). A
      // disallowed URL waits long.
      const wait = error.robotsUnavailable ? await this.untilRobotsRetry(url.host, at) : this.deps.visits.maxIntervalMs;
      await this.record(
        url,
        {
          outcome: VisitOutcome.VISIT_OUTCOME_BLOCKED_BY_ROBOTS,
          httpStatus: 0,
          error: error.message,
          nextVisitAt: new Date(at.getTime() + wait),
          job: CrawlJobStatus.CRAWL_JOB_STATUS_BLOCKED_BY_ROBOTS,
        },
        at,
      );
      return 0;
    }
    const label = isFetchError(error)
      ? fetchErrorLabel(error)
      : unsupportedType(error)
        ? 'unsupported content type'
        : 'failed';
    const message = `${label}: ${(error as Error).message ?? String(error)}`.slice(0, 500);
    crawlerMetrics.fetchFailure(label);
    if (error instanceof FetchRefusedError || label === 'unsupported content type') {
      // The guard refuses this URL for good (a private address, a port, a scheme): no more visits.
      this.deps.activity.failed(url.host, { at: at.toISOString(), url: url.url, error: message, httpStatus: 0 });
      await this.record(
        url,
        {
          outcome: VisitOutcome.VISIT_OUTCOME_FAILED,
          httpStatus: 0,
          error: message,
          nextVisitAt: at,
          changes: { status: 'retired' },
          job: CrawlJobStatus.CRAWL_JOB_STATUS_FAILED,
        },
        at,
      );
      return 0;
    }
    if (error instanceof FetchLimitError && error.limit !== 'time') {
      // Too large, too many redirects: the page will not have changed by tomorrow.
      this.deps.activity.failed(url.host, { at: at.toISOString(), url: url.url, error: message, httpStatus: 0 });
      await this.record(
        url,
        {
          outcome: VisitOutcome.VISIT_OUTCOME_FAILED,
          httpStatus: 0,
          error: message,
          nextVisitAt: new Date(at.getTime() + this.deps.visits.maxIntervalMs),
          changes: { consecutiveErrors: url.consecutiveErrors + 1 },
          job: CrawlJobStatus.CRAWL_JOB_STATUS_FAILED,
        },
        at,
      );
      return 0;
    }
    return this.serverError(url, 0, message, at);
  }

  /** How long until the host's unreadable robots.txt is asked for again (its record's expiry), at most the longest interval. */
  private async untilRobotsRetry(host: string, at: Date): Promise<number> {
    const robots = await this.deps.store.robots.get(host);
    const retryIn = robots ? Date.parse(robots.expiresAt) - at.getTime() : this.deps.visits.minIntervalMs;
    return Math.min(Math.max(retryIn, 1_000), this.deps.visits.maxIntervalMs);
  }

  /** 429/503: the host waits Retry-After (or the throttle delay) and slows down, every replica with it. */
  private async throttled(url: StoredUrl, page: FetchedPage, at: Date): Promise<number> {
    const until = await this.troubles.throttled(url.host, url.url, page.status, page.headers['retry-after'], at);
    await this.record(
      url,
      {
        outcome: VisitOutcome.VISIT_OUTCOME_THROTTLED,
        httpStatus: page.status,
        error: `http ${page.status}`,
        nextVisitAt: until,
        job: CrawlJobStatus.CRAWL_JOB_STATUS_BACKING_OFF,
      },
      at,
    );
    return until.getTime();
  }

  /** 5xx, timeouts, network failures: the host backs off exponentially with its errors in a row. */
  private async serverError(url: StoredUrl, httpStatus: number, error: string, at: Date): Promise<number> {
    const until = await this.troubles.failed(url.host, url.url, httpStatus, error, at);
    const retryAt = new Date(
      Math.max(until.getTime(), at.getTime() + errorBackoffMs(this.deps.politeness, url.consecutiveErrors + 1)),
    );
    await this.record(
      url,
      {
        outcome: VisitOutcome.VISIT_OUTCOME_FAILED,
        httpStatus,
        error,
        nextVisitAt: retryAt,
        changes: { consecutiveErrors: url.consecutiveErrors + 1 },
        job: CrawlJobStatus.CRAWL_JOB_STATUS_FAILED,
      },
      at,
    );
    return until.getTime();
  }

  private async sitemap(url: StoredUrl, page: FetchedPage, at: Date): Promise<void> {
    let links: { href: string; kind: UrlKind }[] = [];
    let error = '';
    try {
      links = sitemapLinks(page.body);
    } catch (caught) {
      error = `sitemap unreadable: ${(caught as Error).message}`.slice(0, 500);
    }
    const added = await discoverUrls(
      this.deps.store.urls,
      this.deps.discovery,
      { host: url.host, shopId: url.shopId, depth: url.depth, intervalMs: this.deps.visits.initialIntervalMs, now: at },
      links,
    );
    if (added > 0) this.deps.wake(url.host);
    await this.record(
      url,
      {
        outcome: error ? VisitOutcome.VISIT_OUTCOME_FAILED : VisitOutcome.VISIT_OUTCOME_LINKS,
        httpStatus: page.status,
        error,
        nextVisitAt: new Date(at.getTime() + this.deps.visits.listingIntervalMs),
        changes: { kind: 'sitemap' },
        job: CrawlJobStatus.CRAWL_JOB_STATUS_SUCCEEDED,
      },
      at,
    );
  }

  /** A page: its offers observed if it has any, else its links followed. */
  private async content(url: StoredUrl, page: HtmlPage, httpStatus: number, at: Date): Promise<void> {
    const { store, visits } = this.deps;
    // The host says whose it is now (a URL may have been found before its shop was known).
    const host = await store.hosts.get(url.host);
    const shopId = host?.shopId || url.shopId;
    const shop = shopId ? await store.shops.get(shopId) : null;
    const extraction = extractOffers(page, { rules: host?.rules ?? null, currency: shop?.currency || null });
    if (extraction.offers.length === 0) {
      if (url.kind === 'product') crawlerMetrics.extractionFailure('no_offer_found');
      const links = page
        .$('a[href]')
        .toArray()
        .map((element) => ({
          href: new URL(page.$(element).attr('href') ?? '', page.url).href,
          kind: 'page' as UrlKind,
        }))
        .filter((link) => link.href);
      const added = await discoverUrls(
        store.urls,
        this.deps.discovery,
        { host: url.host, shopId: url.shopId, depth: url.depth, intervalMs: visits.initialIntervalMs, now: at },
        links,
      );
      if (added > 0) this.deps.wake(url.host);
      const kind: UrlKind = url.kind === 'start' ? 'start' : url.kind === 'product' ? 'product' : 'listing';
      await this.record(
        url,
        {
          outcome: VisitOutcome.VISIT_OUTCOME_LINKS,
          httpStatus,
          error: '',
          nextVisitAt: new Date(at.getTime() + visits.listingIntervalMs),
          changes: { kind, offersFound: 0, method: '', flags: [], fastMover: false },
          job: CrawlJobStatus.CRAWL_JOB_STATUS_SUCCEEDED,
        },
        at,
      );
      return;
    }
    const usable = extraction.offers.filter(isUsable);
    const flags = [...new Set(extraction.offers.flatMap((offer) => offer.flags))];
    const noShop = !shop || shop.deleted;
    if (usable.length === 0 || noShop) {
      const reason = noShop ? 'no_shop' : (flags[0] ?? 'unusable');
      crawlerMetrics.extractionFailure(reason);
      await this.record(
        url,
        {
          outcome: VisitOutcome.VISIT_OUTCOME_UNUSABLE,
          httpStatus,
          error: noShop ? 'the host belongs to no shop' : '',
          nextVisitAt: new Date(at.getTime() + visits.listingIntervalMs),
          changes: {
            kind: 'product',
            offersFound: extraction.offers.length,
            method: extraction.method ?? '',
            flags: noShop ? [...flags, 'no_shop'] : flags,
            fastMover: false,
          },
          job: CrawlJobStatus.CRAWL_JOB_STATUS_SUCCEEDED,
        },
        at,
      );
      return;
    }
    const observations = usable.map((offer, index) =>
      observationOf(offer, shopOfferIdOf(offer, url._id, index, usable.length), {
        shop,
        urlId: url._id,
        pageUrl: url.url,
        language: extraction.language,
        jobId: url.jobId,
        now: at,
      }),
    );
    const fingerprint = priceFingerprintOf(observations);
    // A page read before is compared with its last reading, over the time since the last visit.
    const lastVisitMs = url.priceFingerprint !== '' && url.lastVisitAt ? Date.parse(url.lastVisitAt) : null;
    const changed = lastVisitMs !== null && url.priceFingerprint !== fingerprint;
    const schedule = productSchedule(
      visits,
      {
        currentMs: url.kind === 'product' ? url.intervalMs : visits.initialIntervalMs,
        priority: url.priority,
        history: url.changeHistory ?? NO_CHANGE_HISTORY,
      },
      { changed, sinceLastMs: lastVisitMs === null ? 0 : at.getTime() - lastVisitMs },
    );
    crawlerMetrics.observed(extraction.method ?? '', observations.length);
    await this.record(
      url,
      {
        outcome: VisitOutcome.VISIT_OUTCOME_OFFERS,
        httpStatus,
        error: '',
        nextVisitAt: new Date(at.getTime() + schedule.intervalMs),
        changes: {
          kind: 'product',
          offersFound: extraction.offers.length,
          method: extraction.method ?? '',
          flags,
          priceFingerprint: fingerprint,
          intervalMs: schedule.intervalMs,
          changeHistory: schedule.changeHistory,
          fastMover: schedule.fastMover,
          unchangedVisits: changed ? 0 : url.unchangedVisits + 1,
        },
        events: observations.map((payload) => ({
          type: Events.offerObserved,
          key: `${payload.shopId}:${payload.shopOfferId}`,
          payload,
        })),
        job: CrawlJobStatus.CRAWL_JOB_STATUS_SUCCEEDED,
      },
      at,
    );
    // The dispatcher looks for a host's due fast movers when it knows of one (most hosts have none).
    if (schedule.fastMover && !url.fastMover) this.deps.wake(url.host);
  }

  /**
   * Writes the visit to its URL — with its OfferObserved events in the same atomic write (outbox)
   * — then publishes them and ends the URL's job. A concurrent write (staff, another replica) is
   * read again and the visit applied on top of it.
   */
  private async record(url: StoredUrl, result: VisitResult, at: Date): Promise<void> {
    const { store, outbox } = this.deps;
    let latest: StoredUrl | null = url;
    for (let attempt = 1; latest; attempt += 1) {
      const { _version: version, ...current } = latest;
      const prepared = outbox.prepare(current, result.events ?? [], at);
      const next: UrlRecord = {
        ...current,
        lastVisitAt: at.toISOString(),
        lastHttpStatus: result.httpStatus,
        lastOutcome: result.outcome,
        lastError: result.error,
        nextVisitAt: result.nextVisitAt.toISOString(),
        consecutiveGone: result.outcome === VisitOutcome.VISIT_OUTCOME_GONE ? current.consecutiveGone : 0,
        consecutiveErrors: result.outcome === VisitOutcome.VISIT_OUTCOME_FAILED ? current.consecutiveErrors : 0,
        jobId: '',
        ...result.changes,
        ...prepared.fields,
      };
      try {
        const written = await store.urls.put(next, { expectedVersion: version, outbox: prepared.records });
        await outbox.publish(store.urls.collection, written, prepared);
        const job: JobResult = {
          status: result.job,
          httpStatus: result.httpStatus,
          error: result.error,
          offersObserved: result.events?.length ?? 0,
          fetched: result.httpStatus > 0,
        };
        await finishJob(store.jobs, current.jobId, job, at);
        return;
      } catch (error) {
        if (!(error instanceof ConflictError) || attempt >= 5) throw error;
        latest = await store.urls.get(url._id);
      }
    }
  }
}

function unsupportedType(error: unknown): boolean {
  return error instanceof Error && error.message.includes('served Content-Type');
}
