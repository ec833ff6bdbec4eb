import { InvalidArgumentError, NotFoundError } from '@pc/kit/errors/domain-errors';
import {
  localHarness,
  RETURN_URL,
  subscribedCustomer,
  type LocalHarness,
} from '../../test-support/local-provider-harness.js';
import { answerAuthentication } from './local-checkout.js';
import type { DunningPolicy } from './local-dunning.js';

type Harness = LocalHarness;

const DAY = 86_400_000;

interface SentEvent {
  readonly type: string;
  readonly created: number;
  readonly object: Record<string, unknown>;
}

/** The provider's webhook events after `afterSeq`, in the order they are sent. */
async function eventsSince(harness: Harness, afterSeq: number): Promise<SentEvent[]> {
  const events = await harness.local.state.events.find({}, { sort: { seq: 1 } });
  return events
    .filter((event) => event.seq > afterSeq)
    .map((event) => {
      const body = JSON.parse(event.body) as {
        type: string;
        created: number;
        data: { object: Record<string, unknown> };
      };
      return { type: body.type, created: body.created, object: body.data.object };
    });
}

const lastSeq = async (harness: Harness): Promise<number> =>
  (await harness.local.state.events.find({}, { sort: { seq: -1 }, limit: 1 }))[0]?.seq ?? 0;

/** A customer subscribed monthly (one shop, CHF 49.00 + 8.1 % VAT) with `cardNumber`, its first invoice paid (through 3-D Secure if the card asks). */
async function paidSubscription(harness: Harness, cardNumber = '4242424242424242') {
  const provider = harness.local;
  const { customerId, card, created } = await subscribedCustomer(harness, cardNumber);
  const first = await provider.confirmPayment(created.paymentIntentId, card, RETURN_URL);
  if (first.status === 'requires_action') await answerAuthentication(provider, first.id, first.clientSecret, true);
  else if (first.status !== 'succeeded') throw new Error(`first payment: ${first.status}`);
  const subscriptionId = created.subscription.id;
  const periodEnd = async () =>
    new Date((await provider.retrieveSubscription(subscriptionId)).items.data[0]!.current_period_end * 1000);
  return { customerId, card, subscriptionId, periodEnd, firstInvoiceId: String(created.subscription.latest_invoice) };
}

const invoicesOf = async (harness: Harness, customerId: string) =>
  (await harness.local.state.objects.find({ kind: 'invoice', customer: customerId })).map((invoice) => invoice.data);

describe('local provider: test clocks, renewals and the unpaid grace period', () => {
  let harness: Harness;
  afterEach(() => harness.close());

  describe('with the default dunning (retries 3, 5 and 7 days apart, then unpaid)', () => {
    beforeEach(async () => {
      harness = await localHarness();
    });

    it('renews at the period end: the next period’s invoice is created, finalized and paid, and the subscription moves onto it', async () => {
      const { customerId, subscriptionId, periodEnd, firstInvoiceId } = await paidSubscription(harness);
      const end = await periodEnd();
      const mark = await lastSeq(harness);
      const outcome = await harness.local.testHelpers.advanceClock(customerId, end);
      expect(outcome.steps).toBe(1);

      const subscription = await harness.local.retrieveSubscription(subscriptionId);
      expect(subscription.status).toBe('active');
      expect(subscription.items.data[0]!.current_period_start).toBe(end.getTime() / 1000);
      const nextEnd = new Date(end);
      nextEnd.setUTCMonth(nextEnd.getUTCMonth() + 1);
      expect(subscription.items.data[0]!.current_period_end).toBe(nextEnd.getTime() / 1000);
      expect(subscription.latest_invoice).not.toBe(firstInvoiceId);
      const renewal = await harness.local.retrieveInvoice(String(subscription.latest_invoice));
      expect(renewal).toMatchObject({
        status: 'paid',
        total: 5_297,
        amount_paid: 5_297,
        created: end.getTime() / 1000,
      });
      expect(renewal.lines.data[0]!.period).toEqual({ start: end.getTime() / 1000, end: nextEnd.getTime() / 1000 });

      const sent = await eventsSince(harness, mark);
      expect(sent.map((event) => event.type)).toEqual([
        'invoice.created',
        'invoice.finalized',
        'customer.subscription.updated',
        'payment_intent.succeeded',
        'invoice.paid',
      ]);
      // Every event happened on the customer's clock, at the renewal.
      expect(new Set(sent.map((event) => event.created))).toEqual(new Set([end.getTime() / 1000]));
      expect((await harness.local.time(customerId)).getTime()).toBeGreaterThanOrEqual(end.getTime());
    });

    it('a declined renewal: the invoice stays open, the subscription is past_due, and the webhooks come in Stripe’s order', async () => {
      const { customerId, subscriptionId, periodEnd } = await paidSubscription(harness);
      const card = await harness.local.testHelpers.declineFutureCharges(customerId);
      expect(card.last4).toBe('4242');
      const end = await periodEnd();
      const mark = await lastSeq(harness);
      await harness.local.testHelpers.advanceClock(customerId, new Date(end.getTime() + 60_000));

      const subscription = await harness.local.retrieveSubscription(subscriptionId);
      expect(subscription.status).toBe('past_due');
      const invoice = await harness.local.retrieveInvoice(String(subscription.latest_invoice));
      expect(invoice).toMatchObject({ status: 'open', amount_due: 5_297, amount_paid: 0 });
      expect(invoice).toMatchObject({ attempt_count: 1, next_payment_attempt: (end.getTime() + 3 * DAY) / 1000 });
      const sent = await eventsSince(harness, mark);
      expect(sent.map((event) => event.type)).toEqual([
        'invoice.created',
        'invoice.finalized',
        'customer.subscription.updated',
        'payment_intent.payment_failed',
        'invoice.payment_failed',
        'customer.subscription.updated',
      ]);
      expect(sent.at(-1)!.object).toMatchObject({ status: 'past_due' });
      expect(sent[4]!.object).toMatchObject({ status: 'open', attempt_count: 1 });
      expect(sent[3]!.object).toMatchObject({ last_payment_error: { code: 'card_declined' } });
    });

    it('retries on the schedule, then (grace exhausted) the subscription is unpaid with its invoice still open', async () => {
      const { customerId, subscriptionId, periodEnd } = await paidSubscription(harness);
      await harness.local.testHelpers.declineFutureCharges(customerId);
      const end = (await periodEnd()).getTime();
      await harness.local.testHelpers.advanceClock(customerId, new Date(end));
      const latest = async () => {
        const subscription = await harness.local.retrieveSubscription(subscriptionId);
        return { subscription, invoice: await harness.local.retrieveInvoice(String(subscription.latest_invoice)) };
      };

      // One day before the first retry nothing happens; on its day the second attempt fails.
      await harness.local.testHelpers.advanceClock(customerId, new Date(end + 2 * DAY));
      expect((await latest()).invoice).toMatchObject({ attempt_count: 1 });
      await harness.local.testHelpers.advanceClock(customerId, new Date(end + 3 * DAY));
      expect((await latest()).invoice).toMatchObject({
        attempt_count: 2,
        next_payment_attempt: (end + 8 * DAY) / 1000,
      });
      expect((await latest()).subscription.status).toBe('past_due');

      // Past the whole grace period (3 + 5 + 7 days) in one step: both remaining retries, in order, then unpaid.
      const mark = await lastSeq(harness);
      await harness.local.testHelpers.advanceClock(customerId, new Date(end + 16 * DAY));
      const { subscription, invoice } = await latest();
      expect(subscription.status).toBe('unpaid');
      expect(invoice).toMatchObject({ status: 'open', attempt_count: 4, next_payment_attempt: null });
      const sent = await eventsSince(harness, mark);
      expect(sent.map((event) => [event.type, event.created])).toEqual([
        ['payment_intent.payment_failed', (end + 8 * DAY) / 1000],
        ['invoice.payment_failed', (end + 8 * DAY) / 1000],
        ['payment_intent.payment_failed', (end + 15 * DAY) / 1000],
        ['invoice.payment_failed', (end + 15 * DAY) / 1000],
        ['customer.subscription.updated', (end + 15 * DAY) / 1000],
      ]);
      // An unpaid subscription renews no more until it is paid: a month later there is no new invoice.
      await harness.local.testHelpers.advanceClock(customerId, new Date(end + 45 * DAY));
      expect(await invoicesOf(harness, customerId)).toHaveLength(2);
    });

    it('a new card pays the unpaid invoice: active again, and the next renewal charges the new card', async () => {
      const { customerId, subscriptionId, periodEnd } = await paidSubscription(harness);
      await harness.local.testHelpers.declineFutureCharges(customerId);
      const end = (await periodEnd()).getTime();
      await harness.local.testHelpers.advanceClock(customerId, new Date(end + 16 * DAY));
      const unpaid = await harness.local.retrieveSubscription(subscriptionId);
      expect(unpaid.status).toBe('unpaid');

      const fresh = await harness.card(customerId, '5555555555554444');
      await harness.local.setDefaultCard(customerId, fresh);
      const intentId = await harness.local.invoicePaymentIntent(String(unpaid.latest_invoice));
      expect((await harness.local.confirmPayment(intentId, fresh, RETURN_URL)).status).toBe('succeeded');
      const active = await harness.local.retrieveSubscription(subscriptionId);
      expect(active).toMatchObject({ status: 'active', default_payment_method: fresh });
      expect(await harness.local.retrieveInvoice(String(unpaid.latest_invoice))).toMatchObject({
        status: 'paid',
        next_payment_attempt: null,
      });

      await harness.local.testHelpers.advanceClock(
        customerId,
        new Date(active.items.data[0]!.current_period_end * 1000),
      );
      const renewed = await harness.local.retrieveSubscription(subscriptionId);
      expect(renewed.status).toBe('active');
      expect(await harness.local.retrieveInvoice(String(renewed.latest_invoice))).toMatchObject({ status: 'paid' });
    });

    it('advancing again, or twice at once, renews once: passing a date is done once', async () => {
      const { customerId, periodEnd } = await paidSubscription(harness);
      const end = (await periodEnd()).getTime();
      await harness.local.testHelpers.advanceClock(customerId, new Date(end));
      await harness.local.testHelpers.advanceClock(customerId, new Date(end + 60_000));
      await Promise.all([
        harness.local.cycle.runDue(customerId),
        harness.local.cycle.runDue(customerId),
        harness.local.cycle.runAllDue(),
      ]);
      const invoices = await invoicesOf(harness, customerId);
      expect(invoices.map((invoice) => invoice.status)).toEqual(['paid', 'paid']);
      expect(await harness.local.cycle.runDue(customerId)).toBe(0);
    });

    it('ends a subscription set to cancel at its period end, instead of renewing it', async () => {
      const { customerId, subscriptionId, periodEnd } = await paidSubscription(harness);
      await harness.local.setCancelAtPeriodEnd(subscriptionId, true);
      const end = await periodEnd();
      const mark = await lastSeq(harness);
      await harness.local.testHelpers.advanceClock(customerId, new Date(end.getTime() + DAY));
      expect(await harness.local.retrieveSubscription(subscriptionId)).toMatchObject({
        status: 'canceled',
        canceled_at: end.getTime() / 1000,
      });
      expect((await eventsSince(harness, mark)).map((event) => event.type)).toEqual(['customer.subscription.deleted']);
      expect(await invoicesOf(harness, customerId)).toHaveLength(1);
    });

    it('a card that wants 3-D Secure on every payment cannot be charged off-session: the renewal fails with authentication_required', async () => {
      const { customerId, subscriptionId, periodEnd } = await paidSubscription(harness, '4000002500003155');
      await harness.local.testHelpers.advanceClock(customerId, await periodEnd());
      expect((await harness.local.retrieveSubscription(subscriptionId)).status).toBe('active');

      const other = await paidSubscription(harness, '4000002760003184');
      await harness.local.testHelpers.advanceClock(other.customerId, await other.periodEnd());
      const subscription = await harness.local.retrieveSubscription(other.subscriptionId);
      expect(subscription.status).toBe('past_due');
      const intentId = await harness.local.invoicePaymentIntent(String(subscription.latest_invoice));
      expect((await harness.local.retrievePaymentIntent(intentId)).lastError?.code).toBe('authentication_required');
    });

    it('refuses to go backwards, to the same time, more than two years on, or for an unknown customer; nothing changes', async () => {
      const { customerId, periodEnd } = await paidSubscription(harness);
      const before = await harness.local.time(customerId);
      const mark = await lastSeq(harness);
      await expect(
        harness.local.testHelpers.advanceClock(customerId, new Date(before.getTime() - DAY)),
      ).rejects.toBeInstanceOf(InvalidArgumentError);
      await expect(
        harness.local.testHelpers.advanceClock(customerId, new Date(before.getTime() + 800 * DAY)),
      ).rejects.toThrow(/at most two years/);
      await expect(harness.local.testHelpers.advanceClock(customerId, new Date(Number.NaN))).rejects.toBeInstanceOf(
        InvalidArgumentError,
      );
      await expect(harness.local.testHelpers.advanceClock('cus_nobody', await periodEnd())).rejects.toBeInstanceOf(
        NotFoundError,
      );
      const after = await harness.local.time(customerId);
      expect(after.getTime() - before.getTime()).toBeLessThan(DAY);
      expect(await eventsSince(harness, mark)).toEqual([]);
      expect(await invoicesOf(harness, customerId)).toHaveLength(1);
      await harness.local.testHelpers.advanceClock(customerId, await periodEnd());
      await expect(
        harness.local.testHelpers.advanceClock(customerId, await harness.local.time(customerId)),
      ).rejects.toThrow(/only moves forward/);
    });
  });

  describe('with "cancel the subscription" after one retry', () => {
    const cancelAfterOne: DunningPolicy = { retryDays: [1], afterRetries: 'canceled' };
    beforeEach(async () => {
      harness = await localHarness({ dunning: cancelAfterOne });
    });

    it('cancels the subscription once its only retry failed (customer.subscription.deleted)', async () => {
      const { customerId, subscriptionId, periodEnd } = await paidSubscription(harness);
      await harness.local.testHelpers.declineFutureCharges(customerId);
      const end = (await periodEnd()).getTime();
      await harness.local.testHelpers.advanceClock(customerId, new Date(end));
      expect((await harness.local.retrieveSubscription(subscriptionId)).status).toBe('past_due');
      const mark = await lastSeq(harness);
      await harness.local.testHelpers.advanceClock(customerId, new Date(end + 2 * DAY));
      expect(await harness.local.retrieveSubscription(subscriptionId)).toMatchObject({
        status: 'canceled',
        canceled_at: (end + DAY) / 1000,
      });
      expect((await eventsSince(harness, mark)).map((event) => event.type)).toEqual([
        'payment_intent.payment_failed',
        'invoice.payment_failed',
        'customer.subscription.deleted',
      ]);
    });
  });
});
