import { newIntent, seconds } from './local-objects.js';
import { providerId, type LocalState } from './local-state.js';

export interface InvoiceInput {
  readonly customerId: string;
  readonly subscriptionId: string;
  readonly subscriptionMetadata: Readonly<Record<string, string>>;
  readonly productName: string;
  readonly unitAmount: number;
  readonly quantity: number;
  readonly currency: string;
  /** Exclusive VAT in per mille (81 = 8.1 %); 0 for none. */
  readonly taxPermille: number;
  readonly periodStart: Date;
  readonly periodEnd: Date;
  readonly billingReason: 'subscription_create' | 'subscription_cycle';
}

/**
 * Issues a finalized (open) invoice for one period of a subscription with the PaymentIntent that
 * collects it, as Stripe does for `payment_behavior: default_incomplete` and for renewals: the
 * line is quantity × unit amount, VAT is added on top and rounded to the minor unit.
 */
export async function issueInvoice(
  state: LocalState,
  input: InvoiceInput,
  now: Date,
): Promise<{ invoiceId: string; paymentIntentId: string }> {
  const subtotal = input.unitAmount * input.quantity;
  const tax = Math.round((subtotal * input.taxPermille) / 1000);
  const total = subtotal + tax;
  const invoiceId = providerId('in');
  const sequence = (await state.objects.count({ kind: 'invoice', customer: input.customerId })) + 1;
  const number = `${input.customerId.slice(4, 12).toUpperCase()}-${String(sequence).padStart(4, '0')}`;
  const intent = newIntent(
    'pi',
    { amount: total, currency: input.currency, customer: input.customerId, metadata: { invoice: invoiceId } },
    now,
  );
  const amount = (minor: number): string => `${(minor / 100).toFixed(2)}`;
  const invoice = {
    id: invoiceId,
    object: 'invoice',
    number,
    customer: input.customerId,
    status: 'open',
    billing_reason: input.billingReason,
    currency: input.currency,
    subtotal,
    total,
    total_taxes:
      input.taxPermille > 0 ? [{ amount: tax, tax_behavior: 'exclusive', taxability_reason: 'standard_rated' }] : [],
    amount_due: total,
    amount_paid: 0,
    amount_remaining: total,
    attempt_count: 0,
    attempted: false,
    next_payment_attempt: null,
    created: seconds(now),
    due_date: null,
    period_start: seconds(input.periodStart),
    period_end: seconds(input.periodEnd),
    status_transitions: { finalized_at: seconds(now), paid_at: null, voided_at: null },
    invoice_pdf: null,
    hosted_invoice_url: null,
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: input.subscriptionId, metadata: { ...input.subscriptionMetadata } },
    },
    lines: {
      object: 'list',
      data: [
        {
          id: providerId('il'),
          object: 'line_item',
          description: `${input.quantity} × ${input.productName} (at ${input.currency.toUpperCase()} ${amount(input.unitAmount)} / period)`,
          quantity: input.quantity,
          amount: subtotal,
          period: { start: seconds(input.periodStart), end: seconds(input.periodEnd) },
        },
      ],
    },
    livemode: false,
  };
  await state.put('payment_intent', intent, { invoiceId });
  await state.put('invoice', invoice, { paymentIntentId: String(intent.id) });
  await state.emit('invoice.created', invoice, seconds(now));
  await state.emit('invoice.finalized', invoice, seconds(now));
  return { invoiceId, paymentIntentId: String(intent.id) };
}
