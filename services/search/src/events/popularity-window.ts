import type { Logger } from 'pino';
import { popularitySince, type EntityKey } from '../domain/entity-popularity.js';
import type { EntityClickCounts } from '../store/entity-click-counts.js';
import type { EntityPopularity } from './entity-popularity.js';

const EVERY_MS = 3_600_000;
const PAGE = 1_000;
/**
 * A part raised this long before a sweep started may have been committed after the sweep read:
 * the next sweep reads that stretch again (a clock step or commit slower than this is not seen).
 */
const SWEEP_OVERLAP_MS = 10 * 60_000;

/**
 * The hourly upkeep of the entities' popularity, and the same at start:
 *
 * 1. a sweep sums again every entity's day whose parts rose since the last sweep began: the days
 *    a flush held in memory when its process stopped, or failed to write, are written here;
 * 2. the entities whose totals include a day that left the window get their window written
 *    again without it, then those totals and the day's parts are deleted (written first: a
 *    crash in between finds the same totals the next time).
 *
 * A document is thus at most an hour behind a day leaving the window (at midnight UTC).
 */
export class PopularityWindow {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly counts: EntityClickCounts,
    private readonly popularity: Pick<EntityPopularity, 'recompute' | 'rewrite'>,
    private readonly clock: () => Date,
    private readonly logger: Logger,
  ) {}

  start(): void {
    void this.run();
    this.timer = setInterval(() => void this.run(), EVERY_MS);
    this.timer.unref();
  }

  run(): Promise<void> {
    this.running = this.running
      .then(async () => {
        await this.sweep(this.clock().getTime());
        await this.leaveWindow(popularitySince(this.clock()));
      })
      .catch((error: unknown) =>
        this.logger.warn({ err: error }, 'entity popularity not swept or windowed; next hour again'),
      );
    return this.running;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  private async sweep(startedAt: number): Promise<void> {
    const through = await this.counts.sweptThrough();
    const since = through === null ? 0 : through - SWEEP_OVERLAP_MS;
    for await (const days of this.counts.changedSince(since, PAGE)) await this.popularity.recompute(days);
    await this.counts.markSwept(startedAt);
  }

  private async leaveWindow(since: string): Promise<void> {
    for (let old = await this.counts.totalsBefore(since, PAGE); old.length > 0;) {
      await this.popularity.rewrite(unique(old.map((total) => total.entity)));
      await this.counts.deleteTotals(old);
      old = await this.counts.totalsBefore(since, PAGE);
    }
    while ((await this.counts.prunePartsBefore(since, PAGE)) === PAGE);
  }
}

const unique = (entities: readonly EntityKey[]): EntityKey[] => [...new Set(entities)];
