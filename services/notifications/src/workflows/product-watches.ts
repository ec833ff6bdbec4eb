import type { Logger } from 'pino';
import { ConflictError } from '@pc/kit/errors/domain-errors';
import type { Outbox } from '@pc/kit/events/outbox';
import { Events } from '@pc/proto/event-catalog';
import { AlertState } from '@pc/proto/notifications/v1/types';
import type { AlertRepository } from '../store/alert-repository.js';
import type { WatchRepository } from '../store/watch-repository.js';

/** Alerts that still wait for (or have met) their condition: a paused alert watches nothing. */
const WATCHING = { $ne: AlertState.ALERT_STATE_PAUSED } as const;

/**
 * Tells the crawler how many alerts watch each product (ProductWatchChanged), so pages of watched
 * products are visited more often. The count is recounted from the alerts after every write that
 * may move it, and a periodic sweep recounts every product: a crash between an alert's write and
 * its recount, or a failed recount, is repaired by the next sweep. The event goes out through the
 * outbox of the product's watch document, so an acknowledged count is never lost.
 */
export class ProductWatches {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly parts: {
      alerts: AlertRepository;
      watches: WatchRepository;
      outbox: Outbox;
      clock: () => Date;
      logger: Logger;
    },
  ) {}

  /** After alert writes: recount these products. Never fails its caller; the sweep repairs a miss. */
  async touched(productIds: Iterable<string>): Promise<void> {
    for (const productId of new Set(productIds)) {
      try {
        await this.recount(productId);
      } catch (error) {
        this.parts.logger.warn({ err: error, productId }, 'product watch count not updated; the sweep will');
      }
    }
  }

  async recount(productId: string): Promise<void> {
    for (let attempt = 0; ; attempt += 1) {
      const count = await this.parts.alerts.count({ productId, state: WATCHING });
      try {
        await this.record(productId, count);
        return;
      } catch (error) {
        // Another replica recorded a count meanwhile: count again (its count may be older).
        if (!(error instanceof ConflictError) || attempt >= 2) throw error;
      }
    }
  }

  /** Recounts every product that has alerts or had some; returns how many counts changed. */
  async sweep(batch = 5_000): Promise<number> {
    const counts = new Map<string, number>();
    for (let lastId = ''; ;) {
      const page = await this.parts.alerts.find(lastId ? { _id: { $gt: lastId } } : {}, {
        sort: { _id: 1 },
        limit: batch,
      });
      for (const alert of page)
        if (alert.state !== AlertState.ALERT_STATE_PAUSED)
          counts.set(alert.productId, (counts.get(alert.productId) ?? 0) + 1);
      lastId = page.at(-1)?._id ?? lastId;
      if (page.length < batch) break;
    }
    for (const watched of await this.parts.watches.collection.find({ activeAlerts: { $gt: 0 } }))
      if (!counts.has(watched._id)) counts.set(watched._id, 0);
    let changed = 0;
    for (const [productId, count] of counts) if (await this.record(productId, count)) changed += 1;
    return changed;
  }

  start(intervalMs: number): void {
    this.timer = setInterval(() => {
      this.running = this.sweep().then(
        (changed) => {
          if (changed > 0) this.parts.logger.info({ changed }, 'product watch counts repaired');
        },
        (error: unknown) => this.parts.logger.warn({ err: error }, 'product watch sweep failed'),
      );
    }, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** Writes the count with its event when it moved; false when it was already known. */
  private async record(productId: string, activeAlerts: number): Promise<boolean> {
    const { watches, outbox, clock } = this.parts;
    const current = await watches.collection.get(productId);
    if ((current?.activeAlerts ?? 0) === activeAlerts && (current !== null || activeAlerts === 0)) return false;
    const now = clock();
    const version = (current?._version ?? 0) + 1;
    const prepared = outbox.prepare(
      current,
      [
        {
          type: Events.productWatchChanged,
          key: productId,
          payload: { productId, version, activeAlerts, changedAt: now },
        },
      ],
      now,
    );
    const stored = await watches.collection.put(
      { _id: productId, activeAlerts, updatedAt: now.toISOString(), ...prepared.fields },
      { expectedVersion: current?._version ?? 0, outbox: prepared.records },
    );
    await outbox.publish(watches.collection, stored, prepared);
    return true;
  }
}
