import { OUTBOX_INDEX } from '@pc/kit/events/outbox';
import type { Collection, DocumentStore, OutboxRecord, Stored } from '@pc/kit/ports/document-store';
import type { ClickRecord } from '../domain/click-record.js';

const USER_INDEX = { fields: ['userId', 'clickedAt'] };
const NEWEST_FIRST = { clickedAt: -1, _id: -1 } as const;

/** Every click-out, counted or not (ClickRecorded waits beside or inside it until published). */
export class ClickRepository {
  private constructor(readonly collection: Collection<ClickRecord>) {}

  static async open(store: DocumentStore): Promise<ClickRepository> {
    // A click is written once and read by id (attribution), and by its signed-in user, newest
    // first (the copy of their data, ADR 148). The outbox index finds events staged in clicks,
    // which only a store without an outbox of its own does: elsewhere it would be one more index
    // entry per click for nothing (ADR 070).
    const indexes = [USER_INDEX, ...(store.outbox ? [] : [OUTBOX_INDEX])];
    return new ClickRepository(await store.collection<ClickRecord>({ name: 'clicks', indexes }));
  }

  get(clickId: string): Promise<Stored<ClickRecord> | null> {
    return this.collection.get(clickId);
  }

  /** Stores a new click with its events in one atomic write; resolves when durable. */
  insert(click: ClickRecord, outbox: readonly OutboxRecord[] | undefined): Promise<Stored<ClickRecord>> {
    return this.collection.put(click, { expectedVersion: 0, ...(outbox ? { outbox } : {}) });
  }

  /** A signed-in user's clicks, newest first (clicks without a user are tied to no one). */
  ofUser(userId: string, page: { skip: number; limit: number }): Promise<Stored<ClickRecord>[]> {
    if (!userId) return Promise.resolve([]);
    return this.collection.find({ userId }, { sort: NEWEST_FIRST, skip: page.skip, limit: page.limit });
  }

  countOfUser(userId: string): Promise<number> {
    return userId ? this.collection.count({ userId }) : Promise.resolve(0);
  }

  /**
   * A deleted account's clicks keep no trace of it (ADR 148): the user is cleared from each, a
   * batch at a time along the user index; the clicks themselves stay, as a guest's do, for the
   * counts and the commissions. Returns how many were changed; running it again changes none.
   */
  async forgetUser(userId: string, batchSize = 500): Promise<number> {
    if (!userId) return 0;
    let forgotten = 0;
    for (;;) {
      const ids = await this.collection.findIds({ userId }, { limit: batchSize });
      if (ids.length === 0) return forgotten;
      for (const id of ids) {
        const changed = await this.collection.update(id, (click) =>
          click && click.userId === userId ? { ...click, userId: '' } : null,
        );
        if (changed) forgotten += 1;
      }
    }
  }

  /** Clicks whose events are still staged in them (stores without an outbox of their own), oldest first. */
  staged(limit: number): Promise<Stored<ClickRecord>[]> {
    return this.collection.find({ outboxPending: true }, { sort: { _id: 1 }, limit });
  }
}
