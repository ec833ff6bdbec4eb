import type { Collection, DocumentStore, Stored } from '@pc/kit/ports/document-store';

/** A sign-in whose password was right, waiting for the app's code (collection `sign_in_challenges`, ADR 153). */
export interface SignInChallengeRecord {
  /** hashToken(token): the bearer token is returned once and never stored. */
  readonly _id: string;
  readonly userId: string;
  /** The first step's "remember me": the session made at the second step keeps it. */
  readonly remember: boolean;
  readonly createdAt: string;
  readonly expiresAt: string;
  /** Wrong codes typed for this challenge; at the limit it ends. */
  readonly wrongCodes: number;
}

/** Challenges by token hash; a user's by userId (account deletion); expired ones swept by expiresAt. */
export class SignInChallengeRepository {
  private constructor(private readonly collection: Collection<SignInChallengeRecord>) {}

  static async open(store: DocumentStore): Promise<SignInChallengeRepository> {
    const collection = await store.collection<SignInChallengeRecord>({
      name: 'sign_in_challenges',
      indexes: [{ fields: ['userId'] }, { fields: ['expiresAt'] }],
    });
    return new SignInChallengeRepository(collection);
  }

  create(challenge: SignInChallengeRecord): Promise<Stored<SignInChallengeRecord>> {
    return this.collection.put(challenge, { expectedVersion: 0 });
  }

  get(tokenHash: string): Promise<Stored<SignInChallengeRecord> | null> {
    return this.collection.get(tokenHash);
  }

  /** Counts a wrong code; the count after it (0 when the challenge is gone). */
  async wrongCode(tokenHash: string): Promise<number> {
    const after = await this.collection.update(tokenHash, (current) =>
      current ? { ...current, wrongCodes: current.wrongCodes + 1 } : null,
    );
    return after?.wrongCodes ?? 0;
  }

  /** Ends a challenge; false when it was gone already (used by a concurrent request, or swept). */
  delete(tokenHash: string): Promise<boolean> {
    return this.collection.delete(tokenHash);
  }

  /** Removes challenges expired before `now`, at most `limit` per call. */
  async deleteExpired(now: Date, limit = 1_000): Promise<number> {
    // Sorted by the indexed field: the default (_id) order would read every challenge to find them.
    const ids = await this.collection.findIds(
      { expiresAt: { $lte: now.toISOString() } },
      { sort: { expiresAt: 1 }, limit },
    );
    for (const id of ids) await this.collection.delete(id);
    return ids.length;
  }

  /** A user's challenges (account deletion, two-step turned off by staff); idempotent. */
  async deleteForUser(userId: string): Promise<void> {
    for (const id of await this.collection.findIds({ userId })) await this.collection.delete(id);
  }
}
