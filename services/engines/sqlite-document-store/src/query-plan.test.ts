import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { DocumentStore, Filter, FindOptions } from '@pc/kit/ports/document-store';
import { tableName } from './collection-schema.js';
import { openEmbeddedDocumentStore } from './embedded-document-store.js';
import { indexedPaths } from './index-columns.js';
import { compileCount, compileFind } from './query-sql.js';

// The indexes only help if the SQL the adapter generates is what SQLite matches them against:
// these tests read SQLite's own plan for the adapter's queries.

const INDEXES = [{ fields: ['price'] }, { fields: ['shop.id', 'price'] }, { fields: ['sku'], unique: true }];
const INDEXED = new Set(indexedPaths(INDEXES));

let dir: string;
let store: DocumentStore;
let inspector: Database.Database;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pc-docstore-plan-'));
  const path = join(dir, 'documents.sqlite');
  store = await openEmbeddedDocumentStore({ path });
  const offers = await store.collection({ name: 'offers', indexes: INDEXES });
  await offers.bulkPut(
    Array.from({ length: 2000 }, (_, i) => ({
      _id: `o${i}`,
      sku: `sku-${i}`,
      price: (i * 37) % 5000,
      shop: { id: `s${i % 40}` },
      title: `offer ${i}`,
      tags: ['a', `t${i % 7}`],
    })),
  );
  inspector = new Database(path, { readonly: true });
});

afterAll(async () => {
  inspector.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

function plan(filter: Filter, options?: FindOptions, arrayPaths: ReadonlySet<string> = new Set(['tags'])): string {
  const query = compileFind(tableName('offers'), filter, options, arrayPaths, INDEXED);
  const rows = inspector.prepare(`EXPLAIN QUERY PLAN ${query.sql}`).all(...query.params) as { detail: string }[];
  return rows.map((row) => row.detail).join(' | ');
}

describe('query plans of the embedded document store', () => {
  it('finds by equality on an indexed field through its index', () => {
    expect(plan({ price: 100 })).toMatch(/SEARCH t USING INDEX cx_offers\(price\) \(x:price=\?\)/);
  });

  it('serves a range with a descending sort from the index, without sorting', () => {
    const detail = plan({ price: { $gte: 100, $lt: 200 } }, { sort: { price: -1 }, limit: 20 });
    expect(detail).toMatch(/USING INDEX cx_offers\(price\) \(x:price>\? AND x:price<\?\)/);
    expect(detail).not.toMatch(/TEMP B-TREE/);
  });

  it('serves equality on the first field of a compound index sorted by the second, without sorting', () => {
    const detail = plan({ 'shop.id': 's3' }, { sort: { price: 1 }, skip: 5, limit: 10 });
    expect(detail).toMatch(/USING INDEX cx_offers\(shop\.id,price\) \(x:shop\.id=\?\)/);
    expect(detail).not.toMatch(/TEMP B-TREE/);
  });

  it('needs no sort for a sort on a field pinned by the filter', () => {
    const detail = plan({ price: 740 }, { sort: { price: -1 } });
    expect(detail).toMatch(/USING INDEX cx_offers\(price\)/);
    expect(detail).not.toMatch(/TEMP B-TREE/);
  });

  it('uses the index for $in and for a unique field', () => {
    expect(plan({ 'shop.id': { $in: ['s1', 's2'] } })).toMatch(
      /USING INDEX cx_offers\(shop\.id,price\) \(x:shop\.id=\?\)/,
    );
    expect(plan({ sku: 'sku-7' })).toMatch(/USING INDEX cux_offers\(sku\) \(x:sku=\?\)/);
  });

  it('counts through the index', () => {
    const query = compileCount(tableName('offers'), { price: { $lt: 50 } }, new Set(), INDEXED);
    const detail = (inspector.prepare(`EXPLAIN QUERY PLAN ${query.sql}`).all(...query.params) as { detail: string }[])
      .map((row) => row.detail)
      .join(' | ');
    expect(detail).toMatch(/USING INDEX cx_offers\(price\) \(x:price<\?\)/);
  });

  it('scans for an unindexed field and walks json_each for a field that held arrays', () => {
    expect(plan({ title: 'offer 3' })).toMatch(/^SCAN t\b/);
    expect(plan({ tags: 't3' })).toMatch(/SCAN t\b.*SCAN e0 VIRTUAL TABLE/);
  });

  it('returns what the plans promise', async () => {
    const offers = await store.collection<{ _id: string; price: number; shop: { id: string } }>({ name: 'offers' });
    const found = await offers.find({ 'shop.id': 's3' }, { sort: { price: 1 }, limit: 5 });
    const prices = found.map((offer) => offer.price);
    expect(found.every((offer) => offer.shop.id === 's3')).toBe(true);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(await offers.count({ price: { $lt: 50 } })).toBe(
      Array.from({ length: 2000 }, (_, i) => (i * 37) % 5000).filter((p) => p < 50).length,
    );
  });
});
