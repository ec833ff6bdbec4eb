import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { SearchDocument, SearchIndex, SearchIndexHandle } from '@pc/kit/ports/search-index';
import { encodeDocument } from '@pc/kit/ports/support/search/document-encoding';
import { planSchema } from '@pc/kit/ports/support/search/schema-plan';
import { catchUp } from './catch-up.js';
import { ensureCatalog } from './catalog.js';
import { openEmbeddedSearchIndex } from './embedded-search-index.js';
import { loadIndex } from './load-index.js';
import { MatchCache } from './match-cache.js';
import { answers, random, randomWrites, WORKLOAD_SCHEMA as schema } from './search-workload.test-helpers.js';

/** A second connection to a file (a query thread) follows the writer's commits through the change log. */
describe('a reading connection catching up with the change log', () => {
  let dir: string;
  const engines: SearchIndex[] = [];
  const open = async (matchCacheRows = 1_000_000): Promise<SearchIndexHandle<SearchDocument>> => {
    const engine = await openEmbeddedSearchIndex({ path: join(dir, 'search.sqlite'), matchCacheRows });
    engines.push(engine);
    return engine.index(schema);
  };
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'search-catch-up-'));
  });
  afterEach(async () => {
    for (const engine of engines.splice(0)) await engine.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers like the writer through inserts, renames, price-only updates and deletes', async () => {
    const writer = await open();
    const reader = await open();
    const next = random(11);
    for (let step = 0; step < 60; step++) {
      const { writes, deletes } = randomWrites(next);
      await writer.upsert(writes);
      await writer.delete(deletes);
      // Cached matches of the reader are brought up to date by the replayed text changes.
      expect(await answers(reader)).toEqual(await answers(writer));
      await expect(reader.count()).resolves.toBe(await writer.count());
    }
  });

  it('reloads every row when the log no longer reaches back to what it saw', async () => {
    const writer = await open();
    const reader = await open();
    await writer.upsert([{ id: 'a', name: 'lite kamera', brand: 'Acme', price: 1 }]);
    expect((await reader.search({ text: 'lite ', hitsPerPage: 0 })).total).toBe(1);
    await writer.upsert([
      { id: 'b', name: 'lite mini', brand: 'Lite', price: 2 },
      { id: 'a', name: 'rot kabel', brand: 'Acme', price: 3 },
    ]);
    const raw = new Database(join(dir, 'search.sqlite'));
    raw.exec('DELETE FROM ix1_changes');
    raw.close();
    await writer.upsert([{ id: 'c', name: 'lite max', brand: 'Lite', price: 4 }]);
    expect(await answers(reader)).toEqual(await answers(writer));
    expect((await reader.search({ text: 'lite ', hitsPerPage: 10 })).hits.map((hit) => hit.id).sort()).toEqual([
      'b',
      'c',
    ]);
  });

  it('re-reads only the changed rows: its columns and cached matches are kept', () => {
    const path = join(dir, 'search.sqlite');
    const [writerDb, readerDb] = [new Database(path), new Database(path)];
    try {
      for (const db of [writerDb, readerDb]) {
        db.pragma('journal_mode = WAL');
        ensureCatalog(db);
      }
      const plan = planSchema(schema);
      const encode = (docs: SearchDocument[]) => docs.map((doc, i) => encodeDocument(plan, doc, i));
      const written = loadIndex(writerDb, plan, null);
      const cache = new MatchCache(1_000_000);
      const read = loadIndex(readerDb, plan, cache);
      const lite = [{ exact: ['lite'], prefixes: [] }];
      written.writer.upsert(encode([{ id: 'a', name: 'lite kamera', brand: 'Acme', price: 1 }]));
      catchUp(readerDb, read);
      const columns = read.values;
      expect(read.matcher.matchRows(lite, 'en')).toHaveLength(1);
      expect(cache.size).toBe(1);

      written.writer.upsert(
        encode([
          { id: 'a', name: 'lite kamera', brand: 'Acme', price: 2 },
          { id: 'b', name: 'lite rot', brand: 'Lite', price: 5 },
        ]),
      );
      catchUp(readerDb, read);
      expect(read.values).toBe(columns);
      expect(columns.size).toBe(2);
      expect(columns.numbers[0]?.get(read.statements.rowidById.get('a') ?? -1)).toBe(2);
      expect(cache.size).toBe(1);
      expect(read.matcher.matchRows(lite, 'en')).toHaveLength(2);
    } finally {
      writerDb.close();
      readerDb.close();
    }
  });
});
