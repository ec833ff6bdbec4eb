import type { Logger } from 'pino';
import { trackedQuery, utcDay } from '../domain/tracked-query.js';
import type { QueryCountKey, QueryCounts } from '../store/query-counts.js';

export interface QueryTrackerOptions {
  /** How often the counts gathered in memory are added to the store. */
  readonly flushIntervalMs: number;
  /** Distinct queries kept between two flushes; more are not counted (bounded memory). */
  readonly maxPending: number;
  /** Counts older than this many days are deleted. */
  readonly retentionDays: number;
  readonly clock: () => Date;
}

const PRUNE_EVERY_MS = 3_600_000;
const PRUNE_BATCH = 1_000;

/**
 * Counts the queries of searches that ask to be tracked (the search page's, not the product
 * rows'), for "most searched". Counts gather in memory and go to the store every few seconds:
 * a search never waits for a write, and a crash loses only the last seconds of a statistic.
 * Only queries that found something are counted, so typos and probing do not reach the home page.
 */
export class QueryTracker {
  private pending = new Map<string, { key: QueryCountKey; n: number }>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private lastPrune = 0;

  constructor(
    private readonly counts: QueryCounts,
    private readonly options: QueryTrackerOptions,
    private readonly logger: Logger,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.flush(), this.options.flushIntervalMs);
    this.timer.unref();
  }

  record(text: string, country: string, language: string): void {
    const query = trackedQuery(text);
    if (query === null) return;
    const key = { day: utcDay(this.options.clock()), country, language, query };
    const id = `${key.day}|${country}|${language}|${query}`;
    const entry = this.pending.get(id);
    if (entry) entry.n += 1;
    else if (this.pending.size < this.options.maxPending) this.pending.set(id, { key, n: 1 });
  }

  /** Adds what was gathered to the store (and prunes old days once an hour). */
  flush(): Promise<void> {
    this.flushing = this.flushing
      .then(() => this.write())
      .catch((error: unknown) => this.logger.warn({ err: error }, 'query counts not written; they are lost'));
    return this.flushing;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }

  private async write(): Promise<void> {
    const batch = this.pending;
    this.pending = new Map();
    if (batch.size > 0) await this.counts.add(batch);
    const now = this.options.clock();
    if (now.getTime() - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now.getTime();
    const cutoff = utcDay(new Date(now.getTime() - this.options.retentionDays * 86_400_000));
    while ((await this.counts.pruneBefore(cutoff, PRUNE_BATCH)) === PRUNE_BATCH);
  }
}
