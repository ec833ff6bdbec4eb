import type { Logger } from 'pino';
import type { ProviderError } from '../payment-provider.js';
import { nextAttemptAt, type DunningPolicy } from './local-dunning.js';
import { issueInvoice } from './local-invoices.js';
import { periodEnd, seconds } from './local-objects.js';
import { declinePayment, settlePayment } from './local-payments.js';
import type { LocalClocks } from './local-clocks.js';
import type { LocalObject, LocalState } from './local-state.js';

/** An off-session charge of a card that wants 3-D Secure on every payment (Stripe's decline for it). */
const AUTHENTICATION_REQUIRED: ProviderError = {
  code: 'authentication_required',
  declineCode: 'authentication_required',
  message: 'Your card was declined. This transaction requires authentication.',
};

const NO_PAYMENT_METHOD: ProviderError = {
  code: 'invoice_payment_method_missing',
  declineCode: '',
  message: 'The customer has no payment method to charge.',
};

/** Guards one pass against a loop: two years of monthly renewals with every retry is far below it. */
const MAX_STEPS_PER_PASS = 500;

type Due =
  | { readonly kind: 'renew' | 'cancel'; readonly at: Date; readonly subscription: LocalObject }
  | { readonly kind: 'retry'; readonly at: Date; readonly subscription: LocalObject; readonly invoice: LocalObject };

const periodEndOf = (subscription: LocalObject): number =>
  Number((subscription.data.items as { data: { current_period_end: number }[] }).data[0]?.current_period_end ?? 0);

/**
 * What happens to a customer's subscriptions as its clock passes their dates, in time order and
 * as Stripe does it: at a period's end the subscription renews (the next period's invoice is
 * created, finalized and charged to the card on file) or, when it was to cancel then, ends; a
 * failed charge makes it past_due and is retried on the dunning policy's schedule; after the last
 * retry it becomes unpaid or canceled (or stays past_due). An unpaid subscription renews no more
 * until its invoice is paid. Every step's events carry the moment it happened on the customer's
 * clock, and a step moves the date it was due on forward, so passing the same time again does
 * nothing.
 */
export class LocalBillingCycle {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly state: LocalState,
    private readonly clocks: LocalClocks,
    private readonly policy: DunningPolicy,
    private readonly taxPermille: (taxRateIds: readonly string[]) => Promise<number>,
  ) {}

  /** Runs everything due on the customer's clock now; returns how many steps were taken. */
  runDue(customerId: string): Promise<number> {
    return this.clocks.exclusive(customerId, async () => {
      const until = await this.clocks.now(customerId);
      let steps = 0;
      for (let due = await this.nextDue(customerId, until); due; due = await this.nextDue(customerId, until)) {
        if (++steps > MAX_STEPS_PER_PASS) throw new Error(`billing cycle of ${customerId} did not settle`);
        await this.perform(customerId, due);
      }
      return steps;
    });
  }

  /** Every customer with a subscription, on its own clock: renewals that come due in real time. */
  async runAllDue(): Promise<number> {
    const subscriptions = await this.state.objects.find({ kind: 'subscription' });
    let steps = 0;
    for (const customerId of new Set(subscriptions.map((subscription) => subscription.customer)))
      steps += await this.runDue(customerId);
    return steps;
  }

  /** Passes over every customer each `everyMs` (the provider's time runs on while nobody advances it). */
  start(logger: Logger, everyMs = 60_000): void {
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.runAllDue()
        .catch((error: unknown) => logger.warn({ err: error }, 'local provider: billing cycle pass failed'))
        .finally(() => (this.running = null));
    }, everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** The earliest thing due at or before `until` among the customer's subscriptions and their open invoices. */
  private async nextDue(customerId: string, until: Date): Promise<Due | null> {
    const objects = await this.state.objects.find({ customer: customerId });
    let next: Due | null = null;
    const consider = (due: Due): void => {
      if (due.at.getTime() <= until.getTime() && (!next || due.at.getTime() < next.at.getTime())) next = due;
    };
    const subscriptions = new Map<string, LocalObject>();
    for (const subscription of objects.filter((object) => object.kind === 'subscription')) {
      subscriptions.set(subscription._id, subscription);
      const status = subscription.data.status;
      if (status !== 'active' && status !== 'past_due') continue;
      const at = new Date(periodEndOf(subscription) * 1000);
      consider({ kind: subscription.data.cancel_at_period_end ? 'cancel' : 'renew', at, subscription });
    }
    for (const invoice of objects.filter((object) => object.kind === 'invoice')) {
      const attemptAt = invoice.data.next_payment_attempt;
      if (invoice.data.status !== 'open' || typeof attemptAt !== 'number') continue;
      const parent = invoice.data.parent as { subscription_details: { subscription: string } };
      const subscription = subscriptions.get(parent.subscription_details.subscription);
      if (subscription?.data.status === 'past_due')
        consider({ kind: 'retry', at: new Date(attemptAt * 1000), subscription, invoice });
    }
    return next;
  }

  private async perform(customerId: string, due: Due): Promise<void> {
    if (due.kind === 'cancel') {
      const ended = { ...due.subscription.data, status: 'canceled', canceled_at: seconds(due.at) };
      await this.state.put('subscription', ended, due.subscription.internals);
      await this.state.emit('customer.subscription.deleted', ended, seconds(due.at));
      return;
    }
    if (due.kind === 'retry') return this.charge(customerId, due.subscription._id, due.invoice._id, due.at);
    const invoiceId = await this.renew(due.subscription, due.at);
    await this.charge(customerId, due.subscription._id, invoiceId, due.at);
  }

  /** The next period: its invoice (created, finalized), then the subscription moved onto it. */
  private async renew(subscription: LocalObject, at: Date): Promise<string> {
    const data = subscription.data as {
      id: string;
      metadata: Record<string, string>;
      default_tax_rates?: string[];
      items: { data: { quantity: number; current_period_end: number; price: { id: string } }[] };
    };
    const item = data.items.data[0]!;
    const price = await this.state.get(item.price.id, 'price');
    if (!price) throw new Error(`price ${item.price.id} of ${data.id} is missing`);
    const start = new Date(item.current_period_end * 1000);
    const end = periodEnd(start, (price.data.recurring as { interval: 'month' | 'year' }).interval);
    const issued = await issueInvoice(
      this.state,
      {
        customerId: subscription.customer,
        subscriptionId: data.id,
        subscriptionMetadata: data.metadata,
        productName: String(price.data.nickname ?? 'Subscription'),
        unitAmount: Number(price.data.unit_amount),
        quantity: item.quantity,
        currency: String(price.data.currency),
        taxPermille: await this.taxPermille(data.default_tax_rates ?? []),
        periodStart: start,
        periodEnd: end,
        billingReason: 'subscription_cycle',
      },
      at,
    );
    const renewed = {
      ...subscription.data,
      latest_invoice: issued.invoiceId,
      items: {
        ...(subscription.data.items as Record<string, unknown>),
        data: data.items.data.map((entry) => ({
          ...entry,
          current_period_start: seconds(start),
          current_period_end: seconds(end),
        })),
      },
    };
    await this.state.put('subscription', renewed, subscription.internals);
    await this.state.emit('customer.subscription.updated', renewed, seconds(at));
    return issued.invoiceId;
  }

  /**
   * Charges an open invoice off-session with the subscription's card (else the customer's
   * default, Stripe's order). Paid: invoice.paid and the subscription active. Failed: the next
   * retry is scheduled and the subscription past_due, or after the last retry the policy's end state.
   */
  private async charge(customerId: string, subscriptionId: string, invoiceId: string, at: Date): Promise<void> {
    const invoice = await this.state.get(invoiceId, 'invoice');
    const intent = invoice ? await this.state.get(invoice.internals.paymentIntentId ?? '', 'payment_intent') : null;
    const subscription = await this.state.get(subscriptionId, 'subscription');
    const customer = await this.state.get(customerId, 'customer');
    if (!invoice || !intent || !subscription || !customer) return;
    const methodId = String(
      subscription.data.default_payment_method ??
        (customer.data.invoice_settings as { default_payment_method: string | null }).default_payment_method ??
        '',
    );
    const method = methodId ? await this.state.get(methodId, 'payment_method') : null;
    const usable = method && method.data.customer === customerId ? method : null;
    const behaviour = usable?.internals.behaviour;
    if (behaviour === 'succeeds' || behaviour === 'authenticate_on_setup')
      return settlePayment(this.state, intent, methodId, at);
    const error = !usable
      ? NO_PAYMENT_METHOD
      : behaviour === 'always_authenticate'
        ? AUTHENTICATION_REQUIRED
        : (usable.internals.declineError ?? NO_PAYMENT_METHOD);
    const attempts = (invoice.internals.automaticAttempts ?? 0) + 1;
    const next = nextAttemptAt(this.policy, attempts, at);
    await declinePayment(this.state, intent, usable ? methodId : '', error, at, {
      fields: { next_payment_attempt: next ? seconds(next) : null },
      internals: { automaticAttempts: attempts },
    });
    const status = next ? 'past_due' : this.policy.afterRetries;
    const current = (await this.state.get(subscriptionId, 'subscription'))!;
    if (current.data.status === status) return;
    const changed =
      status === 'canceled'
        ? { ...current.data, status, canceled_at: seconds(at), cancel_at_period_end: false }
        : { ...current.data, status };
    await this.state.put('subscription', changed, current.internals);
    await this.state.emit(
      status === 'canceled' ? 'customer.subscription.deleted' : 'customer.subscription.updated',
      changed,
      seconds(at),
    );
  }
}
