import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IndexSchema, SearchIndex } from '@pc/kit/ports/search-index';
import { openEmbeddedSearchIndex, type EmbeddedSearchIndexOptions } from './embedded-search-index.js';

/** The index's size on disk: per index, growing with documents, cached, and off the search thread. */
describe('embedded index storage', () => {
  let dir: string;
  const engines: SearchIndex[] = [];
  const path = (): string => join(dir, 'search.sqlite');
  const open = async (options: Partial<EmbeddedSearchIndexOptions> = {}): Promise<SearchIndex> => {
    const engine = await openEmbeddedSearchIndex({ path: path(), ...options });
    engines.push(engine);
    return engine;
  };
  const schema = (name: string): IndexSchema => ({
    name,
    fields: { name: { type: 'text' }, brand: { type: 'keyword' }, price: { type: 'number' } },
    suggestField: 'name',
  });
  const docs = (count: number, from = 0): { id: string; name: string; brand: string; price: number }[] =>
    Array.from({ length: count }, (_, i) => ({
      id: `d${from + i}`,
      name: `Gerät ${from + i} mit Zubehör und einer Beschreibung Nummer ${(from + i) * 7919}`,
      brand: `brand-${(from + i) % 50}`,
      price: from + i,
    }));

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'search-storage-'));
  });
  afterEach(async () => {
    for (const engine of engines.splice(0)) await engine.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('measures each index of the file on its own, and grows with its documents', async () => {
    const engine = await open({ storageMaxAgeMs: 0 });
    const small = await engine.index(schema('small'));
    const large = await engine.index(schema('large'));
    await small.upsert(docs(10));
    await large.upsert(docs(3000));
    const [smallSize, largeSize] = [await small.storage(), await large.storage()];
    expect(smallSize.bytes).toBeGreaterThan(0);
    expect(largeSize.bytes).toBeGreaterThan(smallSize.bytes * 4);
    // Both are shares of one file (WAL not yet checkpointed counts as the pages' size too).
    expect(smallSize.bytes + largeSize.bytes).toBeLessThanOrEqual(
      statSync(path()).size + statSync(`${path()}-wal`).size,
    );

    await small.upsert(docs(3000, 10));
    const grown = await small.storage();
    expect(grown.bytes).toBeGreaterThan(smallSize.bytes * 4);
    expect(grown.measuredAt.getTime()).toBeGreaterThanOrEqual(smallSize.measuredAt.getTime());
  });

  it('answers from its last measurement until it is older than the maximum age', async () => {
    const engine = await open({ storageMaxAgeMs: 60_000 });
    const index = await engine.index(schema('products'));
    await index.upsert(docs(10));
    const [first, concurrent] = await Promise.all([index.storage(), index.storage()]);
    // Concurrent asks share one measurement.
    expect(concurrent).toBe(first);
    await index.upsert(docs(3000, 10));
    await expect(index.storage()).resolves.toEqual(first);

    const fresh = await open({ storageMaxAgeMs: 0, path: join(dir, 'fresh.sqlite') });
    const remeasured = await fresh.index(schema('products'));
    await remeasured.upsert(docs(3010));
    expect((await remeasured.storage()).bytes).toBeGreaterThan(first.bytes * 4);
  });

  it('answers searches while a large index is being measured', async () => {
    const engine = await open({ storageMaxAgeMs: 0 });
    const index = await engine.index(schema('products'));
    for (let from = 0; from < 20_000; from += 10_000) await index.upsert(docs(10_000, from));
    const finished: string[] = [];
    const measuring = index.storage().then((storage) => {
      finished.push('storage');
      return storage;
    });
    // The measurement runs in the storage thread: this thread's event loop stays free for searches.
    const searched = await index.search({ text: 'zubehör', hitsPerPage: 5 });
    finished.push('search');
    expect(searched.total).toBe(20_000);
    const storage = await measuring;
    expect(finished).toEqual(['search', 'storage']);
    expect(storage.bytes).toBeGreaterThan(1024 * 1024);
  });

  it('measures an in-memory database on its own connection', async () => {
    const engine = await open({ path: ':memory:' });
    const index = await engine.index(schema('products'));
    await index.upsert(docs(100));
    expect((await index.storage()).bytes).toBeGreaterThan(0);
  });
});
