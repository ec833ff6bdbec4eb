import { emptyAccount, withIntent } from '../domain/account-record.js';
import type { PaymentProvider } from '../provider/payment-provider.js';
import type { StoredAccount } from '../store/account-repository.js';
import type { AccountLedger } from './account-ledger.js';

/** The provider customer of an account, created on first need (idempotent per user). */
export class Customers {
  constructor(
    private readonly ledger: AccountLedger,
    private readonly provider: PaymentProvider,
  ) {}

  async ensure(user: { id: string; email: string; name: string }): Promise<StoredAccount> {
    const account = await this.ledger.accounts.get(user.id);
    if (account?.customerId) return account;
    const details = account?.billingDetails ?? null;
    const { id } = await this.provider.createCustomer({
      userId: user.id,
      email: details?.email || user.email,
      name: details?.company || details?.name || user.name,
      address: details
        ? {
            line1: details.line1,
            line2: details.line2,
            postalCode: details.zipCode,
            city: details.city,
            country: details.country,
          }
        : null,
      idempotencyKey: `customer-${user.id}`,
    });
    const at = this.ledger.clock();
    const written = await this.ledger.change(user.id, (current) => {
      const base = current ?? emptyAccount(user.id, at);
      return base.customerId ? null : { doc: { ...base, customerId: id, updatedAt: at.toISOString() }, events: [] };
    });
    return written!;
  }

  /** Remembers an intent as the account's, so only its owner can confirm it. */
  async remember(userId: string, intentId: string): Promise<void> {
    await this.ledger.change(userId, (current) =>
      current && !current.intents.includes(intentId)
        ? { doc: { ...current, intents: withIntent(current, intentId) }, events: [] }
        : null,
    );
  }
}
