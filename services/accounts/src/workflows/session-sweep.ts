import type { Logger } from 'pino';
import type { KnownBrowserRepository } from '../store/known-browser-repository.js';
import type { SignInChallengeRepository } from '../store/sign-in-challenge-repository.js';
import type { SessionRepository } from '../store/session-repository.js';

/** A browser not signed in from for this long is forgotten (ADR 151): its next sign-in is new again. */
export const KNOWN_BROWSER_KEPT_MS = 400 * 86_400_000;

/**
 * Deletes expired sessions now and then (the document store has no TTL index on every engine),
 * expired sign-in challenges, and the known browsers unused for KNOWN_BROWSER_KEPT_MS.
 * Correctness never depends on it: GetSession and CompleteSignIn refuse what expired by its expiry.
 */
export class SessionSweep {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly sessions: SessionRepository,
    private readonly browsers: KnownBrowserRepository,
    private readonly challenges: SignInChallengeRepository,
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
    while ((await this.challenges.deleteExpired(this.clock())) > 0);
    const cutoff = () => new Date(this.clock().getTime() - KNOWN_BROWSER_KEPT_MS);
    let forgotten = 0;
    for (let batch = await this.browsers.deleteUnusedSince(cutoff()); batch > 0;) {
      forgotten += batch;
      batch = await this.browsers.deleteUnusedSince(cutoff());
    }
    if (forgotten > 0) this.logger.info({ forgotten }, 'browsers unused for long forgotten');
    return removed;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
