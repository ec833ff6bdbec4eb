import type { ProviderCard } from '../payment-provider.js';
import type { LocalBillingCycle } from './local-billing-cycle.js';
import type { LocalClocks } from './local-clocks.js';
import { cardOf, missing, refused } from './local-objects.js';
import type { LocalState } from './local-state.js';

/** Stripe's decline of a card that stopped accepting charges. */
const DECLINED = { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' };

/**
 * The local provider's test helpers (Stripe keeps test clocks under `stripe.testHelpers`): what a
 * developer does to a customer to see time pass and cards fail. Only the developer page calls them.
 */
export class LocalTestHelpers {
  constructor(
    private readonly state: LocalState,
    private readonly clocks: LocalClocks,
    private readonly cycle: LocalBillingCycle,
  ) {}

  /**
   * Advances the customer's test clock to `to` (later than its time, at most two years ahead) and
   * runs what came due on the way: renewals, their charges, retries, the dunning end state.
   * Returns the clock's time before, the time it is at now and how many steps were taken.
   */
  async advanceClock(customerId: string, to: Date): Promise<{ from: Date; to: Date; steps: number }> {
    const from = await this.clocks.exclusive(customerId, () => this.clocks.advanceTo(customerId, to));
    return { from, to, steps: await this.cycle.runDue(customerId) };
  }

  /** The card on file still attaches but declines every charge from now on (as 4000 0000 0000 0341 does). */
  async declineFutureCharges(customerId: string): Promise<ProviderCard> {
    const customer = customerId ? await this.state.get(customerId, 'customer') : null;
    if (!customer) throw missing('customer', customerId);
    const methodId = (customer.data.invoice_settings as { default_payment_method: string | null })
      .default_payment_method;
    const method = methodId ? await this.state.get(methodId, 'payment_method') : null;
    if (!method) throw refused('The customer has no card on file.', 'invoice_payment_method_missing');
    await this.state.put('payment_method', method.data, {
      ...method.internals,
      behaviour: 'charge_declined',
      declineError: DECLINED,
    });
    return cardOf(method);
  }
}
