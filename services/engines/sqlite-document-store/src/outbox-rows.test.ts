import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AlreadyExistsError, ConflictError, InvalidArgumentError } from '@pc/kit/errors/domain-errors';
import type { Collection, Document, DocumentStore, OutboxRecord } from '@pc/kit/ports/document-store';
import { openEmbeddedDocumentStore } from './embedded-document-store.js';

interface Thing extends Document {
  readonly n: number;
}

const record = (id: string, key = 'k'): OutboxRecord => ({
  id,
  topic: 'things.changed',
  key,
  value: Uint8Array.from([1, 2, id.length]),
  headers: { 'content-type': 'application/protobuf' },
});

describe('embedded store outbox (PutOptions.outbox, ADR 035)', () => {
  let dir: string;
  let store: DocumentStore;
  let things: Collection<Thing>;
  const reopen = async () => {
    await store.close();
    store = await openEmbeddedDocumentStore({ path: join(dir, 'documents.sqlite') });
    things = await store.collection<Thing>({ name: 'things' });
  };

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'store-outbox-'));
    store = await openEmbeddedDocumentStore({ path: join(dir, 'documents.sqlite') });
    things = await store.collection<Thing>({ name: 'things' });
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the records of a write, durably and in id order, with the document they came with', async () => {
    await things.put({ _id: 'b', n: 1 }, { outbox: [record('0002'), record('0003', 'b')] });
    await things.put({ _id: 'a', n: 1 }, { outbox: [record('0001', 'a')] });
    await reopen();
    const pending = await store.outbox!.pending(10);
    expect(pending.map((r) => [r.id, r.collection, r.documentId, r.key])).toEqual([
      ['0001', 'things', 'a', 'a'],
      ['0002', 'things', 'b', 'k'],
      ['0003', 'things', 'b', 'b'],
    ]);
    expect(pending[0]).toMatchObject({ topic: 'things.changed', headers: { 'content-type': 'application/protobuf' } });
    expect([...pending[0]!.value]).toEqual([1, 2, 4]);
    expect((await store.outbox!.pending(2)).map((r) => r.id)).toEqual(['0001', '0002']);
  });

  it('removes published records, durably; ids no longer there are ignored', async () => {
    await things.put({ _id: 'a', n: 1 }, { outbox: [record('0001'), record('0002')] });
    await store.outbox!.remove(['0001', 'gone']);
    await reopen();
    expect((await store.outbox!.pending(10)).map((r) => r.id)).toEqual(['0002']);
  });

  it('appends nothing when the document write fails, and writes nothing when a record cannot be appended', async () => {
    await things.put({ _id: 'a', n: 1 }, { outbox: [record('0001')] });
    await expect(
      things.put({ _id: 'a', n: 2 }, { expectedVersion: 5, outbox: [record('0002')] }),
    ).rejects.toBeInstanceOf(ConflictError);
    // A record id already pending: the document's write rolls back with it.
    await expect(
      things.put({ _id: 'a', n: 3 }, { expectedVersion: 1, outbox: [record('0003'), record('0001')] }),
    ).rejects.toBeInstanceOf(AlreadyExistsError);
    expect(await things.get('a')).toMatchObject({ n: 1, _version: 1 });
    expect((await store.outbox!.pending(10)).map((r) => r.id)).toEqual(['0001']);
  });

  it('rejects malformed records by field and reason, changing nothing', async () => {
    const bad = [
      { ...record('0001'), value: 'not bytes' },
      { ...record(''), headers: { n: 1 } },
    ] as unknown as OutboxRecord[];
    const error = await things.put({ _id: 'a', n: 1 }, { outbox: bad }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect((error as InvalidArgumentError).violations).toEqual([
      { field: 'options.outbox[0].value', reason: 'must be bytes (Uint8Array)' },
      { field: 'options.outbox[1].id', reason: 'must be a non-empty string' },
      { field: 'options.outbox[1].headers', reason: 'must be an object of strings' },
    ]);
    expect(await things.get('a')).toBeNull();
    expect(await store.outbox!.pending(10)).toEqual([]);
    await expect(store.outbox!.pending(0)).rejects.toBeInstanceOf(InvalidArgumentError);
  });
});
