import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Document, DocumentStore } from '@pc/kit/ports/document-store';
import { openEmbeddedDocumentStore } from './embedded-document-store.js';

// What side fields buy in the embedded store (ADR 021): a document written with a large side field
// that is cleared a moment later (an outbox) leaves its table as dense as if the field never was.

interface Offer extends Document {
  readonly title: string;
  readonly pending: boolean;
  readonly staged?: readonly string[];
}

let dir: string;
let path: string;
const stores: DocumentStore[] = [];

const open = async () => {
  const store = await openEmbeddedDocumentStore({ path, synchronous: 'normal' });
  stores.push(store);
  return store;
};

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pc-side-rows-'));
  path = join(dir, 'documents.sqlite');
});
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Pages and rows of a table, read from the file as another process would. */
function tableStats(table: string): { pages: number; rows: number } {
  const db = new Database(path, { readonly: true });
  try {
    const pages = db.prepare(`SELECT count(*) FROM dbstat WHERE name = ?`).pluck().get(table) as number;
    const rows = db.prepare(`SELECT count(*) FROM "${table}"`).pluck().get() as number;
    return { pages, rows };
  } finally {
    db.close();
  }
}

/** The outbox's pattern: each new document written with ~3 KB staged, then written back without. */
async function writeAndClear(
  store: DocumentStore,
  name: string,
  sideFields: readonly string[],
  count: number,
): Promise<void> {
  const col = await store.collection<Offer>({ name, indexes: [{ fields: ['pending'] }], sideFields });
  for (let i = 0; i < count; i++) {
    const id = `offer-${String(i).padStart(5, '0')}`;
    const stored = await col.put({
      _id: id,
      title: `offer ${i} `.repeat(60),
      pending: true,
      staged: ['x'.repeat(3000)],
    });
    await col.put({ ...stored, pending: false, staged: [] }, { expectedVersion: stored._version });
  }
}

describe('embedded side fields', () => {
  it('keeps a table as dense as if its documents never held the cleared side field', async () => {
    const store = await open();
    await writeAndClear(store, 'inline', [], 300);
    await writeAndClear(store, 'aside', ['staged'], 300);
    const inline = tableStats('c_inline');
    const aside = tableStats('c_aside');
    expect(aside.rows).toBe(300);
    // ~800-byte rows: four to a 4 KiB page; inline, each page keeps the one ~4 KB row it was made for.
    expect(aside.pages).toBeLessThan(inline.pages / 2);
    expect(tableStats('s_aside').rows).toBe(0);
  });

  it('keeps a side field out of the row while it holds something, reads it back, and deletes it with the document', async () => {
    const store = await open();
    const col = await store.collection<Offer>({ name: 'offers', sideFields: ['staged'] });
    await col.put({ _id: 'a', title: 'A', pending: true, staged: ['e1', 'e2'] });
    const db = new Database(path, { readonly: true });
    try {
      expect(db.prepare(`SELECT doc, side FROM c_offers WHERE _id = 'a'`).get()).toEqual({
        doc: '{"title":"A","pending":true}',
        side: 1,
      });
      expect(db.prepare(`SELECT doc FROM s_offers WHERE _id = 'a'`).pluck().get()).toBe('{"staged":["e1","e2"]}');
    } finally {
      db.close();
    }
    expect(await col.get('a')).toEqual({ _id: 'a', title: 'A', pending: true, staged: ['e1', 'e2'], _version: 1 });
    await col.delete('a');
    expect(tableStats('s_offers').rows).toBe(0);
  });

  it('opens a table of the layout before side fields: inline fields read as they are and move aside on the next write', async () => {
    const old = new Database(path);
    old.exec(`CREATE TABLE "c_offers" (_id TEXT PRIMARY KEY NOT NULL, version INTEGER NOT NULL, doc TEXT NOT NULL)`);
    old.prepare(`INSERT INTO "c_offers" VALUES ('a', 3, ?)`).run('{"title":"A","pending":true,"staged":["e1"]}');
    old.close();
    const col = await (
      await open()
    ).collection<Offer>({ name: 'offers', indexes: [{ fields: ['pending'] }], sideFields: ['staged'] });
    const before = await col.get('a');
    expect(before).toEqual({ _id: 'a', title: 'A', pending: true, staged: ['e1'], _version: 3 });
    expect(await col.find({ pending: true })).toEqual([before]);
    await col.put({ ...before!, staged: ['e1', 'e2'] }, { expectedVersion: 3 });
    expect(tableStats('s_offers').rows).toBe(1);
    expect(await col.get('a')).toEqual({ _id: 'a', title: 'A', pending: true, staged: ['e1', 'e2'], _version: 4 });
  });

  it('reads side fields written by another connection', async () => {
    const writer = await (await open()).collection<Offer>({ name: 'offers', sideFields: ['staged'] });
    const reader = await (await open()).collection<Offer>({ name: 'offers', sideFields: ['staged'] });
    await writer.put({ _id: 'a', title: 'A', pending: true, staged: ['e1'] });
    expect((await reader.getMany(['a']))[0]?.staged).toEqual(['e1']);
    await writer.put({ _id: 'a', title: 'A', pending: false, staged: [] });
    expect((await reader.find())[0]).toEqual({ _id: 'a', title: 'A', pending: false, staged: [], _version: 2 });
  });
});
