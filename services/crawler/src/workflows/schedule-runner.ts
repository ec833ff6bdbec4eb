import type { Logger } from 'pino';
import type { CrawlerStore } from '../store/crawler-store.js';
import type { JobRecord, ScheduleRecord } from '../domain/records.js';
import type { CrawlRequests, RequestOptions } from './crawl-requests.js';

/** Turns due recurring schedules into jobs (one per run), every `tickMs`. */
export class ScheduleRunner {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly store: CrawlerStore,
    private readonly requests: CrawlRequests,
    private readonly now: () => Date,
    private readonly logger: Logger,
  ) {}

  start(tickMs: number): void {
    this.timer = setInterval(() => {
      if (!this.running) this.running = this.runDue().finally(() => (this.running = null));
    }, tickMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** The schedule's job; null when its feed is gone (its schedule is disabled then). */
  private async queue(schedule: ScheduleRecord, options: RequestOptions): Promise<JobRecord | null> {
    const { target } = schedule;
    if (target.url) return this.requests.visitUrl(new URL(target.url), options);
    if (target.host) return this.requests.discoverHost(await this.requests.startUrlOf(schedule.host), options);
    const feed = target.feed ? await this.store.feeds.get(target.feed.feedId) : null;
    if (feed && feed.enabled && !feed.deleted) return this.requests.fetchFeed(feed, options);
    await this.store.schedules.update(schedule._id, (current) => (current ? { ...current, enabled: false } : null));
    return null;
  }

  async runDue(): Promise<void> {
    const now = this.now();
    const due = await this.store.schedules.find(
      { enabled: true, nextRunAt: { $lte: now.toISOString() } },
      { sort: { nextRunAt: 1 }, limit: 100 },
    );
    for (const schedule of due) {
      try {
        const options = {
          priority: schedule.priority,
          runAt: now,
          reason: schedule.reason || 'schedule',
          scheduleId: schedule._id,
        };
        const job = await this.queue(schedule, options);
        if (!job) continue;
        await this.store.schedules.update(schedule._id, (current) =>
          current
            ? {
                ...current,
                lastRunAt: now.toISOString(),
                lastStatus: job.status,
                nextRunAt: new Date(now.getTime() + current.intervalMs).toISOString(),
              }
            : null,
        );
      } catch (error) {
        this.logger.warn({ err: error, scheduleId: schedule._id }, 'a schedule could not queue its crawl');
      }
    }
  }
}
