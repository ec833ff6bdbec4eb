import type { Logger } from 'pino';
import type { SessionRepository } from '../store/session-repository.js';

/**
 * Deletes expired sessions now and then (the document store has no TTL index on every engine).
 * Correctness never depends on it: GetSession refuses an expired session by its expiry.
 */
export class SessionSweep {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly sessions: SessionRepository,
    private readonly clock: () => Date,
    private readonly logger: Logger,
  ) {}

  start(intervalMs: number): void {
    this.timer = setInterval(() => {
      this.running = this.sweep().then(
        () => undefined,
        (error: unknown) => this.logger.warn({ err: error }, 'session sweep failed'),
      );
    }, intervalMs);
    this.timer.unref();
  }

  async sweep(): Promise<number> {
    let removed = 0;
    for (
      let batch = await this.sessions.deleteExpired(this.clock());
      batch > 0;
      batch = await this.sessions.deleteExpired(this.clock())
    )
      removed += batch;
    if (removed > 0) this.logger.info({ removed }, 'expired sessions removed');
    return removed;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
