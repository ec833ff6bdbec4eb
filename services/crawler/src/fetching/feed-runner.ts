import type { Logger } from 'pino';
import { CrawlJobStatus } from '@pc/proto/crawler/v1/types';
import type { JobRecord } from '../domain/records.js';
import type { CrawlerStore } from '../store/crawler-store.js';
import type { FeedFetch } from '../workflows/feed-fetch.js';

/** A job taken is held this long past its fetch's time limit; then another replica may take it (its holder died). */
const CLAIM_MARGIN_MS = 120_000;
/** A run that failed for the crawler's own reasons (the store, the bus) is tried again after this. */
const RETRY_AFTER_ERROR_MS = 60_000;

const OPEN = [
  CrawlJobStatus.CRAWL_JOB_STATUS_QUEUED,
  CrawlJobStatus.CRAWL_JOB_STATUS_BACKING_OFF,
  CrawlJobStatus.CRAWL_JOB_STATUS_RUNNING,
];

export interface FeedRunnerOptions {
  readonly store: CrawlerStore;
  readonly fetch: FeedFetch;
  /** Feeds fetched at once by this process (each holds its host's lease while it downloads). */
  readonly concurrency: number;
  /** A feed fetch's time limit (a claim outlives it). */
  readonly fetchTimeoutMs: number;
  readonly tickMs: number;
  readonly now: () => Date;
  readonly logger: Logger;
}

/**
 * Runs feed jobs when due: ScheduleCrawl's, the feed schedules' and new feeds'. A job is taken
 * by one replica at a time (its status and time moved in one conditional write); a job whose
 * holder died is taken again once its claim lapses. Feeds stream, so they are not crawlee
 * requests (crawlee reads a whole answer into memory): they share the pages' politeness instead.
 */
export class FeedRunner {
  private readonly running = new Map<string, Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private stopped = false;

  constructor(private readonly options: FeedRunnerOptions) {}

  start(): void {
    this.timer = setInterval(() => void this.tick(), this.options.tickMs);
    this.timer.unref();
  }

  /** A feed job was queued: look now rather than at the next tick. */
  wake(): void {
    if (this.timer) setImmediate(() => void this.tick());
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.ticking;
    await Promise.all(this.running.values());
  }

  async tick(): Promise<void> {
    if (this.ticking || this.stopped) return;
    this.ticking = this.takeDue().catch((error: unknown) =>
      this.options.logger.warn({ err: error }, 'feed runner round failed'),
    );
    await this.ticking;
    this.ticking = null;
  }

  private async takeDue(): Promise<void> {
    const free = this.options.concurrency - this.running.size;
    if (free <= 0) return;
    const now = this.options.now();
    const due = await this.options.store.jobs.find(
      { kind: 'feed', status: { $in: OPEN }, runAt: { $lte: now.toISOString() } },
      { sort: { runAt: 1 }, limit: free + this.running.size },
    );
    for (const candidate of due) {
      if (this.running.size >= this.options.concurrency) return;
      if (this.running.has(candidate._id)) continue;
      const job = await this.claim(candidate._id, now);
      if (!job) continue;
      this.running.set(
        job._id,
        this.runOne(job).finally(() => this.running.delete(job._id)),
      );
    }
  }

  /** Takes the job if it is still open and due: RUNNING, held until its fetch's time limit has passed. */
  private async claim(jobId: string, now: Date): Promise<JobRecord | null> {
    let claimed = null as JobRecord | null;
    await this.options.store.jobs.update(jobId, (current) => {
      claimed = null;
      if (!current || !OPEN.includes(current.status) || Date.parse(current.runAt) > now.getTime()) return null;
      const { _version: _ignored, ...job } = current;
      claimed = {
        ...job,
        status: CrawlJobStatus.CRAWL_JOB_STATUS_RUNNING,
        startedAt: current.startedAt ?? now.toISOString(),
        runAt: new Date(now.getTime() + this.options.fetchTimeoutMs + CLAIM_MARGIN_MS).toISOString(),
      };
      return claimed;
    });
    return claimed;
  }

  private async runOne(job: JobRecord): Promise<void> {
    const { store, now, logger } = this.options;
    try {
      const result = await this.options.fetch.run(job);
      if (result.kind === 'finished') return;
      await store.jobs.update(job._id, (current) =>
        current && current.status === CrawlJobStatus.CRAWL_JOB_STATUS_RUNNING
          ? {
              ...current,
              status: result.throttled
                ? CrawlJobStatus.CRAWL_JOB_STATUS_BACKING_OFF
                : CrawlJobStatus.CRAWL_JOB_STATUS_QUEUED,
              runAt: result.runAt.toISOString(),
              attempts: current.attempts + (result.throttled ? 1 : 0),
              error: result.throttled ? 'the shop asked us to slow down (429/503)' : current.error,
            }
          : null,
      );
    } catch (error) {
      logger.warn({ err: error, jobId: job._id }, 'a feed fetch failed; it runs again in a minute');
      const runAt = new Date(now().getTime() + RETRY_AFTER_ERROR_MS).toISOString();
      await store.jobs
        .update(job._id, (current) =>
          current && current.status === CrawlJobStatus.CRAWL_JOB_STATUS_RUNNING
            ? {
                ...current,
                status: CrawlJobStatus.CRAWL_JOB_STATUS_QUEUED,
                runAt,
                attempts: current.attempts + 1,
                error: String((error as Error).message ?? error).slice(0, 500),
              }
            : null,
        )
        .catch(() => undefined);
    }
  }
}
