import type { CardRecord } from '../domain/account-record.js';
import type { PaymentProvider, ProviderCard } from '../provider/payment-provider.js';
import type { AccountLedger } from './account-ledger.js';

export function cardRecord(card: ProviderCard): CardRecord {
  return {
    id: card.id,
    brand: card.brand,
    last4: card.last4,
    expMonth: card.expMonth,
    expYear: card.expYear,
    country: card.country,
  };
}

/**
 * The card on file: made the customer's default at the provider, then kept on the account for
 * display (brand, last4, expiry). From UpdatePaymentMethod, or from setup_intent.succeeded when
 * the browser never came back after 3-D Secure.
 */
export class CardSync {
  constructor(
    private readonly ledger: AccountLedger,
    private readonly provider: PaymentProvider,
  ) {}

  async save(userId: string, customerId: string, paymentMethodId: string): Promise<CardRecord> {
    const card = cardRecord(await this.provider.retrieveCard(paymentMethodId));
    await this.provider.setDefaultCard(customerId, paymentMethodId);
    await this.ledger.change(userId, (account) =>
      account && account.card?.id !== card.id
        ? { doc: { ...account, card, updatedAt: this.ledger.clock().toISOString() }, events: [] }
        : null,
    );
    return card;
  }

  /** setup_intent.succeeded of the account's latest SetupIntent: its card goes on file (an older one's event, late, does not). */
  async fromSetupIntent(setupIntentId: string, customerId: string, paymentMethodId: string): Promise<boolean> {
    const account = await this.ledger.accounts.byCustomer(customerId);
    const latestSetup = account ? [...account.intents].reverse().find((id) => id.startsWith('seti_')) : undefined;
    if (
      !account ||
      account.deleted ||
      !paymentMethodId ||
      latestSetup !== setupIntentId ||
      account.card?.id === paymentMethodId
    )
      return false;
    await this.save(account._id, customerId, paymentMethodId);
    return true;
  }
}
