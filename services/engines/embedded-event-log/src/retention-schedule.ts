import type { EventLogLogger } from '@pc/kit/ports/support/events/event-bus-logger';
import type { LogRetention } from './log-retention.js';

/** The first run waits at most this long, so a restarted platform prunes soon. */
const FIRST_RUN_MAX_DELAY_MS = 60_000;

/**
 * Runs retention every interval in the background of a bus. Every process that opens the log
 * has one; the claim in the log makes one of them do the work each interval. The timer does not
 * keep the process alive.
 */
export class RetentionSchedule {
  private readonly abort = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly retention: LogRetention,
    private readonly intervalMs: number,
    private readonly logger: EventLogLogger,
  ) {
    this.arm(Math.min(intervalMs, FIRST_RUN_MAX_DELAY_MS));
  }

  /** Stops the timer and waits for a run in progress, which stops after its current transaction. */
  async close(): Promise<void> {
    this.abort.abort();
    clearTimeout(this.timer);
    await this.running;
  }

  private arm(delayMs: number): void {
    this.timer = setTimeout(() => {
      this.running = this.run().finally(() => {
        this.running = undefined;
        if (!this.abort.signal.aborted) this.arm(this.intervalMs);
      });
    }, delayMs);
    this.timer.unref();
  }

  private async run(): Promise<void> {
    try {
      if (!this.retention.claimRun()) return;
      const deleted = await this.retention.prune(this.abort.signal);
      if (deleted > 0) this.logger.info({ deleted }, 'event log: records past retention deleted');
    } catch (error) {
      // A locked or closing database: the next interval tries again.
      this.logger.warn({ err: error }, 'event log retention failed; trying again next interval');
    }
  }
}
