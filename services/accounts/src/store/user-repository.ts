import { AlreadyExistsError } from '@pc/kit/errors/domain-errors';
import { OUTBOX_INDEX, OUTBOX_SIDE_FIELDS } from '@pc/kit/events/outbox';
import type { Collection, DocumentStore, Filter, FindOptions, Stored } from '@pc/kit/ports/document-store';
import type { UserRecord } from '../domain/user-record.js';

export type StoredUser = Stored<UserRecord>;

/** Users, unique by e-mail; deleted ones remain as tombstones (AccountDeleted's outbox). */
export class UserRepository {
  private constructor(readonly collection: Collection<UserRecord>) {}

  static async open(store: DocumentStore): Promise<UserRepository> {
    const collection = await store.collection<UserRecord>({
      name: 'users',
      indexes: [
        { fields: ['email'], unique: true },
        { fields: ['isAdmin'] },
        { fields: ['isBusiness'] },
        { fields: ['createdAt'] },
        { fields: ['searchGrams'] },
        OUTBOX_INDEX,
      ],
      sideFields: OUTBOX_SIDE_FIELDS,
    });
    return new UserRepository(collection);
  }

  get(id: string): Promise<StoredUser | null> {
    return id ? this.collection.get(id) : Promise.resolve(null);
  }

  async getByEmail(email: string): Promise<StoredUser | null> {
    const [user] = await this.collection.find({ email }, { limit: 1 });
    return user ?? null;
  }

  /** Writes under optimistic concurrency (0 = new); a taken e-mail is ALREADY_EXISTS EMAIL_TAKEN. */
  async put(user: UserRecord, expectedVersion: number): Promise<StoredUser> {
    try {
      return await this.collection.put(user, { expectedVersion });
    } catch (error) {
      if (error instanceof AlreadyExistsError) throw emailTaken(error);
      throw error;
    }
  }

  find(filter: Filter, options?: FindOptions): Promise<StoredUser[]> {
    return this.collection.find(filter, options);
  }

  count(filter: Filter): Promise<number> {
    return this.collection.count(filter);
  }
}

/** ALREADY_EXISTS EMAIL_TAKEN with the "unique" violation on email (proto accounts.v1). */
export function emailTaken(cause?: unknown): AlreadyExistsError {
  return new AlreadyExistsError('the email has already been taken', {
    cause,
    reason: 'EMAIL_TAKEN',
    violations: [{ field: 'email', reason: 'has already been taken', rule: 'unique' }],
  });
}
