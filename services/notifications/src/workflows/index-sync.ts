import type { Logger } from 'pino';
import { AlertState } from '@pc/proto/notifications/v1/types';
import type { AlertIndex } from '../domain/alert-index.js';
import type { AlertRepository } from '../store/alert-repository.js';

/**
 * Keeps this replica's alert index in step with the store: a full load at start, then every
 * few seconds the alerts written since (by other replicas' gRPC calls). A replica's own writes
 * reach its index at once. Stale entries are harmless (every suggestion is re-read before it
 * changes anything); a missing one only delays an alert until the next sync.
 */
export class IndexSync {
  private cursor = '';
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly alerts: AlertRepository,
    private readonly index: AlertIndex,
    private readonly logger: Logger,
  ) {}

  /** Every alert, in pages by id (keyset: no skips), bulk-loaded into the index. */
  async loadAll(batch = 5_000): Promise<number> {
    const started = performance.now();
    for (let lastId = ''; ;) {
      const page = await this.alerts.find(lastId ? { _id: { $gt: lastId } } : {}, { sort: { _id: 1 }, limit: batch });
      this.index.load(page.filter((alert) => alert.state !== AlertState.ALERT_STATE_PAUSED));
      for (const alert of page) if (alert.updatedAt > this.cursor) this.cursor = alert.updatedAt;
      lastId = page.at(-1)?._id ?? lastId;
      if (page.length < batch) break;
    }
    this.logger.info({ alerts: this.index.size, ms: Math.round(performance.now() - started) }, 'alert index loaded');
    return this.index.size;
  }

  start(intervalMs: number): void {
    this.timer = setInterval(() => {
      this.running = this.catchUp().catch((error: unknown) =>
        this.logger.warn({ err: error }, 'alert index sync failed'),
      );
    }, intervalMs);
    this.timer.unref();
  }

  /** Applies alerts written since the last look (a write at the cursor's very time is re-read: harmless). */
  async catchUp(): Promise<void> {
    const page = await this.alerts.find({ updatedAt: { $gte: this.cursor } }, { sort: { updatedAt: 1 }, limit: 5_000 });
    for (const alert of page) this.index.upsert(alert);
    this.cursor = page.at(-1)?.updatedAt ?? this.cursor;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
