import { SubscriptionStatus } from '@pc/proto/billing/v1/types';
import { ShopStatus, SuspensionReason } from '@pc/proto/offers/v1/types';
import { suspensionOf, type ShopBillingRecord, type ShopRecord } from './shop-record.js';

/** Billing's SubscriptionStatus in Stripe's words (the shop keeps these). */
const STATUS_WORDS: Readonly<Record<number, string>> = {
  [SubscriptionStatus.SUBSCRIPTION_STATUS_INCOMPLETE]: 'incomplete',
  [SubscriptionStatus.SUBSCRIPTION_STATUS_INCOMPLETE_EXPIRED]: 'incomplete_expired',
  [SubscriptionStatus.SUBSCRIPTION_STATUS_ACTIVE]: 'active',
  [SubscriptionStatus.SUBSCRIPTION_STATUS_PAST_DUE]: 'past_due',
  [SubscriptionStatus.SUBSCRIPTION_STATUS_UNPAID]: 'unpaid',
  [SubscriptionStatus.SUBSCRIPTION_STATUS_CANCELED]: 'canceled',
};

export const subscriptionWord = (status: SubscriptionStatus): string => STATUS_WORDS[status] ?? '';

/** A subscription in these states pays for its shops: they may be activated and stay listed. */
export const PAYING = new Set(['active', 'past_due']);
/** These name shops whose payment stopped: invoices unpaid past the retries, or the subscription over. */
const STOPPED = new Set(['unpaid', 'canceled', 'incomplete_expired']);

/** The part of SubscriptionChanged a shop's transition depends on. */
export interface SubscriptionState {
  readonly subscriptionId: string;
  readonly status: string;
  /** Whether the event's shop_ids names this shop. */
  readonly names: boolean;
}

/** The fields of a shop a subscription change sets (null: nothing changes). */
export type BillingPatch = Pick<ShopRecord, 'status' | 'suspensionReason' | 'resumeStatus' | 'billing'>;

const LISTABLE = [ShopStatus.SHOP_STATUS_PENDING_ACTIVATION, ShopStatus.SHOP_STATUS_ACTIVE];

/**
 * What a SubscriptionChanged does to one shop of its owner (billing README's table, ADR 046):
 * - a paying subscription naming the shop: AWAITING_PAYMENT_METHOD → PENDING_ACTIVATION
 *   ("subscription started"), a shop suspended for payment → the status it had;
 * - UNPAID, CANCELED, INCOMPLETE_EXPIRED naming it: a listed or pending shop → SUSPENDED for
 *   payment (a shop still awaiting its first payment stays so: it can subscribe again);
 * - a running subscription that no longer names a shop it paid for: that shop is unpaid;
 * - INCOMPLETE, PAST_DUE: only the remembered state (PAST_DUE keeps the shop listed while the
 *   provider retries the payment).
 * A change of another subscription than the one the shop follows applies only when it names the
 * shop (a late event of an ended subscription leaves the new one's shop alone). Staff
 * suspensions are never lifted by payments.
 */
export function billingTransition(shop: ShopRecord, change: SubscriptionState): BillingPatch | null {
  const follows = shop.billing?.subscriptionId === change.subscriptionId;
  if (!change.names && !follows) return null;
  const billing: ShopBillingRecord | null = change.names
    ? { subscriptionId: change.subscriptionId, status: change.status }
    : { subscriptionId: change.subscriptionId, status: 'unpaid' };
  const patch: BillingPatch = {
    status: shop.status,
    suspensionReason: suspensionOf(shop),
    resumeStatus: shop.resumeStatus ?? ShopStatus.SHOP_STATUS_UNSPECIFIED,
    billing,
  };
  const paying = change.names && PAYING.has(change.status);
  const stopped = change.names ? STOPPED.has(change.status) : PAYING.has(change.status) || change.status === 'unpaid';
  if (paying) {
    if (shop.status === ShopStatus.SHOP_STATUS_AWAITING_PAYMENT_METHOD)
      return { ...patch, status: ShopStatus.SHOP_STATUS_PENDING_ACTIVATION };
    if (
      shop.status === ShopStatus.SHOP_STATUS_SUSPENDED &&
      suspensionOf(shop) === SuspensionReason.SUSPENSION_REASON_PAYMENT
    ) {
      const resume =
        shop.resumeStatus && LISTABLE.includes(shop.resumeStatus)
          ? shop.resumeStatus
          : ShopStatus.SHOP_STATUS_PENDING_ACTIVATION;
      return {
        ...patch,
        status: resume,
        suspensionReason: SuspensionReason.SUSPENSION_REASON_UNSPECIFIED,
        resumeStatus: ShopStatus.SHOP_STATUS_UNSPECIFIED,
      };
    }
  } else if (stopped && LISTABLE.includes(shop.status)) {
    return {
      ...patch,
      status: ShopStatus.SHOP_STATUS_SUSPENDED,
      suspensionReason: SuspensionReason.SUSPENSION_REASON_PAYMENT,
      resumeStatus: shop.status,
    };
  }
  return sameBilling(shop.billing ?? null, billing) ? null : patch;
}

const sameBilling = (a: ShopBillingRecord | null, b: ShopBillingRecord | null): boolean =>
  a?.subscriptionId === b?.subscriptionId && a?.status === b?.status;

/** Whether staff may activate the shop: directory shops always, owned ones while a subscription pays for them. */
export const mayBeActivated = (shop: ShopRecord): boolean =>
  !shop.ownerUserId || PAYING.has(shop.billing?.status ?? '');
