import type { LocalProvider } from './local-provider.js';
import type { LocalObject } from './local-state.js';

/** A customer's test clock as the developer page shows it. */
export interface TestClockView {
  readonly customerId: string;
  readonly email: string;
  readonly name: string;
  /** The customer's time now. */
  readonly now: Date;
  /** How far it runs ahead of the provider's time, in ms. */
  readonly advanceMs: number;
  readonly card: { readonly brand: string; readonly last4: string; readonly declines: boolean } | null;
  readonly subscriptions: readonly {
    readonly id: string;
    readonly status: string;
    readonly periodEnd: Date;
    readonly cancelAtPeriodEnd: boolean;
  }[];
  /** Newest first. */
  readonly invoices: readonly {
    readonly id: string;
    readonly number: string;
    readonly status: string;
    readonly total: number;
    readonly currency: string;
    readonly periodStart: Date;
    readonly periodEnd: Date;
    readonly attempts: number;
    readonly nextAttempt: Date | null;
  }[];
}

const at = (secondsValue: unknown): Date => new Date(Number(secondsValue ?? 0) * 1000);

/** What the test clock page shows of a customer, or null when the provider has no such customer. */
export async function testClockView(provider: LocalProvider, customerId: string): Promise<TestClockView | null> {
  const customer = customerId ? await provider.state.get(customerId, 'customer') : null;
  if (!customer) return null;
  const objects = await provider.state.objects.find({ customer: customerId });
  const of = (kind: string): LocalObject[] => objects.filter((object) => object.kind === kind);
  const cardId = (customer.data.invoice_settings as { default_payment_method: string | null }).default_payment_method;
  const card = of('payment_method').find((method) => method._id === cardId);
  const details = card?.data.card as { brand: string; last4: string } | undefined;
  return {
    customerId,
    email: String(customer.data.email ?? ''),
    name: String(customer.data.name ?? ''),
    now: await provider.time(customerId),
    advanceMs: customer.internals.clockAdvanceMs ?? 0,
    card:
      card && details
        ? {
            brand: details.brand,
            last4: details.last4,
            declines: card.internals.behaviour === 'charge_declined' || card.internals.behaviour === 'declined',
          }
        : null,
    subscriptions: of('subscription').map((subscription) => {
      const item = (subscription.data.items as { data: { current_period_end: number }[] }).data[0];
      return {
        id: subscription._id,
        status: String(subscription.data.status),
        periodEnd: at(item?.current_period_end),
        cancelAtPeriodEnd: subscription.data.cancel_at_period_end === true,
      };
    }),
    invoices: of('invoice')
      .sort((a, b) => Number(b.data.created) - Number(a.data.created) || (a._id < b._id ? 1 : -1))
      .map((invoice) => {
        const line = (invoice.data.lines as { data: { period: { start: number; end: number } }[] }).data[0];
        const next = invoice.data.next_payment_attempt;
        return {
          id: invoice._id,
          number: String(invoice.data.number ?? ''),
          status: String(invoice.data.status),
          total: Number(invoice.data.total),
          currency: String(invoice.data.currency),
          periodStart: at(line?.period.start),
          periodEnd: at(line?.period.end),
          attempts: Number(invoice.data.attempt_count ?? 0),
          nextAttempt: typeof next === 'number' ? at(next) : null,
        };
      }),
  };
}

/** Every customer of the provider, newest first, for the index of test clocks. */
export async function testClockIndex(provider: LocalProvider): Promise<TestClockView[]> {
  const customers = await provider.state.objects.find({ kind: 'customer' });
  const views = await Promise.all(customers.map((customer) => testClockView(provider, customer._id)));
  const created = new Map(customers.map((customer) => [customer._id, Number(customer.data.created)]));
  return views
    .filter((view): view is TestClockView => view !== null)
    .sort((a, b) => (created.get(b.customerId) ?? 0) - (created.get(a.customerId) ?? 0));
}

/** The moments the page offers to advance to: the next period end of a running subscription, the next retry. */
export function milestones(view: TestClockView): { periodEnd: Date | null; nextRetry: Date | null } {
  const earliest = (dates: Date[]): Date | null =>
    dates.length === 0 ? null : new Date(Math.min(...dates.map((date) => date.getTime())));
  return {
    periodEnd: earliest(
      view.subscriptions
        .filter((subscription) => subscription.status === 'active' || subscription.status === 'past_due')
        .map((subscription) => subscription.periodEnd),
    ),
    nextRetry: earliest(
      view.invoices.filter((invoice) => invoice.status === 'open' && invoice.nextAttempt).map((i) => i.nextAttempt!),
    ),
  };
}
