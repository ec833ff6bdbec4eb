import type { Database, Statement } from 'better-sqlite3';
import { InvalidArgumentError, type FieldViolation } from '@pc/kit/errors/domain-errors';
import type { OutboxRecord, StoredOutboxRecord } from '@pc/kit/ports/document-store';

/**
 * The store's outbox (ADR 035): events appended in the transaction of the document write that
 * implies them, removed once published. Keyed by the record id without a rowid, so records whose
 * ids grow (events/outbox.ts) are appended at the end of one B-tree: a group commit's records
 * share a page or two, and their removal empties those pages again. Staged inside the document
 * instead, every event cost a second write of the document to clear it.
 */
export const OUTBOX_DDL = `CREATE TABLE IF NOT EXISTS _pc_outbox (
  id TEXT PRIMARY KEY,
  collection TEXT NOT NULL,
  document_id TEXT NOT NULL,
  topic TEXT NOT NULL,
  key TEXT NOT NULL,
  value BLOB NOT NULL,
  headers TEXT NOT NULL
) WITHOUT ROWID`;

interface OutboxRow {
  readonly id: string;
  readonly collection: string;
  readonly document_id: string;
  readonly topic: string;
  readonly key: string;
  readonly value: Buffer;
  readonly headers: string;
}

export class OutboxRows {
  private readonly insert: Statement<[string, string, string, string, string, Uint8Array, string]>;
  private readonly selectPending: Statement<[number], OutboxRow>;
  private readonly remove: Statement<[string]>;

  constructor(db: Database) {
    db.exec(OUTBOX_DDL);
    this.insert = db.prepare(
      'INSERT INTO _pc_outbox (id, collection, document_id, topic, key, value, headers) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    this.selectPending = db.prepare<[number], OutboxRow>(
      'SELECT id, collection, document_id, topic, key, value, headers FROM _pc_outbox ORDER BY id LIMIT ?',
    );
    this.remove = db.prepare<[string]>('DELETE FROM _pc_outbox WHERE id = ?');
  }

  /** Inside the document's write (same savepoint): a duplicate id rolls both back. */
  append(collection: string, documentId: string, records: readonly OutboxRecord[]): void {
    for (const record of records) {
      this.insert.run(
        record.id,
        collection,
        documentId,
        record.topic,
        record.key,
        record.value,
        JSON.stringify(record.headers),
      );
    }
  }

  pending(limit: number): StoredOutboxRecord[] {
    return this.selectPending.all(limit).map((row) => ({
      id: row.id,
      collection: row.collection,
      documentId: row.document_id,
      topic: row.topic,
      key: row.key,
      value: row.value,
      headers: JSON.parse(row.headers) as Record<string, string>,
    }));
  }

  removeAll(ids: readonly string[]): void {
    for (const id of ids) this.remove.run(id);
  }
}

/** The records of `PutOptions.outbox`, checked before anything is written. */
export function checkOutboxRecords(records: unknown, field = 'options.outbox'): readonly OutboxRecord[] {
  if (!Array.isArray(records)) throw new InvalidArgumentError([{ field, reason: 'must be an array' }]);
  const violations: FieldViolation[] = [];
  records.forEach((record: Partial<OutboxRecord> | null, i) => {
    const at = `${field}[${i}]`;
    if (typeof record !== 'object' || record === null)
      return void violations.push({ field: at, reason: 'must be an object' });
    for (const name of ['id', 'topic'] as const) {
      if (typeof record[name] !== 'string' || record[name].length === 0)
        violations.push({ field: `${at}.${name}`, reason: 'must be a non-empty string' });
    }
    if (typeof record.key !== 'string') violations.push({ field: `${at}.key`, reason: 'must be a string' });
    if (!(record.value instanceof Uint8Array))
      violations.push({ field: `${at}.value`, reason: 'must be bytes (Uint8Array)' });
    const headers: unknown = record.headers;
    if (
      typeof headers !== 'object' ||
      headers === null ||
      Object.values(headers).some((value) => typeof value !== 'string')
    ) {
      violations.push({ field: `${at}.headers`, reason: 'must be an object of strings' });
    }
  });
  if (violations.length > 0) throw new InvalidArgumentError(violations);
  return records as readonly OutboxRecord[];
}
