import type { OutboxFields } from '@pc/kit/events/outbox';
import type { SubscriptionSnapshot } from './stripe-objects.js';

/** A card on file: only what the provider returns for display (never the number). */
export interface CardRecord {
  readonly id: string;
  readonly brand: string;
  readonly last4: string;
  readonly expMonth: number;
  readonly expYear: number;
  readonly country: string;
}

/** Billing address and contact for invoices (proto BillingDetails). */
export interface BillingDetailsRecord {
  readonly name: string;
  readonly company: string;
  readonly email: string;
  readonly line1: string;
  readonly line2: string;
  readonly zipCode: string;
  readonly city: string;
  readonly country: string;
  readonly vatId: string;
}

/** A shop of the account as billing knows it (from ShopRegistered, or read from offers). */
export interface ShopEntry {
  readonly shopId: string;
  readonly name: string;
  readonly domain: string;
  readonly registeredAt: string;
  /** Covered by the subscription (counted in its quantity). */
  readonly covered: boolean;
}

/** The account's subscription (one per account; quantity = covered shops): the provider's state and billing's own fields. */
export interface SubscriptionRecord extends Pick<
  SubscriptionSnapshot,
  | 'id'
  | 'status'
  | 'quantity'
  | 'startedAt'
  | 'currentPeriodStart'
  | 'currentPeriodEnd'
  | 'cancelAtPeriodEnd'
  | 'canceledAt'
  | 'latestInvoiceId'
> {
  readonly planId: string;
  /** The first invoice's PaymentIntent while it is not paid ('' after). */
  readonly paymentIntentId: string;
  /** +1 on every change SubscriptionChanged reports. */
  readonly version: number;
  /** `created` (seconds) of the newest provider event applied: older events cannot undo it. */
  readonly syncedAt: number;
}

/** One business account's billing aggregate (document id = the user id). */
export interface AccountRecord extends OutboxFields {
  readonly _id: string;
  /** The provider's customer ('cus_…'), '' until the first card or subscription. */
  readonly customerId: string;
  readonly billingDetails: BillingDetailsRecord | null;
  readonly card: CardRecord | null;
  readonly shops: readonly ShopEntry[];
  readonly subscription: SubscriptionRecord | null;
  /** Intents (SetupIntents and PaymentIntents) billing created for this account: ConfirmPayment takes only these. */
  readonly intents: readonly string[];
  /** The account was deleted: its subscription is cancelled and its card detached; its invoices stay. */
  readonly deleted: boolean;
  readonly updatedAt: string;
}

export function emptyAccount(userId: string, at: Date): AccountRecord {
  return {
    _id: userId,
    customerId: '',
    billingDetails: null,
    card: null,
    shops: [],
    subscription: null,
    intents: [],
    deleted: false,
    updatedAt: at.toISOString(),
    outbox: [],
    outboxPending: false,
  };
}

/** At most this many intents are remembered per account (older ones cannot be confirmed any more). */
export const MAX_REMEMBERED_INTENTS = 20;

export function withIntent(account: AccountRecord, intentId: string): readonly string[] {
  return account.intents.includes(intentId)
    ? account.intents
    : [...account.intents, intentId].slice(-MAX_REMEMBERED_INTENTS);
}

export function coveredShopIds(account: AccountRecord): string[] {
  return account.shops.filter((shop) => shop.covered).map((shop) => shop.shopId);
}

/** The billing address a shop's registration gives, until the owner enters one of their own. */
export function detailsFromRegistration(shop: {
  readonly name: string;
  readonly company: string;
  readonly email: string;
  readonly address?: { line1: string; line2: string; zipCode: string; city: string; country: string };
}): BillingDetailsRecord {
  return {
    name: shop.company || shop.name,
    company: shop.company,
    email: shop.email,
    line1: shop.address?.line1 ?? '',
    line2: shop.address?.line2 ?? '',
    zipCode: shop.address?.zipCode ?? '',
    city: shop.address?.city ?? '',
    country: shop.address?.country ?? '',
    vatId: '',
  };
}
