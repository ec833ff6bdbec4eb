import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Collection, Document, DocumentStore, IndexSpec } from '@pc/kit/ports/document-store';
import { tableName } from './collection-schema.js';
import { openEmbeddedDocumentStore } from './embedded-document-store.js';
import { indexColumnName, indexedPaths } from './index-columns.js';
import { compileFind } from './query-sql.js';

// The index columns (index-columns.ts) must always equal json_extract(doc, '$.path'): queries
// compare the columns instead of the documents, and an update sets only the columns it changes.

type Doc = Document & Record<string, unknown>;

let dir: string;
let sequence = 0;
const stores: DocumentStore[] = [];
const nextPath = () => join(dir, `documents-${++sequence}.sqlite`);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'pc-docstore-idxcols-'));
});
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function open(path: string, name: string, indexes: readonly IndexSpec[]): Promise<Collection<Doc>> {
  const store = await openEmbeddedDocumentStore({ path });
  stores.push(store);
  return store.collection<Doc>({ name, indexes });
}

function withRaw<R>(path: string, fn: (db: Database.Database) => R): R {
  const db = new Database(path);
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

/** The rows (by _id) whose index column differs from json_extract, in value or in SQL type. */
function mismatches(path: string, collection: string, paths: readonly string[]): string[] {
  return withRaw(path, (db) =>
    paths.flatMap((p) => {
      const column = indexColumnName(p);
      const extract = `json_extract(doc, '$.${p}')`;
      const sql = `SELECT _id FROM ${tableName(collection)} WHERE NOT (${column} IS ${extract} AND typeof(${column}) = typeof(${extract}))`;
      return (db.prepare(sql).pluck().all() as string[]).map((id) => `${id} at ${p}`);
    }),
  );
}

function planOf(
  path: string,
  collection: string,
  indexes: readonly IndexSpec[],
  filter: object,
  sort?: Record<string, 1 | -1>,
): string {
  return withRaw(path, (db) => {
    const query = compileFind(
      tableName(collection),
      filter,
      sort && { sort },
      new Set(),
      new Set(indexedPaths(indexes)),
    );
    return (db.prepare(`EXPLAIN QUERY PLAN ${query.sql}`).all(...query.params) as { detail: string }[])
      .map((r) => r.detail)
      .join(' | ');
  });
}

const ids = (docs: readonly { _id: string }[]) => docs.map((d) => d._id);

describe('index columns: a table of the expression-index layout', () => {
  const INDEXES = [{ fields: ['shop.id', 'price'] }, { fields: ['sku'], unique: true }, { fields: ['active'] }];
  const docs = Array.from({ length: 300 }, (_, i) => ({
    _id: `o${String(i).padStart(3, '0')}`,
    sku: `sku-${i}`,
    price: (i * 37) % 500,
    shop: { id: `s${i % 7}` },
    active: i % 3 === 0,
    title: `offer ${i}`,
  }));

  /** What the older code created: expression indexes named ix_/ux_, one no longer declared. */
  function createLegacyStore(path: string): void {
    withRaw(path, (db) => {
      db.pragma('journal_mode = WAL');
      db.exec(`CREATE TABLE "c_offers" (_id TEXT PRIMARY KEY NOT NULL, version INTEGER NOT NULL, doc TEXT NOT NULL)`);
      db.exec(
        `CREATE INDEX "ix_offers(shop.id,price)" ON "c_offers" (json_extract(doc, '$.shop.id'), json_extract(doc, '$.price'), _id)`,
      );
      db.exec(`CREATE UNIQUE INDEX "ux_offers(sku)" ON "c_offers" (json_extract(doc, '$.sku'))`);
      db.exec(`CREATE INDEX "ix_offers(active)" ON "c_offers" (json_extract(doc, '$.active'), _id)`);
      db.exec(`CREATE INDEX "ix_offers(title)" ON "c_offers" (json_extract(doc, '$.title'), _id)`);
      const insert = db.prepare('INSERT INTO "c_offers" (_id, version, doc) VALUES (?, 2, ?)');
      for (const { _id, ...rest } of docs) insert.run(_id, JSON.stringify(rest));
    });
  }

  const indexNames = (path: string) =>
    withRaw(path, (db) =>
      db
        .prepare(
          "SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'c_offers' AND sql IS NOT NULL ORDER BY name",
        )
        .pluck()
        .all(),
    );

  it('is migrated at open: columns filled, column indexes in place of the expression indexes of the declared specs', async () => {
    const path = nextPath();
    createLegacyStore(path);
    const offers = await open(path, 'offers', INDEXES);

    expect(indexNames(path)).toEqual([
      'cux_offers(sku)',
      'cx_offers(active)',
      'cx_offers(shop.id,price)',
      'ix_offers(title)',
    ]);
    expect(mismatches(path, 'offers', ['shop.id', 'price', 'sku', 'active'])).toEqual([]);
    expect(planOf(path, 'offers', INDEXES, { 'shop.id': 's3' }, { price: 1 })).toMatch(
      /USING INDEX cx_offers\(shop\.id,price\) \(x:shop\.id=\?\)/,
    );
    expect(planOf(path, 'offers', INDEXES, { sku: 'sku-9' })).toMatch(/USING INDEX cux_offers\(sku\) \(x:sku=\?\)/);

    const byShop = await offers.find({ 'shop.id': 's3' }, { sort: { price: 1 } });
    const expected = docs
      .filter((d) => d.shop.id === 's3')
      .sort((a, b) => a.price - b.price || a._id.localeCompare(b._id));
    expect(ids(byShop)).toEqual(ids(expected));
    expect(ids(await offers.find({ active: true, price: { $lt: 100 } }))).toEqual(
      ids(docs.filter((d) => d.active && d.price < 100)),
    );
    expect(await offers.get('o007')).toEqual({ ...docs[7], _version: 2 });
    // The planner statistics exist for the new indexes (the old ones' went with them).
    const stats = withRaw(path, (db) =>
      db.prepare("SELECT idx FROM sqlite_stat1 WHERE tbl = 'c_offers' ORDER BY idx").pluck().all(),
    );
    expect(stats).toEqual(['cux_offers(sku)', 'cx_offers(active)', 'cx_offers(shop.id,price)']);
  });

  it('is migrated once: opening again, or by a second store, changes nothing and keeps uniqueness', async () => {
    const path = nextPath();
    createLegacyStore(path);
    const first = await open(path, 'offers', INDEXES);
    const second = await open(path, 'offers', INDEXES);
    expect(indexNames(path)).toEqual([
      'cux_offers(sku)',
      'cx_offers(active)',
      'cx_offers(shop.id,price)',
      'ix_offers(title)',
    ]);
    await expect(second.put({ _id: 'dup', sku: 'sku-1' })).rejects.toMatchObject({ name: 'AlreadyExistsError' });
    await first.put({ _id: 'new', sku: 'sku-new', price: 1, shop: { id: 's3' } });
    expect(ids(await second.find({ 'shop.id': 's3', price: 1 }))).toEqual(['new']);
  });
});

describe('index columns: writes', () => {
  const INDEXES = [{ fields: ['shop.id', 'price'] }, { fields: ['active'] }, { fields: ['rank'] }];
  const PATHS = indexedPaths(INDEXES);
  const base = { _id: 'a', shop: { id: 's1' }, price: 10, active: true, rank: 3, note: 'x' };

  async function seeded(): Promise<{ path: string; col: Collection<Doc> }> {
    const path = nextPath();
    const col = await open(path, 'items', INDEXES);
    await col.bulkPut([base, { ...base, _id: 'b', price: 20, active: false, rank: 4 }]);
    return { path, col };
  }

  const columnsOf = (path: string, id: string) =>
    withRaw(
      path,
      (db) =>
        db
          .prepare(`SELECT ${PATHS.map(indexColumnName).join(', ')} FROM "c_items" WHERE _id = ?`)
          .raw()
          .get(id) as unknown[] | undefined,
    );

  it('keeps the index columns of an update that changes only an unindexed field', async () => {
    const { path, col } = await seeded();
    const before = columnsOf(path, 'a');
    await col.update('a', (cur) => cur && { ...cur, note: 'y' });
    expect(columnsOf(path, 'a')).toEqual(before);
    expect(before).toEqual(['s1', 10, 1, 3]);
    expect(ids(await col.find({ 'shop.id': 's1', price: 10 }))).toEqual(['a']);
    expect(ids(await col.find({ active: true }))).toEqual(['a']);
    expect(mismatches(path, 'items', PATHS)).toEqual([]);
  });

  it('finds an updated indexed value by the new value and not by the old', async () => {
    const { path, col } = await seeded();
    await col.update('a', (cur) => cur && { ...cur, price: 15 });
    expect(ids(await col.find({ price: 15 }))).toEqual(['a']);
    expect(ids(await col.find({ price: 10 }))).toEqual([]);
    expect(ids(await col.find({ 'shop.id': 's1' }, { sort: { price: -1 } }))).toEqual(['b', 'a']);

    await col.put({ ...base, price: 15, active: false });
    expect(ids(await col.find({ active: false }))).toEqual(['a', 'b']);
    expect(ids(await col.find({ active: true }))).toEqual([]);

    // present → missing, missing → present
    await col.bulkPut([
      { _id: 'a', shop: { id: 's1' }, price: 15, active: false },
      { ...base, _id: 'b', rank: 7 },
    ]);
    expect(ids(await col.find({ rank: 3 }))).toEqual([]);
    expect(ids(await col.find({ rank: null }))).toEqual(['a']);
    expect(ids(await col.find({ rank: { $exists: false } }))).toEqual(['a']);
    await col.update('a', (cur) => cur && { ...cur, rank: 9 });
    expect(ids(await col.find({ rank: 9 }))).toEqual(['a']);
    expect(ids(await col.find({ rank: null }))).toEqual([]);
    expect(mismatches(path, 'items', PATHS)).toEqual([]);
  });

  it('holds NULL for a path that now runs through an array, and still finds the element by filter', async () => {
    const { path, col } = await seeded();
    await col.update('a', (cur) => cur && { ...cur, shop: [{ id: 's9' }] });
    expect(columnsOf(path, 'a')![0]).toBeNull();
    expect(mismatches(path, 'items', PATHS)).toEqual([]);
    expect(ids(await col.find({ 'shop.id': 's9' }))).toEqual(['a']);
    expect(ids(await col.find({ 'shop.id': 's1' }))).toEqual(['b']);
  });

  it('keeps the columns another store added true when this store writes', async () => {
    const path = nextPath();
    const narrow = await open(path, 'items', [{ fields: ['price'] }]);
    await narrow.put({ _id: 'a', price: 1, rank: 1 });
    const wide = await open(path, 'items', [{ fields: ['price'] }, { fields: ['rank'] }]);
    // `narrow` opened before the rank column existed; its writes must fill it all the same.
    await narrow.put({ _id: 'b', price: 2, rank: 2 });
    await narrow.update('a', (cur) => cur && { ...cur, rank: 5 });
    expect(mismatches(path, 'items', ['price', 'rank'])).toEqual([]);
    expect(ids(await wide.find({ rank: 5 }))).toEqual(['a']);
    expect(ids(await wide.find({ rank: 2 }))).toEqual(['b']);
  });
});

describe('index columns: equal to json_extract for tricky documents', () => {
  const PATHS = ['a', 'a.b', 'a.0', 'a.b.c', 'n', 's', 'flag', 'obj', 'd'];
  const INDEXES = PATHS.map((path) => ({ fields: [path] }));
  const tricky: Record<string, unknown>[] = [
    { a: [{ b: 1 }] },
    { a: ['x', 'y'] },
    { a: { b: { c: true } } },
    { a: { b: { c: false } } },
    { a: { 0: 'zero', b: [1, 2] } },
    { a: { b: 'str' } },
    { a: 'str' },
    { a: null },
    { a: undefined, n: undefined },
    { a: {} },
    { n: 1 },
    { n: 1.5 },
    { n: -0 },
    { n: 0 },
    { n: -7 },
    { n: 1e21 },
    { n: 2 ** 53 + 2 },
    { n: -(2 ** 63) },
    { n: 2 ** 63 },
    { n: 2 ** 63 - 1024 },
    { n: -(2 ** 63) + 1024 },
    { n: 1e-7 },
    { n: Number.NaN },
    { n: Infinity },
    { s: '' },
    { s: 'é\u2028"\\\n' },
    { s: '{"looks":"like json"}' },
    { s: 'lone \ud800 surrogate' },
    { s: 'a backslash before \\ud800 text' },
    { obj: { s: 'lone \udc00 in an object', pair: '\ud83d\ude00' } },
    { flag: false },
    { flag: true },
    { obj: { x: 1, y: [1, 'a', null, 2.5], z: { w: 'é' } } },
    { obj: [] },
    { obj: { toJSON: () => 'from toJSON' } },
    { d: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) },
    { s: Object('boxed'), n: Object(3) },
  ];
  const docs = (prefix: string) => tricky.map((doc, i) => ({ _id: `${prefix}${i}`, ...doc }) as Doc);

  it('after put, bulkPut and update', async () => {
    const path = nextPath();
    const col = await open(path, 'tricky', INDEXES);
    for (const doc of docs('p')) await col.put(doc);
    await col.bulkPut(docs('b'));
    // Every document rewritten with the next one's content: every column changes or keeps its value.
    const all = docs('b');
    await Promise.all(
      all.map((doc, i) => col.update(doc._id, () => ({ ...tricky[(i + 1) % tricky.length], _id: doc._id }))),
    );
    expect(mismatches(path, 'tricky', PATHS)).toEqual([]);
  });

  it('after the backfill of an existing table', async () => {
    const path = nextPath();
    const plain = await open(path, 'tricky', []);
    await plain.bulkPut(docs('p'));
    await open(path, 'tricky', INDEXES);
    expect(mismatches(path, 'tricky', PATHS)).toEqual([]);
  });
});

describe('index columns: a lone surrogate', () => {
  it('is stored as U+FFFD, in the document and its column, and found by either spelling', async () => {
    const path = nextPath();
    const col = await open(path, 'lone', [{ fields: ['s'] }, { fields: ['obj'] }]);
    await col.put({ _id: 'a', s: 'x\ud800y', obj: { t: 'z\udfffz' } });
    await col.bulkPut([{ _id: 'b', s: 'x\\ud800y' }]);
    expect(await col.get('a')).toMatchObject({ s: 'x\ufffdy', obj: { t: 'z\ufffdz' } });
    expect((await col.get('b'))?.s).toBe('x\\ud800y'); // the text "\ud800" is no surrogate
    expect(mismatches(path, 'lone', ['s', 'obj'])).toEqual([]);
    for (const operand of ['x\ud800y', 'x\ufffdy']) {
      expect((await col.find({ s: operand })).map((doc) => doc._id)).toEqual(['a']);
      expect((await col.find({ s: { $in: [operand, 'other'] } })).map((doc) => doc._id)).toEqual(['a']);
      expect((await col.find({ s: { $gte: operand, $lte: operand } })).map((doc) => doc._id)).toEqual(['a']);
    }
  });

  it('is refused in an _id', async () => {
    const col = await open(nextPath(), 'lone', []);
    await expect(col.put({ _id: 'id\ud800' })).rejects.toMatchObject({
      violations: [{ field: 'document._id', reason: 'must be well-formed Unicode (no lone surrogate)' }],
    });
  });
});
