import type { Logger } from 'pino';
import { popularitySince, type EntityClickCount, type EntityDay, type EntityKey } from '../domain/entity-popularity.js';
import type { EntityClickCounts } from '../store/entity-click-counts.js';

/** Where the entities' clicks go: their brand, category and shop documents (entity-writer.ts). */
export interface PopularityWriter {
  /** Sets each entity's `clicks_30d` (0: none) in its document; entities without one are skipped. */
  writePopularity(clicks: ReadonlyMap<EntityKey, number>): Promise<void>;
}

export interface EntityPopularityOptions {
  /** How often the entities whose clicks changed are summed again and written. */
  readonly flushIntervalMs: number;
  readonly clock: () => Date;
}

/** Entities' days summed per step before their windows are written, so one step stays small. */
const DAYS_PER_STEP = 200;

/**
 * Keeps the `clicks_30d` of brands, categories and shops current (EntitySort POPULARITY). An
 * event batch sets its clicks' parts durably (`counted`, before it is acknowledged); the days
 * whose parts rose wait here, in memory, and every `flushIntervalMs` their totals are summed
 * again and their entities' windows written, one index write per kind however many clicks came.
 * A flush that fails keeps its days for the next one; days lost with the process are found again
 * by the next sweep of the raised parts (popularity-window.ts), which reads them from the store.
 */
export class EntityPopularity {
  private pending = new Map<string, EntityDay>();
  private timer: NodeJS.Timeout | null = null;
  private turn: Promise<void> = Promise.resolve();

  constructor(
    private readonly counts: EntityClickCounts,
    private readonly writer: PopularityWriter,
    private readonly options: EntityPopularityOptions,
    private readonly logger: Logger,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.flush(), this.options.flushIntervalMs);
    this.timer.unref();
  }

  /**
   * Sets a batch's parts (days already out of the window left out: they would never count) and
   * keeps the days they raised for the next flush. Resolves once the parts are durable.
   */
  async counted(parts: readonly EntityClickCount[]): Promise<void> {
    const since = popularitySince(this.options.clock());
    const inWindow = parts.filter((part) => part.day >= since);
    if (inWindow.length === 0) return;
    for (const day of await this.counts.setParts(inWindow, this.options.clock().getTime()))
      this.pending.set(dayKey(day), day);
  }

  /** The entities' clicks over the window now (what a document written now holds). */
  clicksOf(entities: readonly EntityKey[]): Promise<Map<EntityKey, number>> {
    return this.counts.windowOf(entities, popularitySince(this.options.clock()));
  }

  /** Sums and writes what the batches raised since the last flush. */
  flush(): Promise<void> {
    const days = [...this.pending.values()];
    this.pending = new Map();
    if (days.length === 0) return this.turn;
    return this.recompute(days).catch((error: unknown) => {
      for (const day of days) if (!this.pending.has(dayKey(day))) this.pending.set(dayKey(day), day);
      this.logger.warn({ err: error, days: days.length }, 'entity popularity not written; next flush again');
    });
  }

  /**
   * Sums these entities' days again from their parts, then writes the entities' windows. Runs
   * after any recompute or rewrite in progress, so an older sum is never written over a newer one
   * by this process.
   */
  recompute(days: readonly EntityDay[]): Promise<void> {
    return this.inTurn(async () => {
      const since = popularitySince(this.options.clock());
      for (let i = 0; i < days.length; i += DAYS_PER_STEP) {
        const step = days.slice(i, i + DAYS_PER_STEP);
        await Promise.all(step.filter((day) => day.day >= since).map((day) => this.counts.sumDay(day)));
        await this.writeWindows(step.map((day) => day.entity));
      }
    });
  }

  /** Writes these entities' windows as they are now (a day left it: the totals need no new sum). */
  rewrite(entities: readonly EntityKey[]): Promise<void> {
    return this.inTurn(() => this.writeWindows(entities));
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }

  private async writeWindows(entities: readonly EntityKey[]): Promise<void> {
    const unique = [...new Set(entities)];
    const sums = await this.clicksOf(unique);
    await this.writer.writePopularity(new Map(unique.map((entity) => [entity, sums.get(entity) ?? 0])));
  }

  private inTurn(work: () => Promise<void>): Promise<void> {
    const result = this.turn.then(work);
    this.turn = result.catch(() => undefined);
    return result;
  }
}

const dayKey = ({ entity, day }: EntityDay): string => `${entity}|${day}`;
