import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Collection, DocumentStore } from '@pc/kit/ports/document-store';
import { tableName } from './collection-schema.js';
import { openEmbeddedDocumentStore } from './embedded-document-store.js';
import { indexedPaths } from './index-columns.js';
import { rowsPerValue } from './index-statistics.js';
import { compileCount } from './query-sql.js';

interface Offer {
  readonly _id: string;
  readonly shopId: string;
  readonly active: boolean;
  readonly lastSeenAt: string;
  readonly price: { readonly amountMinor: number };
}

const INDEXES = [{ fields: ['shopId', 'active', 'price.amountMinor'] }, { fields: ['active', 'lastSeenAt'] }];
// The query of a shop's listed offers that SQLite planned through (active, lastSeenAt) without
// statistics: a scan of every active offer of every shop.
const SHOP_LISTING = { shopId: 'shop-7', active: true, lastSeenAt: { $gte: '2026-01-01T00:00:00.000Z' } };

let dir: string;
let path: string;
let store: DocumentStore;
let offers: Collection<Offer>;

const offer = (i: number): Offer => ({
  _id: `o${i}`,
  shopId: `shop-${i % 60}`,
  active: i % 3 !== 0,
  lastSeenAt: new Date(Date.UTC(2026, 0, 1) + (i % 500) * 60_000).toISOString(),
  price: { amountMinor: (i * 37) % 10_000 },
});

function planOf(filter: object): string {
  const inspector = new Database(path, { readonly: true });
  try {
    const query = compileCount(tableName('offers'), filter, new Set(), new Set(indexedPaths(INDEXES)));
    const rows = inspector.prepare(`EXPLAIN QUERY PLAN ${query.sql}`).all(...query.params) as { detail: string }[];
    return rows.map((row) => row.detail).join(' | ');
  } finally {
    inspector.close();
  }
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pc-docstore-stats-'));
  path = join(dir, 'documents.sqlite');
  store = await openEmbeddedDocumentStore({ path });
  offers = await store.collection<Offer>({ name: 'offers', indexes: INDEXES });
  await offers.bulkPut(Array.from({ length: 6000 }, (_, i) => offer(i)));
  await nextTurn(); // the refresh that the writes scheduled
});

afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('planner statistics of the embedded document store', () => {
  it('lets SQLite serve a shop listing through the shop index once the collection has grown', () => {
    expect(planOf(SHOP_LISTING)).toMatch(
      /USING INDEX cx_offers\(shopId,active,price\.amountMinor\) \(x:shopId=\? AND x:active=\?\)/,
    );
  });

  it('is what makes the difference: without statistics SQLite picks the scan of active offers', () => {
    const writer = new Database(path);
    const saved = writer.prepare("SELECT tbl, idx, stat FROM sqlite_stat1 WHERE tbl = 'c_offers'").all() as {
      tbl: string;
      idx: string;
      stat: string;
    }[];
    writer.exec("DELETE FROM sqlite_stat1 WHERE tbl = 'c_offers'");
    try {
      expect(planOf(SHOP_LISTING)).toMatch(/USING INDEX cx_offers\(active,lastSeenAt\)/);
    } finally {
      const insert = writer.prepare('INSERT INTO sqlite_stat1 (tbl, idx, stat) VALUES (?, ?, ?)');
      for (const row of saved) insert.run(row.tbl, row.idx, row.stat);
      writer.close();
    }
  });

  it('has statistics for an existing collection as soon as it is opened again', async () => {
    await store.close();
    const writer = new Database(path);
    writer.exec("DELETE FROM sqlite_stat1 WHERE tbl = 'c_offers'");
    writer.close();
    store = await openEmbeddedDocumentStore({ path });
    offers = await store.collection<Offer>({ name: 'offers', indexes: INDEXES });
    expect(planOf(SHOP_LISTING)).toMatch(/USING INDEX cx_offers\(shopId,active,price\.amountMinor\)/);
    expect(await offers.count(SHOP_LISTING)).toBe(
      Array.from({ length: 6000 }, (_, i) => offer(i)).filter((o) => o.shopId === 'shop-7' && o.active).length,
    );
  });
});

describe('planner statistics at open', () => {
  const statsOfOffers = () => {
    const inspector = new Database(path, { readonly: true });
    try {
      return inspector.prepare("SELECT idx, stat FROM sqlite_stat1 WHERE tbl = 'c_offers' ORDER BY idx").all() as {
        idx: string;
        stat: string;
      }[];
    } finally {
      inspector.close();
    }
  };
  /** Closes the store, sets every offers index's statistics to `stat`, opens it again. */
  const reopenWithStats = async (stat: string) => {
    await store.close();
    const writer = new Database(path);
    writer.prepare("UPDATE sqlite_stat1 SET stat = ? WHERE tbl = 'c_offers'").run(stat);
    writer.close();
    store = await openEmbeddedDocumentStore({ path });
    offers = await store.collection<Offer>({ name: 'offers', indexes: INDEXES });
  };

  it('keeps the stored statistics while they describe the table: a restart does not count a large table again', async () => {
    // 6,000 rows, as the table holds; the per-prefix figures are ones a refresh would not write.
    await reopenWithStats('6000 1234 567 89 1');
    expect(statsOfOffers().map((row) => row.stat)).toEqual(['6000 1234 567 89 1', '6000 1234 567 89 1']);
  });

  it('refreshes them at open once the table has grown past twice the count they were taken at', async () => {
    await reopenWithStats('2000 1234 567 89 1');
    const stats = statsOfOffers();
    expect(stats).toHaveLength(2);
    for (const { stat } of stats) expect(stat.split(' ')[0]).toBe('6000');
  });
});

describe('rowsPerValue (distinct values estimated from a sample)', () => {
  const sample = (n: number, value: (i: number) => unknown) => Array.from({ length: n }, (_, i) => ({ x: value(i) }));

  it('is exact when the sample is the whole table', () => {
    expect(
      rowsPerValue(
        sample(600, (i) => i % 60),
        ['x'],
        600,
      ),
    ).toBe(10);
  });

  it('sees a low-cardinality column as such in a large table', () => {
    expect(
      rowsPerValue(
        sample(2000, (i) => i % 2 === 0),
        ['x'],
        1_000_000,
      ),
    ).toBe(500_000);
    expect(
      rowsPerValue(
        sample(2000, (i) => `shop-${i % 60}`),
        ['x'],
        1_000_000,
      ),
    ).toBe(16_667);
  });

  it('extrapolates a column whose sampled values are all distinct to about one row per value', () => {
    expect(
      rowsPerValue(
        sample(2000, (i) => `id-${i}`),
        ['x'],
        1_000_000,
      ),
    ).toBeLessThanOrEqual(23);
  });
});
