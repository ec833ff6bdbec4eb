import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { AlreadyExistsError, UnavailableError } from '@pc/kit/errors/domain-errors';
import type { Document, DocumentStore } from '@pc/kit/ports/document-store';
import { openEmbeddedDocumentStore } from './embedded-document-store.js';

// What the embedded adapter promises beyond the contract: atomic batches, no write for an
// unchanged batch, other connections' writes seen at once, lock waits reported as Unavailable.

interface Item extends Document {
  readonly sku: string;
  readonly tags?: readonly string[] | string;
}

let dir: string;
let path: string;
const stores: DocumentStore[] = [];
let sequence = 0;

const open = async (options: { busyTimeoutMs?: number } = {}) => {
  const store = await openEmbeddedDocumentStore({ path, ...options });
  stores.push(store);
  return store;
};
const items = async (store: DocumentStore, name = `items_${++sequence}`) =>
  store.collection<Item>({ name, indexes: [{ fields: ['sku'], unique: true }] });

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'pc-docstore-embedded-'));
  path = join(dir, 'nested', 'service', 'documents.sqlite');
});
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('embedded document store', () => {
  it('creates the folders of its file and puts the database in WAL mode', async () => {
    await items(await open());
    const raw = new Database(path, { readonly: true });
    expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
    raw.close();
  });

  it("tells other connections' writes apart from its own (othersWriteToken is never null here)", async () => {
    const store = await open();
    const col = await items(store);
    const before = await store.othersWriteToken();
    expect(before).not.toBeNull();
    await col.put({ _id: 'mine', sku: 'M' });
    expect(await store.othersWriteToken()).toBe(before);
    const raw = new Database(path);
    raw.pragma('busy_timeout = 5000');
    raw.exec('CREATE TABLE IF NOT EXISTS outside_writes (n INTEGER)');
    raw.close();
    expect(await store.othersWriteToken()).not.toBe(before);
  });

  it('writes all of a bulkPut or none of it', async () => {
    const col = await items(await open());
    await col.put({ _id: 'taken', sku: 'A' });
    const batch = [
      { _id: 'x1', sku: 'X1' },
      { _id: 'x2', sku: 'A' },
      { _id: 'x3', sku: 'X3' },
    ];
    await expect(col.bulkPut(batch)).rejects.toBeInstanceOf(AlreadyExistsError);
    expect(await col.getMany(['x1', 'x2', 'x3'])).toEqual([]);
  });

  it('commits nothing for a bulkPut of unchanged documents', async () => {
    const col = await items(await open());
    const docs = Array.from({ length: 500 }, (_, i) => ({ _id: `i${i}`, sku: `S${i}`, tags: ['a', 'b'] }));
    await col.bulkPut(docs);
    await new Promise(setImmediate); // the planner statistics those 500 inserts are due for
    const watcher = new Database(path, { readonly: true });
    const dataVersion = () => watcher.pragma('data_version', { simple: true });
    const before = { version: dataVersion(), wal: statSync(`${path}-wal`).size };
    expect(await col.bulkPut(docs)).toEqual({ inserted: 0, updated: 0, unchanged: 500 });
    // data_version moves whenever another connection commits a change to the file.
    expect(dataVersion()).toBe(before.version);
    expect(statSync(`${path}-wal`).size).toBe(before.wal);
    await col.put({ _id: 'i0', sku: 'S0', tags: 'changed' });
    expect(dataVersion()).not.toBe(before.version);
    watcher.close();
  });

  it('sees at once that another instance stored an array where there were only scalars', async () => {
    const name = `items_${++sequence}`;
    const reader = await items(await open(), name);
    const writer = await items(await open(), name);
    await writer.put({ _id: 'scalar', sku: 'A', tags: 'sale' });
    expect((await reader.find({ tags: 'sale' })).map((d) => d._id)).toEqual(['scalar']);
    await writer.put({ _id: 'array', sku: 'B', tags: ['new', 'sale'] });
    expect((await reader.find({ tags: 'sale' })).map((d) => d._id)).toEqual(['array', 'scalar']);
  });

  it('sees its own first array at a path it has already queried as scalars', async () => {
    const col = await items(await open());
    await col.put({ _id: 'scalar', sku: 'A', tags: 'sale' });
    expect((await col.find({ tags: 'sale' })).map((d) => d._id)).toEqual(['scalar']);
    await col.put({ _id: 'array', sku: 'B', tags: ['new', 'sale'] });
    expect((await col.find({ tags: 'sale' })).map((d) => d._id)).toEqual(['array', 'scalar']);
  });

  it('forgets an array path whose write was rolled back, and learns it again from the next write', async () => {
    const col = await items(await open());
    await col.put({ _id: 'taken', sku: 'A' });
    await expect(
      col.bulkPut([
        { _id: 'r1', sku: 'R', tags: ['x'] },
        { _id: 'r2', sku: 'A' },
      ]),
    ).rejects.toBeInstanceOf(AlreadyExistsError);
    await col.put({ _id: 'r3', sku: 'R3', tags: ['x', 'y'] });
    expect((await col.find({ tags: 'y' })).map((d) => d._id)).toEqual(['r3']);
  });

  it('reports a write lock held longer than busyTimeoutMs as UnavailableError, then recovers', async () => {
    const col = await items(await open({ busyTimeoutMs: 50 }));
    const other = new Database(path);
    other.exec('BEGIN IMMEDIATE');
    await expect(col.put({ _id: 'late', sku: 'L' })).rejects.toBeInstanceOf(UnavailableError);
    expect(await col.get('late')).toBeNull(); // reads go on while another process writes
    other.exec('COMMIT');
    other.close();
    expect((await col.put({ _id: 'late', sku: 'L' }))._version).toBe(1);
  });

  it('runs store calls made inside an update change after the update, not within it', async () => {
    const col = await items(await open());
    let sideWrite: Promise<unknown> = Promise.resolve();
    await expect(
      col.update('u', () => {
        sideWrite = col.put({ _id: 'side', sku: 'SIDE' });
        throw new Error('change refused');
      }),
    ).rejects.toThrow('change refused');
    await sideWrite;
    expect(await col.get('side')).toMatchObject({ sku: 'SIDE', _version: 1 });
    expect(await col.get('u')).toBeNull();
  });

  it('rejects calls after close with UnavailableError and reports not ready', async () => {
    const store = await open();
    const col = await items(store);
    await store.close();
    expect(await store.isReady()).toBe(false);
    await expect(col.get('a')).rejects.toBeInstanceOf(UnavailableError);
    await expect(store.collection({ name: 'later' })).rejects.toBeInstanceOf(UnavailableError);
  });
});
