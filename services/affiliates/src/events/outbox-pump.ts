import type { Logger } from 'pino';
import type { Outbox, OutboxFields } from '@pc/kit/events/outbox';
import type { Collection, Document, StoreOutbox, Stored } from '@pc/kit/ports/document-store';
import type { EventBus } from '@pc/kit/ports/event-bus';

const BATCH = 500;
const IDLE_CHECK_MS = 1_000;
/**
 * While clicks keep coming, the pause between two publishes (ADR 070): each publish is an
 * fsynced append to the log that holds the event loop, so under load fewer, larger appends leave
 * the loop to the clicks. The first event after a quiet spell goes at once.
 */
const BUSY_LINGER_MS = 10;

/** A collection whose documents stage their events (stores without an outbox of their own). */
export interface StagedEvents<T extends Document & OutboxFields> {
  readonly collection: Collection<T>;
  /** Documents with staged events, oldest first. */
  staged(limit: number): Promise<Stored<T>[]>;
}

/**
 * The one publisher of this process's events: writes only append them (to the store's outbox,
 * or staged in the document), and this loop publishes them oldest first in batches, then removes
 * them. One loop means one order: the clicks of a run reach the log in the order they were
 * recorded, which the fold's marks rely on (ADR 043a); batches make 3,000 clicks a second a few
 * appends. A crash between the publish and the removal publishes a batch again; consumers dedupe.
 */
export class OutboxPump {
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly bus: EventBus,
    private readonly outbox: Outbox,
    private readonly storeOutbox: StoreOutbox | null,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- collections of different document types
    private readonly stagedSources: readonly StagedEvents<any>[],
    private readonly logger: Logger,
  ) {}

  /** Publishes soon: a write just appended events. */
  poke(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.drain());
  }

  /** Publishes what is waiting now (and checks every second, for events a failure left behind). */
  start(): void {
    this.poke();
    this.timer = setInterval(() => this.poke(), IDLE_CHECK_MS);
    this.timer.unref();
  }

  /** Waits for the publishing in flight, then publishes what is left once more. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
    this.stopped = true;
    await this.publishAll().catch((error: unknown) =>
      this.logger.warn({ err: error }, 'outbox: events left for the next start'),
    );
  }

  /** Resolves once nothing is waiting (tests, benchmarks). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    try {
      for (;;) {
        this.again = false;
        await this.publishAll();
        if (!this.again || this.stopped) break;
        await new Promise((resolve) => setTimeout(resolve, BUSY_LINGER_MS));
      }
    } catch (error) {
      this.logger.warn({ err: error }, 'outbox: publishing failed; retried within a second');
    } finally {
      this.running = null;
    }
  }

  private async publishAll(): Promise<void> {
    if (this.storeOutbox) {
      for (;;) {
        const pending = await this.storeOutbox.pending(BATCH);
        if (pending.length === 0) break;
        await this.bus.publish(pending.map(({ topic, key, value, headers }) => ({ topic, key, value, headers })));
        await this.storeOutbox.remove(pending.map((record) => record.id));
        // A part batch emptied the outbox as it was; what came since waits for the next round.
        if (pending.length < BATCH) break;
      }
    }
    for (const source of this.stagedSources) {
      for (;;) {
        const docs = await source.staged(BATCH);
        if (docs.length === 0) break;
        await this.outbox.flushAll(source.collection, docs);
      }
    }
  }
}
