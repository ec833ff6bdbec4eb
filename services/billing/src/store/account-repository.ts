import { OUTBOX_INDEX, OUTBOX_SIDE_FIELDS } from '@pc/kit/events/outbox';
import type { Collection, DocumentStore, Stored } from '@pc/kit/ports/document-store';
import type { AccountRecord } from '../domain/account-record.js';

export type StoredAccount = Stored<AccountRecord>;

/** The billing aggregate per business account (id = user id), found also by provider customer. */
export class AccountRepository {
  private constructor(readonly collection: Collection<AccountRecord>) {}

  static async open(store: DocumentStore): Promise<AccountRepository> {
    return new AccountRepository(
      await store.collection<AccountRecord>({
        name: 'accounts',
        indexes: [{ fields: ['customerId'] }, OUTBOX_INDEX],
        sideFields: OUTBOX_SIDE_FIELDS,
      }),
    );
  }

  get(userId: string): Promise<StoredAccount | null> {
    return this.collection.get(userId);
  }

  async byCustomer(customerId: string): Promise<StoredAccount | null> {
    if (!customerId) return null;
    const [found] = await this.collection.find({ customerId }, { limit: 1 });
    return found ?? null;
  }
}
