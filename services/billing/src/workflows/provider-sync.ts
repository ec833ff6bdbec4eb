import type { Outbox } from '@pc/kit/events/outbox';
import { coveredShopIds } from '../domain/account-record.js';
import type { InvoiceRecord } from '../domain/invoice-record.js';
import { invoiceEventApplies } from '../domain/ordering.js';
import { subscriptionSnapshot, type InvoiceSnapshot, type SubscriptionSnapshot } from '../domain/stripe-objects.js';
import type { PaymentProvider } from '../provider/payment-provider.js';
import { applySubscription, withSubscriptionEvent } from '../domain/subscription-transition.js';
import { invoicePaid } from '../events/billing-events.js';
import type { InvoiceRepository } from '../store/invoice-repository.js';
import { writeWithEvents } from '../store/write-with-events.js';
import type { AccountLedger } from './account-ledger.js';

/** How close (seconds) an event may be to the last state held before it is read afresh instead. */
const AMBIGUOUS_SECONDS = 5;

/**
 * Brings billing's records up to the provider's state of a subscription or an invoice, from a
 * webhook (`created` = the event's time) or from the answer of our own call (`created` null).
 * Returns whether anything changed.
 */
export class ProviderSync {
  constructor(
    private readonly ledger: AccountLedger,
    private readonly invoices: InvoiceRepository,
    private readonly outbox: Outbox,
    private readonly provider: PaymentProvider,
  ) {}

  /** The provider's current state of a subscription, after a call of ours changed it. */
  async refresh(subscriptionId: string): Promise<boolean> {
    return this.subscription(subscriptionSnapshot(await this.provider.retrieveSubscription(subscriptionId)), null);
  }

  private async userOf(userId: string, customerId: string): Promise<string> {
    if (userId) return userId;
    return (await this.ledger.accounts.byCustomer(customerId))?._id ?? '';
  }

  /** `alongside`: runs once the change is durable (the webhook's idempotency record), only if something changed. */
  async subscription(
    event: SubscriptionSnapshot,
    eventCreated: number | null,
    alongside?: () => Promise<void>,
  ): Promise<boolean> {
    const userId = await this.userOf(event.userId, event.customerId);
    if (!userId) return false;
    let snapshot = event;
    let created = eventCreated;
    const held = (await this.ledger.accounts.get(userId))?.subscription;
    // Within a few seconds of what billing holds, `created` (whole seconds, the provider's clock)
    // cannot order the event against our own calls' answers: read the provider's current state.
    if (created !== null && held?.id === event.id && created <= held.syncedAt + AMBIGUOUS_SECONDS) {
      snapshot = subscriptionSnapshot(await this.provider.retrieveSubscription(event.id));
      created = null;
    }
    let changed = false;
    await this.ledger.change(
      userId,
      (account) => {
        const next = account ? applySubscription(account, snapshot, created, this.ledger.clock()) : null;
        changed = next !== null;
        return account && next ? withSubscriptionEvent(account, next, this.ledger.clock()) : null;
      },
      alongside,
    );
    return changed;
  }

  async invoice(snapshot: InvoiceSnapshot, created: number, alongside?: () => Promise<void>): Promise<boolean> {
    const userId = await this.userOf(snapshot.userId, snapshot.customerId);
    if (!userId) return false;
    const account = await this.ledger.accounts.get(userId);
    let changed = false;
    await writeWithEvents(
      this.invoices.collection,
      this.outbox,
      snapshot.id,
      (current) => {
        changed = false;
        if (current && !invoiceEventApplies(current, snapshot.status, created)) return null;
        const { id, customerId: _customer, userId: _user, ...fields } = snapshot;
        const doc: InvoiceRecord = {
          ...fields,
          _id: id,
          userId,
          // The shops of the subscription the invoice bills, once the account knows that subscription
          // (an invoice's first webhook can come before the subscription's): kept from then on.
          shopIds:
            current && current.shopIds.length > 0
              ? current.shopIds
              : account && account.subscription?.id === snapshot.subscriptionId
                ? coveredShopIds(account)
                : [],
          syncedAt: Math.max(current?.syncedAt ?? 0, created),
          outbox: current?.outbox ?? [],
          outboxPending: current?.outboxPending ?? false,
        };
        const becamePaid = doc.status === 'paid' && current?.status !== 'paid';
        if (current && !becamePaid && invoiceFacts(current) === invoiceFacts(doc)) return null;
        changed = true;
        return { doc, events: becamePaid ? [invoicePaid(doc)] : [] };
      },
      this.ledger.clock,
      alongside,
    );
    return changed;
  }
}

/** What an invoice says (not when billing heard it): equal facts are no change. */
function invoiceFacts(invoice: InvoiceRecord): string {
  const {
    number,
    status,
    currency,
    total,
    tax,
    amountPaid,
    amountDue,
    dueAt,
    paidAt,
    periodStart,
    periodEnd,
    lines,
    pdfUrl,
    hostedUrl,
  } = invoice;
  return JSON.stringify([
    number,
    status,
    currency,
    total,
    tax,
    amountPaid,
    amountDue,
    dueAt,
    paidAt,
    periodStart,
    periodEnd,
    lines,
    pdfUrl,
    hostedUrl,
  ]);
}
