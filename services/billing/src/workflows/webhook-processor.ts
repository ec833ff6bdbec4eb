import Stripe from 'stripe';
import type { Logger } from 'pino';
import { InvalidArgumentError } from '@pc/kit/errors/domain-errors';
import { invoiceSnapshot, subscriptionSnapshot } from '../domain/stripe-objects.js';
import type { StripeInvoiceObject, StripeSubscriptionObject } from '../provider/payment-provider.js';
import type { WebhookEventRepository } from '../store/webhook-event-repository.js';
import type { CardSync } from './card-sync.js';
import type { ProviderSync } from './provider-sync.js';

export interface WebhookOutcome {
  readonly eventId: string;
  readonly eventType: string;
  /** False when the event was seen before, is of no interest, or is older than what billing holds. */
  readonly applied: boolean;
  readonly receivedAt: Date;
}

interface ProviderEvent {
  readonly id: string;
  readonly type: string;
  readonly created: number;
  readonly data: { readonly object: Record<string, unknown> };
}

/** The event types billing acts on: customer.subscription.*, invoice.*, setup_intent.succeeded (enable these on the Stripe endpoint). */
export function handlesEventType(type: string): boolean {
  return /^(customer\.subscription\.|invoice\.|setup_intent\.succeeded$)/.test(type);
}

const badSignature = (cause: unknown): InvalidArgumentError =>
  new InvalidArgumentError(
    [
      {
        field: 'signature',
        reason: 'does not match the payload for the signing secret (Stripe-Signature)',
        rule: 'signature',
      },
    ],
    { reason: 'BAD_SIGNATURE', cause },
  );

/**
 * Applies a provider webhook: the signature is verified with the endpoint's signing secret
 * (stripe-node's constructEvent: HMAC-SHA256 over "timestamp.payload", five minutes' tolerance),
 * an event id seen before changes nothing, and subscription and invoice events go through the
 * out-of-order rules of domain/ordering.ts. Emits SubscriptionChanged / InvoicePaid via the
 * aggregates' outboxes.
 */
export class WebhookProcessor {
  constructor(
    private readonly secret: string,
    private readonly seen: WebhookEventRepository,
    private readonly sync: ProviderSync,
    private readonly cards: CardSync,
    private readonly logger: Logger,
    private readonly clock: () => Date,
  ) {}

  async handle(payload: Uint8Array, signature: string): Promise<WebhookOutcome> {
    const receivedAt = this.clock();
    if (!signature) throw badSignature(null);
    let event: ProviderEvent;
    try {
      event = Stripe.webhooks.constructEvent(Buffer.from(payload), signature, this.secret) as unknown as ProviderEvent;
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) throw badSignature(error);
      throw new InvalidArgumentError([{ field: 'payload', reason: 'is not a Stripe event in JSON', rule: 'json' }], {
        cause: error,
      });
    }
    if (
      typeof event.id !== 'string' ||
      typeof event.type !== 'string' ||
      typeof event.created !== 'number' ||
      typeof event.data?.object !== 'object' ||
      event.data.object === null
    ) {
      throw new InvalidArgumentError([
        { field: 'payload', reason: 'is not a Stripe event (id, type, created, data.object)', rule: 'json' },
      ]);
    }
    // Types billing never acts on are answered at once: they change nothing, now or replayed.
    if (!handlesEventType(event.type)) return { eventId: event.id, eventType: event.type, applied: false, receivedAt };
    if (await this.seen.get(event.id)) return { eventId: event.id, eventType: event.type, applied: false, receivedAt };
    const record = (applied: boolean) => () =>
      this.seen.record({
        _id: event.id,
        type: event.type,
        created: event.created,
        receivedAt: receivedAt.toISOString(),
        applied,
      });
    // An applied event is recorded once its change is durable, beside the change's publish.
    const applied = await this.apply(event, record(true));
    if (!applied) await record(false)();
    this.logger.debug({ eventId: event.id, type: event.type, applied }, 'webhook event processed');
    return { eventId: event.id, eventType: event.type, applied, receivedAt };
  }

  private async apply(event: ProviderEvent, recordApplied: () => Promise<void>): Promise<boolean> {
    const object = event.data.object;
    if (event.type.startsWith('customer.subscription.') && object.object === 'subscription') {
      return this.sync.subscription(
        subscriptionSnapshot(object as unknown as StripeSubscriptionObject),
        event.created,
        recordApplied,
      );
    }
    if (event.type.startsWith('invoice.') && object.object === 'invoice') {
      return this.sync.invoice(invoiceSnapshot(object as unknown as StripeInvoiceObject), event.created, recordApplied);
    }
    if (event.type === 'setup_intent.succeeded' && object.object === 'setup_intent') {
      const saved = await this.cards.fromSetupIntent(
        String(object.id),
        String(object.customer ?? ''),
        String(object.payment_method ?? ''),
      );
      if (saved) await recordApplied();
      return saved;
    }
    return false;
  }
}
