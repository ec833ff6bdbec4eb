import type { EventLogLogger } from '@pc/kit/ports/support/events/event-bus-logger';
import type { RecordLog } from './record-log.js';

interface Waiter {
  readonly topicId: number;
  readonly partition: number;
  readonly position: number;
  readonly wake: () => void;
}

// The quickest look after records were seen: a steady stream from another process is picked up
// within a millisecond or two, while an idle log is looked at only every `maxDelayMs`.
const FAST_DELAY_MS = 1;

/**
 * Tells idle partition workers when their partition grew. Other processes cannot notify us, so
 * one timer per bus polls the partition heads of the topics being waited on: one indexed query per
 * topic, however many partitions wait. The delay doubles while nothing happens, up to
 * `maxDelayMs`, and drops back to the fastest as soon as something does.
 */
export class HeadWatcher {
  private readonly waiters = new Set<Waiter>();
  private timer: NodeJS.Timeout | undefined;
  private delayMs = FAST_DELAY_MS;

  constructor(
    private readonly log: RecordLog,
    private readonly maxDelayMs: number,
    private readonly logger: EventLogLogger,
  ) {}

  /** Resolves once the partition holds a record at `position` (or later), or the signal aborts. */
  waitFor(topicId: number, partition: number, position: number, signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const waiter: Waiter = {
        topicId,
        partition,
        position,
        wake: () => {
          this.waiters.delete(waiter);
          signal.removeEventListener('abort', waiter.wake);
          resolve();
        },
      };
      signal.addEventListener('abort', waiter.wake, { once: true });
      this.waiters.add(waiter);
      this.schedule(this.delayMs);
    });
  }

  /** This process appended: look right away instead of at the next tick. */
  poke(): void {
    this.delayMs = FAST_DELAY_MS;
    if (this.waiters.size === 0) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.schedule(0);
  }

  close(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(delayMs: number): void {
    if (this.timer || this.waiters.size === 0) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.poll();
    }, delayMs);
  }

  private poll(): void {
    let woken = 0;
    const byTopic = new Map<number, Waiter[]>();
    for (const waiter of this.waiters) byTopic.set(waiter.topicId, [...(byTopic.get(waiter.topicId) ?? []), waiter]);
    for (const [topicId, waiters] of byTopic) {
      try {
        const heads = this.log.heads(topicId);
        for (const waiter of waiters) {
          if ((heads.get(waiter.partition) ?? 0) > waiter.position) {
            waiter.wake();
            woken += 1;
          }
        }
      } catch (error) {
        this.logger.warn({ topicId, err: error }, 'event log poll failed; will look again');
      }
    }
    this.delayMs = woken > 0 ? FAST_DELAY_MS : Math.min(this.delayMs * 2, this.maxDelayMs);
    this.schedule(this.delayMs);
  }
}
