import type { Outbox } from '@pc/kit/events/outbox';
import type { AccountRecord } from '../domain/account-record.js';
import type { AccountRepository, StoredAccount } from '../store/account-repository.js';
import { writeWithEvents, type Change } from '../store/write-with-events.js';

/** Every write of an account aggregate: read-modify-write with its events in the outbox. */
export class AccountLedger {
  constructor(
    readonly accounts: AccountRepository,
    private readonly outbox: Outbox,
    readonly clock: () => Date,
  ) {}

  change(
    userId: string,
    change: (current: StoredAccount | null) => Change<AccountRecord> | null,
    alongside?: () => Promise<void>,
  ): Promise<StoredAccount | null> {
    return writeWithEvents(this.accounts.collection, this.outbox, userId, change, this.clock, alongside);
  }

  /** Publishes what a crash left in the outbox (start-up). */
  async relay(): Promise<void> {
    await this.outbox.relay(this.accounts.collection);
  }
}
