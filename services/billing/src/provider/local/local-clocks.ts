import { InvalidArgumentError, NotFoundError } from '@pc/kit/errors/domain-errors';
import type { LocalState } from './local-state.js';

/** Stripe lets a test clock jump at most about two billing intervals; two years is the cap here (24 monthly renewals). */
export const MAX_ADVANCE_MS = 731 * 86_400_000;

const clockRefused = (field: string, reason: string): InvalidArgumentError =>
  new InvalidArgumentError([{ field, reason, rule: 'clock' }], { reason: 'CLOCK_REFUSED' });

/**
 * One clock per customer, as Stripe's test clocks attach to customers: the customer's time is
 * the provider's time plus an advance that only grows. A customer never advanced lives on the
 * provider's time. The advance is kept with the customer (its internals), so it survives
 * restarts. Work on one customer's objects runs one at a time (`exclusive`): a renewal must not
 * race a payment or a second advance.
 */
export class LocalClocks {
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(
    private readonly state: LocalState,
    private readonly clock: () => Date,
  ) {}

  /** The customer's time ('' or unknown: the provider's own). */
  async now(customerId: string): Promise<Date> {
    const customer = customerId ? await this.state.get(customerId, 'customer') : null;
    return new Date(this.clock().getTime() + (customer?.internals.clockAdvanceMs ?? 0));
  }

  /**
   * Moves the customer's clock to `to`: later than its time now and at most MAX_ADVANCE_MS ahead
   * of it. Refusals change nothing. Returns the time the clock was at before.
   */
  async advanceTo(customerId: string, to: Date): Promise<Date> {
    const customer = customerId ? await this.state.get(customerId, 'customer') : null;
    if (!customer) throw new NotFoundError('customer', customerId);
    const real = this.clock().getTime();
    const from = real + (customer.internals.clockAdvanceMs ?? 0);
    if (!Number.isFinite(to.getTime())) throw clockRefused('to', 'is not a date and time');
    if (to.getTime() <= from)
      throw clockRefused(
        'to',
        `must be after the customer's clock (${new Date(from).toISOString()}): it only moves forward`,
      );
    if (to.getTime() - from > MAX_ADVANCE_MS)
      throw clockRefused('to', "may be at most two years ahead of the customer's clock");
    await this.state.put('customer', customer.data, { ...customer.internals, clockAdvanceMs: to.getTime() - real });
    return new Date(from);
  }

  /** Runs `work` after every earlier work on the same customer has settled. */
  exclusive<T>(customerId: string, work: () => Promise<T>): Promise<T> {
    const before = this.queues.get(customerId) ?? Promise.resolve();
    const run = before.then(work, work);
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    this.queues.set(customerId, settled);
    void settled.then(() => {
      if (this.queues.get(customerId) === settled) this.queues.delete(customerId);
    });
    return run;
  }
}
