import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { AlreadyExistsError, ConflictError } from '@pc/kit/errors/domain-errors';
import type { DocumentStore } from '@pc/kit/ports/document-store';
import { openEmbeddedDocumentStore } from './embedded-document-store.js';

interface Item {
  readonly _id: string;
  readonly sku: string;
}

let dir: string;
let path: string;
let store: DocumentStore;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pc-group-commit-'));
  path = join(dir, 'documents.sqlite');
  store = await openEmbeddedDocumentStore({ path });
});

afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('group commit of the embedded document store', () => {
  it('settles a write only once another connection can read it: resolved means committed', async () => {
    const items = await store.collection<Item>({ name: 'items' });
    const reader = new Database(path, { readonly: true });
    const visible = (id: string) => reader.prepare('SELECT count(*) FROM c_items WHERE _id = ?').pluck().get(id);
    const writes = Array.from({ length: 50 }, (_, i) => items.put({ _id: `i${i}`, sku: `S${i}` }));
    expect(visible('i0')).toBe(0); // submitted, not yet committed
    await writes[0];
    expect(visible('i0')).toBe(1);
    await Promise.all(writes);
    expect(reader.prepare('SELECT count(*) FROM c_items').pluck().get()).toBe(50);
    reader.close();
  });

  it('fails a write alone: the others of its group, in any collection, are stored', async () => {
    const items = await store.collection<Item>({ name: 'items', indexes: [{ fields: ['sku'], unique: true }] });
    const logs = await store.collection<Item>({ name: 'logs' });
    await items.put({ _id: 'taken', sku: 'A' });
    const results = await Promise.allSettled([
      items.put({ _id: 'ok-1', sku: 'B' }),
      items.put({ _id: 'dup', sku: 'A' }),
      logs.put({ _id: 'log-1', sku: 'A' }),
      items.put({ _id: 'stale', sku: 'C' }, { expectedVersion: 3 }),
      items.put({ _id: 'ok-2', sku: 'D' }),
    ]);
    expect(results.map((result) => result.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(AlreadyExistsError);
    expect((results[3] as PromiseRejectedResult).reason).toBeInstanceOf(ConflictError);
    expect((await items.getMany(['ok-1', 'dup', 'stale', 'ok-2'])).map((item) => item._id).sort()).toEqual([
      'ok-1',
      'ok-2',
    ]);
    expect(await logs.get('log-1')).toMatchObject({ sku: 'A' });
  });

  it('applies the writes of one group in the order they were made', async () => {
    const items = await store.collection<Item>({ name: 'items' });
    const [first, second] = await Promise.allSettled([
      items.put({ _id: 'x', sku: 'first' }, { expectedVersion: 0 }),
      items.put({ _id: 'x', sku: 'second' }, { expectedVersion: 0 }),
    ]);
    expect(first.status).toBe('fulfilled');
    expect((second as PromiseRejectedResult).reason).toBeInstanceOf(ConflictError);
    const updated = await Promise.all([
      items.update('x', (cur) => cur && { ...cur, sku: `${cur.sku}+1` }),
      items.update('x', (cur) => cur && { ...cur, sku: `${cur.sku}+2` }),
    ]);
    expect(updated.map((item) => item?._version)).toEqual([2, 3]);
    expect(await items.get('x')).toMatchObject({ sku: 'first+1+2', _version: 3 });
  });

  it('commits what was submitted before close instead of failing it', async () => {
    const items = await store.collection<Item>({ name: 'items' });
    const write = items.put({ _id: 'late', sku: 'L' });
    await store.close();
    await expect(write).resolves.toMatchObject({ _id: 'late' });
    store = await openEmbeddedDocumentStore({ path });
    expect(await (await store.collection<Item>({ name: 'items' })).get('late')).toMatchObject({ sku: 'L' });
  });
});
