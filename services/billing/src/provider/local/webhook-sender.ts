import Stripe from 'stripe';
import type { Logger } from 'pino';
import type { LocalEvent, LocalState } from './local-state.js';

export interface WebhookSenderOptions {
  /** Where events go (billing's webhook endpoint). */
  readonly target: () => string;
  /** The endpoint's signing secret (whsec_…): events are signed as Stripe signs them. */
  readonly secret: string;
  readonly logger: Logger;
  readonly pollMs?: number;
}

const MAX_ATTEMPTS = 30;
const BATCH = 50;

/**
 * Delivers the local provider's events to the webhook endpoint as Stripe does: POST of the JSON
 * body with a `Stripe-Signature` header (stripe-node's own header generator, HMAC-SHA256 over
 * "timestamp.body"), oldest first, at least once. A failed delivery is retried with a growing
 * delay (Stripe retries for days; here up to 30 attempts), so an endpoint that was down catches up.
 */
export class WebhookSender {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private readonly retryAt = new Map<string, number>();
  private stopped = false;

  constructor(
    private readonly state: LocalState,
    private readonly options: WebhookSenderOptions,
  ) {}

  start(): void {
    this.stopped = false;
    const tick = (): void => {
      this.timer = setTimeout(() => {
        this.running = this.deliverDue().then(
          () => undefined,
          (error: unknown) => this.options.logger.warn({ err: error }, 'local provider: webhook pass failed'),
        );
        void this.running.finally(() => {
          this.running = null;
          if (!this.stopped) tick();
        });
      }, this.options.pollMs ?? 100);
    };
    tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** Sends every event that is due now; returns how many were delivered. */
  async deliverDue(): Promise<number> {
    const pending = await this.state.events.find({ delivered: false }, { sort: { seq: 1 }, limit: BATCH });
    let delivered = 0;
    for (const event of pending) {
      if ((this.retryAt.get(event._id) ?? 0) > Date.now()) continue;
      if (await this.send(event)) delivered += 1;
    }
    return delivered;
  }

  private async send(event: LocalEvent & { _version: number }): Promise<boolean> {
    const header = Stripe.webhooks.generateTestHeaderString({ payload: event.body, secret: this.options.secret });
    let ok = false;
    let status = 0;
    try {
      const response = await fetch(this.options.target(), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': header },
        body: event.body,
        signal: AbortSignal.timeout(10_000),
      });
      status = response.status;
      ok = response.ok;
      await response.body?.cancel();
    } catch (error) {
      this.options.logger.debug({ err: error, eventId: event._id }, 'local provider: webhook delivery failed');
    }
    const attempts = event.attempts + 1;
    if (ok || attempts >= MAX_ATTEMPTS) {
      if (!ok)
        this.options.logger.warn(
          { eventId: event._id, status, attempts },
          'local provider: webhook abandoned after its last attempt',
        );
      await this.state.events.put({ _id: event._id, seq: event.seq, delivered: true, attempts, body: event.body });
      this.retryAt.delete(event._id);
      return ok;
    }
    await this.state.events.put({ _id: event._id, seq: event.seq, delivered: false, attempts, body: event.body });
    this.retryAt.set(event._id, Date.now() + Math.min(30_000, 100 * 2 ** attempts));
    return false;
  }
}
