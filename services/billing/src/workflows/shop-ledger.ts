import type { Logger } from 'pino';
import type { AccountDeleted } from '@pc/proto/accounts/events/v1/events';
import type { ShopDeleted, ShopRegistered } from '@pc/proto/offers/events/v1/events';
import { FailedPreconditionError } from '@pc/kit/errors/domain-errors';
import { coveredShopIds, emptyAccount, type AccountRecord, detailsFromRegistration } from '../domain/account-record.js';
import { subscriptionSnapshot, type SubscriptionSnapshot } from '../domain/stripe-objects.js';
import { applySubscription, withSubscriptionEvent } from '../domain/subscription-transition.js';
import type { PaymentProvider, StripeSubscriptionObject } from '../provider/payment-provider.js';
import type { AccountLedger } from './account-ledger.js';

const LIVE = new Set(['incomplete', 'active', 'trialing', 'past_due', 'unpaid', 'paused']);

/**
 * The shops billing bills for, from offers' events, and account deletion. Each handler is
 * idempotent: a shop already known (or already gone), an account already deleted, change
 * nothing; a provider call repeated after a crash asks for what is already so.
 */
export class ShopLedger {
  constructor(
    private readonly ledger: AccountLedger,
    private readonly provider: PaymentProvider,
    private readonly logger: Logger,
  ) {}

  /** A business user's shop awaits a subscription; its registration details prefill the billing address. */
  async registered(event: ShopRegistered): Promise<void> {
    if (event.directoryListing || !event.ownerUserId) return;
    const at = this.ledger.clock();
    await this.ledger.change(event.ownerUserId, (current) => {
      const account = current ?? emptyAccount(event.ownerUserId, at);
      if (account.deleted || account.shops.some((shop) => shop.shopId === event.shopId)) return null;
      const shop = {
        shopId: event.shopId,
        name: event.name,
        domain: event.domain,
        registeredAt: (event.registeredAt ?? at).toISOString(),
        covered: false,
      };
      const details = account.billingDetails ?? detailsFromRegistration(event);
      return {
        doc: { ...account, shops: [...account.shops, shop], billingDetails: details, updatedAt: at.toISOString() },
        events: [],
      };
    });
  }

  /** A deleted shop leaves the subscription: one shop fewer from the next period, or the subscription ends with its last shop. */
  async deleted(event: ShopDeleted): Promise<void> {
    if (!event.ownerUserId) return;
    const account = await this.ledger.accounts.get(event.ownerUserId);
    const shop = account?.shops.find((entry) => entry.shopId === event.shopId);
    if (!account || !shop) return;
    let snapshot: SubscriptionSnapshot | null = null;
    const subscription = account.subscription;
    if (shop.covered && subscription && LIVE.has(subscription.status)) {
      const remaining = coveredShopIds(account).length - 1;
      snapshot = await this.subscriptionAfter(subscription.id, () =>
        remaining > 0
          ? this.provider.updateQuantity(subscription.id, remaining)
          : this.provider.cancelNow(subscription.id),
      );
    }
    await this.ledger.change(account._id, (current) => {
      if (!current || !current.shops.some((entry) => entry.shopId === event.shopId)) return null;
      const at = this.ledger.clock();
      const without: AccountRecord = {
        ...current,
        shops: current.shops.filter((entry) => entry.shopId !== event.shopId),
        updatedAt: at.toISOString(),
      };
      return withSubscriptionEvent(
        current,
        (snapshot && applySubscription(without, snapshot, null, at)) ?? without,
        at,
      );
    });
    this.logger.info(
      { userId: account._id, shopId: event.shopId, subscriptionId: subscription?.id },
      'shop left billing',
    );
  }

  /** The account is gone: its subscription ends at once, its card is detached; its invoices are kept (bookkeeping). */
  async accountDeleted(event: AccountDeleted): Promise<void> {
    const account = await this.ledger.accounts.get(event.userId);
    if (!account || account.deleted) return;
    const subscription = account.subscription;
    const snapshot =
      subscription && LIVE.has(subscription.status)
        ? await this.subscriptionAfter(subscription.id, () => this.provider.cancelNow(subscription.id))
        : null;
    if (account.card)
      await this.provider.detachCard(account.card.id).catch((error: unknown) => this.ignoreRefusal(error));
    await this.ledger.change(account._id, (current) => {
      if (!current || current.deleted) return null;
      const at = this.ledger.clock();
      const ended = withSubscriptionEvent(
        current,
        (snapshot && applySubscription(current, snapshot, null, at)) ?? current,
        at,
      );
      return {
        doc: { ...ended.doc, deleted: true, card: null, shops: [], intents: [], updatedAt: at.toISOString() },
        events: ended.events,
      };
    });
    this.logger.info(
      { userId: account._id, subscriptionId: subscription?.id },
      'account deleted: subscription cancelled at once',
    );
  }

  /** The provider's subscription after a change; when the provider refuses (already cancelled by an earlier attempt), as it is now. */
  private async subscriptionAfter(
    id: string,
    change: () => Promise<StripeSubscriptionObject>,
  ): Promise<SubscriptionSnapshot> {
    try {
      return subscriptionSnapshot(await change());
    } catch (error) {
      this.ignoreRefusal(error);
      return subscriptionSnapshot(await this.provider.retrieveSubscription(id));
    }
  }

  private ignoreRefusal(error: unknown): void {
    if (!(error instanceof FailedPreconditionError)) throw error;
  }
}
