import type { Collection, DocumentStore, Stored } from '@pc/kit/ports/document-store';
import type { SessionRecord } from '../domain/session-record.js';

/** Sessions by token hash; a user's sessions by userId; expired ones swept by expiresAt. */
export class SessionRepository {
  private constructor(private readonly collection: Collection<SessionRecord>) {}

  static async open(store: DocumentStore): Promise<SessionRepository> {
    const collection = await store.collection<SessionRecord>({
      name: 'sessions',
      indexes: [{ fields: ['id'], unique: true }, { fields: ['userId'] }, { fields: ['expiresAt'] }],
    });
    return new SessionRepository(collection);
  }

  byTokenHash(tokenHash: string): Promise<Stored<SessionRecord> | null> {
    return this.collection.get(tokenHash);
  }

  create(session: SessionRecord): Promise<Stored<SessionRecord>> {
    return this.collection.put(session, { expectedVersion: 0 });
  }

  /** Moves the expiry (touch); a session deleted meanwhile stays deleted. */
  touch(tokenHash: string, lastSeenAt: string, expiresAt: string): Promise<Stored<SessionRecord> | null> {
    return this.collection.update(tokenHash, (current) => (current ? { ...current, lastSeenAt, expiresAt } : null));
  }

  async delete(tokenHash: string): Promise<boolean> {
    return this.collection.delete(tokenHash);
  }

  /** A user's sessions, any order (a user has few: each sign-in is one, swept when expired). */
  forUser(userId: string): Promise<Stored<SessionRecord>[]> {
    return this.collection.find({ userId });
  }

  /** Ends one of a user's sessions by public id; false when the user has no such session. */
  async deleteOfUser(userId: string, id: string): Promise<boolean> {
    const [session] = await this.collection.find({ id }, { limit: 1 });
    return session?.userId === userId ? this.collection.delete(session._id) : false;
  }

  /** Ends a user's sessions except one (by public id); returns how many ended. */
  async deleteForUser(userId: string, exceptId = ''): Promise<number> {
    const sessions = await this.forUser(userId);
    let ended = 0;
    for (const session of sessions) {
      if (session.id === exceptId) continue;
      if (await this.collection.delete(session._id)) ended += 1;
    }
    return ended;
  }

  /** Deletes sessions that expired before `now` (the sweep), at most `limit` per call. */
  async deleteExpired(now: Date, limit = 1_000): Promise<number> {
    // Sorted by the indexed field: the default (_id) order would read every session to find them.
    const expired = await this.collection.find(
      { expiresAt: { $lte: now.toISOString() } },
      { sort: { expiresAt: 1 }, limit },
    );
    for (const session of expired) await this.collection.delete(session._id);
    return expired.length;
  }
}
