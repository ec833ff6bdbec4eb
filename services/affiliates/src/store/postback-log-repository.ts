import { randomBytes } from 'node:crypto';
import type { Collection, DocumentStore, Filter, Stored } from '@pc/kit/ports/document-store';
import { KEPT_BODY_BYTES, type PostbackLogRecord } from '../domain/postback-log-record.js';

export type PostbackLogEntryInput = Omit<PostbackLogRecord, '_id' | 'body' | 'bodySize'> & {
  readonly body: Uint8Array;
};

/**
 * Every postback affiliates received (collection `postback_log`), accepted or refused: what
 * staff read when a network says a sale went missing. Appended once per postback, never changed;
 * the signature is not kept (it proves nothing later and is the network's secret at work).
 */
export class PostbackLogRepository {
  private constructor(private readonly collection: Collection<PostbackLogRecord>) {}

  static async open(store: DocumentStore): Promise<PostbackLogRepository> {
    const collection = await store.collection<PostbackLogRecord>({
      name: 'postback_log',
      indexes: [
        { fields: ['receivedAt'] },
        { fields: ['network', 'receivedAt'] },
        { fields: ['outcome', 'receivedAt'] },
      ],
    });
    return new PostbackLogRepository(collection);
  }

  /** Appends one entry (durable when it resolves). */
  append(entry: PostbackLogEntryInput): Promise<Stored<PostbackLogRecord>> {
    const body = Buffer.from(entry.body.subarray(0, KEPT_BODY_BYTES)).toString('base64');
    const id = `pb_${entry.receivedAt.replace(/[-:.TZ]/g, '')}${randomBytes(6).toString('hex')}`;
    return this.collection.put({ ...entry, _id: id, body, bodySize: entry.body.byteLength }, { expectedVersion: 0 });
  }

  get(id: string): Promise<Stored<PostbackLogRecord> | null> {
    return this.collection.get(id);
  }

  async page(
    filter: Filter,
    order: 1 | -1,
    skip: number,
    limit: number,
  ): Promise<{ items: Stored<PostbackLogRecord>[]; total: number }> {
    const [items, total] = await Promise.all([
      this.collection.find(filter, { sort: { receivedAt: order, _id: order }, skip, limit }),
      this.collection.count(filter),
    ]);
    return { items, total };
  }
}
