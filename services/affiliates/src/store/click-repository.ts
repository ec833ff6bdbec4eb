import { OUTBOX_INDEX } from '@pc/kit/events/outbox';
import type { Collection, DocumentStore, OutboxRecord, Stored } from '@pc/kit/ports/document-store';
import type { ClickRecord } from '../domain/click-record.js';

/** Every click-out, counted or not (ClickRecorded waits beside or inside it until published). */
export class ClickRepository {
  private constructor(readonly collection: Collection<ClickRecord>) {}

  static async open(store: DocumentStore): Promise<ClickRepository> {
    // A click is written once and read by id (attribution). The outbox index finds events staged
    // in clicks, which only a store without an outbox of its own does: elsewhere it would be one
    // more index entry per click for nothing (ADR 070).
    const indexes = store.outbox ? [] : [OUTBOX_INDEX];
    return new ClickRepository(await store.collection<ClickRecord>({ name: 'clicks', indexes }));
  }

  get(clickId: string): Promise<Stored<ClickRecord> | null> {
    return this.collection.get(clickId);
  }

  /** Stores a new click with its events in one atomic write; resolves when durable. */
  insert(click: ClickRecord, outbox: readonly OutboxRecord[] | undefined): Promise<Stored<ClickRecord>> {
    return this.collection.put(click, { expectedVersion: 0, ...(outbox ? { outbox } : {}) });
  }

  /** Clicks whose events are still staged in them (stores without an outbox of their own), oldest first. */
  staged(limit: number): Promise<Stored<ClickRecord>[]> {
    return this.collection.find({ outboxPending: true }, { sort: { _id: 1 }, limit });
  }
}
