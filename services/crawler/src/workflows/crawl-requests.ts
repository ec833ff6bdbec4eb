import { randomUUID } from 'node:crypto';
import { CrawlJobStatus } from '@pc/proto/crawler/v1/types';
import {
  AlreadyExistsError,
  ConflictError,
  FailedPreconditionError,
  NotFoundError,
} from '@pc/kit/errors/domain-errors';
import { hostKeyOf, urlIdOf } from '../domain/crawl-url.js';
import { newUrlRecord } from '../domain/new-url.js';
import type { FeedRecord, JobRecord, UrlKind } from '../domain/records.js';
import { effectivePriority, type VisitSettings } from '../domain/visit-schedule.js';
import type { CrawlerStore } from '../store/crawler-store.js';
import { ensureHost } from './host-registry.js';
import { isFinished, runDurationMs } from './job-progress.js';

/** Retries kept on a job for its log (a job retried more often than this shows the latest). */
const MAX_RETRIES_KEPT = 20;

/** The key that keeps one open job per target ("url:<id>", "host:<host>", "feed:<id>"). */
function openKeyOf(job: JobRecord): string {
  if (job.target.feed) return `feed:${job.target.feed.feedId}`;
  if (job.target.host) return `host:${job.target.host}`;
  return `url:${urlIdOf(job.target.url ?? '')}`;
}

const alreadyOpen = (jobId: string): FailedPreconditionError =>
  new FailedPreconditionError(`job ${jobId} already waits to crawl this target`, { reason: 'JOB_ALREADY_OPEN' });

export interface RequestOptions {
  readonly priority: number;
  readonly runAt: Date;
  readonly reason: string;
  readonly scheduleId: string;
}

/**
 * Crawls asked for — by staff (ScheduleCrawl, re-crawl now), schedules and new shops: each is a
 * job on its target's URL, which the frontier then visits when due and politeness allows. One
 * open job per target: asking again returns the job already queued.
 */
export class CrawlRequests {
  constructor(
    private readonly store: CrawlerStore,
    private readonly visits: VisitSettings,
    private readonly wake: (host: string) => void,
    private readonly now: () => Date,
    /** Tells the feed runner a feed job is waiting. */
    private readonly wakeFeeds: () => void = () => {},
  ) {}

  /** A visit of one page. */
  async visitUrl(url: URL, options: RequestOptions): Promise<JobRecord> {
    return this.queue(url, 'page', options);
  }

  /** A fetch of a shop's feed (the feed runner takes it when due, politely, like a page). */
  async fetchFeed(feed: FeedRecord, options: RequestOptions): Promise<JobRecord> {
    const host = hostKeyOf(new URL(feed.url));
    const hostRecord = await ensureHost(this.store, host, this.now());
    if (hostRecord.paused) throw new FailedPreconditionError(`host ${host} is paused`, { reason: 'HOST_PAUSED' });
    const { job } = await this.createJob(
      {
        kind: 'feed',
        target: { feed: { shopId: feed.shopId, feedId: feed._id } },
        host,
        shopId: feed.shopId,
        openKey: `feed:${feed._id}`,
      },
      options,
    );
    this.wakeFeeds();
    return job;
  }

  /** A whole site: its start page and sitemap now (their links follow), with the job on the start page. */
  async discoverHost(start: URL, options: RequestOptions): Promise<JobRecord> {
    const sitemap = new URL('/sitemap.xml', start.origin);
    await this.ensureUrl(sitemap, 'sitemap', options, '');
    return this.queue(new URL('/', start.origin), 'start', options);
  }

  /**
   * Where a host's site starts: the homepage of the shop it belongs to when its host is this one,
   * else https://<host>/ (staff may give "http://host:port" to say otherwise).
   */
  async startUrlOf(host: string): Promise<URL> {
    const [shop] = await this.store.shops.find({ hosts: host, deleted: false }, { limit: 1 });
    if (shop) {
      try {
        const homepage = new URL(shop.homepageUrl);
        if (hostKeyOf(homepage) === host) return new URL('/', homepage.origin);
      } catch {
        // An unreadable homepage: the default below.
      }
    }
    return new URL(`https://${host}/`);
  }

  async cancel(jobId: string): Promise<JobRecord | null> {
    const now = this.now().toISOString();
    const job = await this.store.jobs.update(jobId, (current) => {
      if (!current) return null;
      if (
        ![
          CrawlJobStatus.CRAWL_JOB_STATUS_QUEUED,
          CrawlJobStatus.CRAWL_JOB_STATUS_RUNNING,
          CrawlJobStatus.CRAWL_JOB_STATUS_BACKING_OFF,
        ].includes(current.status)
      ) {
        throw new FailedPreconditionError(`job ${jobId} has finished`, { reason: 'JOB_FINISHED' });
      }
      return {
        ...current,
        status: CrawlJobStatus.CRAWL_JOB_STATUS_CANCELED,
        finishedAt: now,
        durationMs: runDurationMs(current.startedAt, now),
        openKey: current._id,
      };
    });
    if (job?.target.url)
      await this.store.urls.update(urlIdOf(job.target.url), (url) =>
        url && url.jobId === jobId ? { ...url, jobId: '' } : null,
      );
    return job;
  }

  /**
   * A finished job asked for again (staff's retry): the same job — its id kept, so staff keep the
   * job they were looking at — queued anew on its target, its attempts going on from where they
   * were. Refused while another job waits on the same target (that one is the crawl asked for).
   */
  async retry(job: JobRecord, by: string): Promise<JobRecord> {
    const openKey = openKeyOf(job);
    const [open] = await this.store.jobs.find({ openKey }, { limit: 1 });
    if (open && open._id !== job._id) throw alreadyOpen(open._id);
    if (job.target.feed) {
      const feed = await this.store.feeds.get(job.target.feed.feedId);
      if (!feed || feed.deleted) throw new NotFoundError('feed', job.target.feed.feedId);
    }
    const host = await ensureHost(this.store, job.host, this.now());
    if (host.paused) throw new FailedPreconditionError(`host ${job.host} is paused`, { reason: 'HOST_PAUSED' });
    const now = this.now();
    let reopened: JobRecord | null;
    try {
      reopened = await this.store.jobs.update(job._id, (current) => {
        if (!current || !isFinished(current.status))
          throw new FailedPreconditionError(`job ${job._id} is no longer finished`, { reason: 'JOB_NOT_FINISHED' });
        const retry = { at: now.toISOString(), by, afterAttempts: current.attempts };
        return {
          ...current,
          status: CrawlJobStatus.CRAWL_JOB_STATUS_QUEUED,
          runAt: now.toISOString(),
          startedAt: null,
          finishedAt: null,
          durationMs: 0,
          openKey,
          retries: [...(current.retries ?? []), retry].slice(-MAX_RETRIES_KEPT),
        };
      });
    } catch (error) {
      // Another job on the target was opened meanwhile (the open key is unique).
      if (error instanceof AlreadyExistsError || error instanceof ConflictError) throw alreadyOpen('another');
      throw error;
    }
    if (!reopened) throw new NotFoundError('job', job._id);
    const options = { priority: job.priority, runAt: now, reason: job.reason, scheduleId: job.scheduleId };
    if (job.target.feed) this.wakeFeeds();
    else if (job.target.host) {
      const start = await this.startUrlOf(job.target.host);
      await this.ensureUrl(new URL('/sitemap.xml', start.origin), 'sitemap', options, '');
      await this.ensureUrl(new URL('/', start.origin), 'start', options, job._id);
    } else await this.ensureUrl(new URL(job.target.url ?? ''), 'page', options, job._id);
    this.wake(job.host);
    return reopened;
  }

  private async queue(url: URL, kind: UrlKind, options: RequestOptions): Promise<JobRecord> {
    const host = hostKeyOf(url);
    const hostRecord = await ensureHost(this.store, host, this.now());
    if (hostRecord.paused) throw new FailedPreconditionError(`host ${host} is paused`, { reason: 'HOST_PAUSED' });
    const { job, created } =
      kind === 'start'
        ? await this.createJob(
            { kind: 'host', target: { host }, host, shopId: hostRecord.shopId, openKey: `host:${host}` },
            options,
          )
        : await this.createJob(
            {
              kind: 'url',
              target: { url: url.href },
              host,
              shopId: hostRecord.shopId,
              openKey: `url:${urlIdOf(url.href)}`,
            },
            options,
          );
    if (!created) return job;
    await this.ensureUrl(url, kind, options, job._id);
    this.wake(host);
    return job;
  }

  /** A new job on the target, or the one already open for it (one open job per target). */
  private async createJob(
    target: Pick<JobRecord, 'kind' | 'target' | 'host' | 'shopId' | 'openKey'>,
    options: RequestOptions,
  ): Promise<{ job: JobRecord; created: boolean }> {
    const [open] = await this.store.jobs.find({ openKey: target.openKey }, { limit: 1 });
    if (open) return { job: open, created: false };
    const now = this.now();
    const job: JobRecord = {
      _id: `job_${randomUUID()}`,
      ...target,
      status: CrawlJobStatus.CRAWL_JOB_STATUS_QUEUED,
      priority: options.priority,
      attempts: 0,
      scheduleId: options.scheduleId,
      createdAt: now.toISOString(),
      runAt: options.runAt.toISOString(),
      startedAt: null,
      finishedAt: null,
      durationMs: 0,
      httpStatus: 0,
      error: '',
      pagesFetched: 0,
      offersObserved: 0,
      reason: options.reason,
    };
    try {
      await this.store.jobs.collection.put(job, { expectedVersion: 0 });
    } catch (error) {
      // A concurrent request for the same target created it first: that one is the job.
      if (!(error instanceof AlreadyExistsError) && !(error instanceof ConflictError)) throw error;
      const [winner] = await this.store.jobs.find({ openKey: target.openKey }, { limit: 1 });
      if (winner) return { job: winner, created: false };
      throw error;
    }
    return { job, created: true };
  }

  /** The URL due at `runAt` (sooner than its schedule), with the job waiting for its visit. */
  private async ensureUrl(url: URL, kind: UrlKind, options: RequestOptions, jobId: string): Promise<void> {
    const host = await ensureHost(this.store, hostKeyOf(url), this.now());
    const runAt = options.runAt.toISOString();
    await this.store.urls.update(urlIdOf(url.href), (current) => {
      if (!current) {
        const interval = kind === 'page' ? this.visits.initialIntervalMs : this.visits.listingIntervalMs;
        return {
          ...newUrlRecord(url, {
            kind,
            depth: 0,
            shopId: host.shopId,
            intervalMs: interval,
            now: options.runAt,
            priority: options.priority,
            jobId,
          }),
          nextVisitAt: runAt,
        };
      }
      const staffPriority = Math.max(current.staffPriority, options.priority);
      return {
        ...current,
        status: 'active',
        nextVisitAt: current.nextVisitAt < runAt ? current.nextVisitAt : runAt,
        staffPriority,
        priority: Math.max(current.priority, effectivePriority({ ...current, staffPriority })),
        jobId: jobId || current.jobId,
        consecutiveGone: 0,
      };
    });
  }
}
