import type { Collection, DocumentStore } from '@pc/kit/ports/document-store';
import { hashToken } from '../domain/secret-token.js';

/** A browser a user signed in from (collection `known_browsers`): its User-Agent only as a hash. */
export interface KnownBrowserRecord {
  /** `<userId>:<SHA-256 of the User-Agent header>`: one per user and browser. */
  readonly _id: string;
  readonly userId: string;
  readonly firstSignInAt: string;
  readonly lastSignInAt: string;
}

/** What a sign-in was to the user's browsers: one seen before, a new one, or their very first. */
export type BrowserSighting = 'known' | 'new' | 'first';

/** The browsers each user signed in from, to tell them of a sign-in from another (ADR 151). */
export class KnownBrowserRepository {
  private constructor(private readonly collection: Collection<KnownBrowserRecord>) {}

  static async open(store: DocumentStore): Promise<KnownBrowserRepository> {
    const collection = await store.collection<KnownBrowserRecord>({
      name: 'known_browsers',
      indexes: [{ fields: ['userId'] }, { fields: ['lastSignInAt'] }],
    });
    return new KnownBrowserRepository(collection);
  }

  /** Records a sign-in from the browser whose User-Agent header is `userAgent`. */
  async signedIn(userId: string, userAgent: string, at: Date): Promise<BrowserSighting> {
    const id = `${userId}:${hashToken(userAgent)}`;
    const known = await this.collection.get(id);
    const sighting: BrowserSighting = known ? 'known' : (await this.collection.count({ userId })) > 0 ? 'new' : 'first';
    const when = at.toISOString();
    await this.collection.update(id, (current) => ({
      _id: id,
      userId,
      firstSignInAt: current?.firstSignInAt ?? when,
      lastSignInAt: when,
    }));
    return sighting;
  }

  /**
   * Forgets browsers not signed in from since `before` (the sweep), at most `limit` per call: a
   * browser unused that long counts as new again, and the collection does not grow with every
   * browser update ever seen.
   */
  async deleteUnusedSince(before: Date, limit = 1_000): Promise<number> {
    // Sorted by the indexed field: the default (_id) order would read every browser to find them.
    const unused = await this.collection.find(
      { lastSignInAt: { $lt: before.toISOString() } },
      { sort: { lastSignInAt: 1 }, limit },
    );
    for (const browser of unused) await this.collection.delete(browser._id);
    return unused.length;
  }

  /** Forgets a user's browsers (account deletion); idempotent. */
  async deleteForUser(userId: string): Promise<void> {
    for (const browser of await this.collection.find({ userId })) await this.collection.delete(browser._id);
  }
}
