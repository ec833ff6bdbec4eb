import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Collection, Document, DocumentStore } from '@pc/kit/ports/document-store';
import { tableName } from './collection-schema.js';
import { openEmbeddedDocumentStore } from './embedded-document-store.js';
import { indexedPaths } from './index-columns.js';
import { compileCount } from './query-sql.js';
import { VALUE_TYPES_TABLE, ValueTypeRegistry } from './value-types.js';

// Type guards are left out where a path only ever held the operand's kind (value-types.ts):
// these tests hold the answers to Mongo's type bracketing while kinds arrive, from this process,
// from another connection and from documents stored before kinds were recorded.

const INDEXES = [{ fields: ['shopId', 'active'] }, { fields: ['rank'] }];

interface Offer extends Document {
  readonly shopId: string;
  readonly active: boolean | number;
  readonly rank?: number | string;
}

let dir: string;
let path: string;
const opened: DocumentStore[] = [];

async function offersOf(): Promise<Collection<Offer>> {
  const store = await openEmbeddedDocumentStore({ path });
  opened.push(store);
  return store.collection<Offer>({ name: 'offers', indexes: INDEXES });
}

function kindsOnDisk(): Record<string, string[]> {
  const db = new Database(path, { readonly: true });
  try {
    const kinds = new ValueTypeRegistry(db, 'offers').current(0);
    return Object.fromEntries([...kinds].map(([field, set]) => [field, [...set].sort()]));
  } finally {
    db.close();
  }
}

/** SQLite's plan for the count the store runs, with the kinds recorded on disk. */
function countPlan(filter: object): { sql: string; plan: string } {
  const db = new Database(path, { readonly: true });
  try {
    const kinds = new ValueTypeRegistry(db, 'offers').current(0);
    const query = compileCount(tableName('offers'), filter, new Set(), new Set(indexedPaths(INDEXES)), kinds);
    const rows = db.prepare(`EXPLAIN QUERY PLAN ${query.sql}`).all(...query.params) as { detail: string }[];
    return { sql: query.sql, plan: rows.map((row) => row.detail).join(' | ') };
  } finally {
    db.close();
  }
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pc-docstore-kinds-'));
  path = join(dir, 'documents.sqlite');
});

afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
  rmSync(dir, { recursive: true, force: true });
});

describe('value kinds of index columns', () => {
  it('counts a boolean-only field from the index alone, without reading documents', async () => {
    const offers = await offersOf();
    await offers.bulkPut(
      Array.from({ length: 30 }, (_, i) => ({ _id: `o${i}`, shopId: `s${i % 3}`, active: i % 2 === 0 })),
    );
    expect(await offers.count({ shopId: 's1', active: true })).toBe(5);
    expect(kindsOnDisk()).toEqual({ shopId: ['string'], active: ['boolean'], rank: [] });
    const { sql, plan } = countPlan({ shopId: 's1', active: true });
    expect(sql).not.toMatch(/json_type/);
    expect(plan).toMatch(/COVERING INDEX/);
  });

  it('keeps true and 1 apart once a field holds both, whichever connection wrote the second kind', async () => {
    const offers = await offersOf();
    await offers.put({ _id: 'bool', shopId: 's1', active: true });
    expect((await offers.find({ active: 1 })).map((o) => o._id)).toEqual([]);
    // Another process (connection) writes a number where only booleans were.
    const other = await offersOf();
    await other.put({ _id: 'number', shopId: 's1', active: 1 });
    expect((await offers.find({ active: true })).map((o) => o._id)).toEqual(['bool']);
    expect((await offers.find({ active: 1 })).map((o) => o._id)).toEqual(['number']);
    expect(await offers.count({ shopId: 's1', active: true })).toBe(1);
    expect(countPlan({ active: true }).sql).toMatch(/json_type/);
  });

  it('keeps ranges within one type once a field holds numbers and strings', async () => {
    const offers = await offersOf();
    await offers.bulkPut([
      { _id: 'n', shopId: 's1', active: true, rank: 5 },
      { _id: 'm', shopId: 's1', active: true, rank: 50 },
    ]);
    expect((await offers.find({ rank: { $gt: 10 } })).map((o) => o._id)).toEqual(['m']);
    await offers.put({ _id: 'text', shopId: 's1', active: true, rank: 'top' });
    // SQLite ranks any text above any number; Mongo compares within a type only.
    expect((await offers.find({ rank: { $gt: 10 } })).map((o) => o._id)).toEqual(['m']);
    expect((await offers.find({ rank: { $gt: 'a' } })).map((o) => o._id)).toEqual(['text']);
  });

  it('learns the kinds of documents stored before kinds were recorded, when the store opens', async () => {
    const offers = await offersOf();
    await offers.bulkPut([
      { _id: 'bool', shopId: 's1', active: true },
      { _id: 'number', shopId: 's1', active: 1 },
    ]);
    await Promise.all(opened.splice(0).map((store) => store.close()));
    const db = new Database(path);
    db.prepare(`DELETE FROM ${VALUE_TYPES_TABLE}`).run();
    db.close();
    expect(kindsOnDisk()).toEqual({});

    const reopened = await offersOf();
    expect(kindsOnDisk()).toEqual({ shopId: ['string'], active: ['boolean', 'number'], rank: [] });
    expect((await reopened.find({ active: true })).map((o) => o._id)).toEqual(['bool']);
  });

  it('forgets a kind whose write rolled back', async () => {
    const offers = await offersOf();
    await offers.put({ _id: 'a', shopId: 's1', active: true });
    // The second document breaks the batch (no _id): nothing of it may stay, its kinds included.
    await expect(
      offers.bulkPut([{ _id: 'b', shopId: 's1', active: 1 }, { shopId: 's1', active: true } as unknown as Offer]),
    ).rejects.toThrow();
    expect(kindsOnDisk().active).toEqual(['boolean']);
    await offers.put({ _id: 'b', shopId: 's1', active: 1 });
    expect(kindsOnDisk().active).toEqual(['boolean', 'number']);
    expect((await offers.find({ active: true })).map((o) => o._id)).toEqual(['a']);
  });
});
