import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InvalidArgumentError } from '@pc/kit/errors/domain-errors';
import type { SearchDocument, SearchIndex, SearchIndexHandle } from '@pc/kit/ports/search-index';
import { openEmbeddedSearchIndex } from './embedded-search-index.js';
import { MatchCache, TextChanges } from './match-cache.js';
import { intersectRows, patchRows, unionRows } from './row-sets.js';
import { answers, random, randomWrites, WORKLOAD_SCHEMA as schema } from './search-workload.test-helpers.js';

describe('the embedded engine caches text matches and keeps them exact', () => {
  const engines: SearchIndex[] = [];
  const open = async (matchCacheRows: number, path = ':memory:'): Promise<SearchIndexHandle<SearchDocument>> => {
    const engine = await openEmbeddedSearchIndex({ path, matchCacheRows });
    engines.push(engine);
    return engine.index(schema);
  };
  afterEach(async () => {
    for (const engine of engines.splice(0)) await engine.close();
  });

  it('answers like an engine without the cache through inserts, renames, price-only updates and deletes', async () => {
    const uncached = await open(0);
    const cached = await open(1_000_000);
    const tiny = await open(40); // evicts all the time
    const next = random(7);
    for (let step = 0; step < 60; step++) {
      const { writes, deletes } = randomWrites(next);
      for (const index of [uncached, cached, tiny]) {
        await index.upsert(writes);
        await index.delete(deletes);
      }
      const expected = await answers(uncached);
      expect(await answers(cached)).toEqual(expected);
      expect(await answers(tiny)).toEqual(expected);
    }
  });

  it('matches afresh when more texts changed than it remembers', async () => {
    const uncached = await open(0);
    const cached = await open(1_000_000);
    const first = [{ id: 'old', name: 'lite kamera', price: 1 }];
    for (const index of [uncached, cached]) await index.upsert(first);
    await answers(cached);
    const many = Array.from({ length: 9000 }, (_, i) => ({
      id: `n${i}`,
      name: i % 3 === 0 ? 'lite mini' : 'rot kabel',
      price: i,
    }));
    for (const index of [uncached, cached]) {
      await index.upsert(many);
      await index.delete(['old']);
    }
    expect(await answers(cached)).toEqual(await answers(uncached));
    expect((await cached.search({ text: 'lite ', hitsPerPage: 0 })).total).toBe(3000);
  });

  it('forgets what it cached when another connection writes the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'search-match-cache-'));
    try {
      const path = join(dir, 'search.sqlite');
      const reader = await open(1_000_000, path);
      const writer = await open(0, path);
      await reader.upsert([{ id: 'a', name: 'lite kamera', price: 1 }]);
      expect((await reader.search({ text: 'lite ', hitsPerPage: 0 })).total).toBe(1);
      await writer.upsert([{ id: 'b', name: 'lite mini', price: 2 }]);
      await reader.refresh();
      expect((await reader.search({ text: 'lite ', hitsPerPage: 0 })).total).toBe(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rejects a bad cache size', async () => {
    await expect(openEmbeddedSearchIndex({ path: ':memory:', matchCacheRows: -1 })).rejects.toThrow(
      InvalidArgumentError,
    );
    await expect(openEmbeddedSearchIndex({ path: ':memory:', matchCacheRows: 1.5 })).rejects.toThrow(/matchCacheRows/);
  });
});

describe('MatchCache', () => {
  const rows = (n: number) => ({ rows: new Int32Array(n), version: 0 });

  it('keeps at most its number of rows, dropping the least recently used entries first', () => {
    const cache = new MatchCache(10);
    cache.set('a', rows(4));
    cache.set('b', rows(4));
    cache.get('a');
    cache.set('c', rows(4));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.rows).toHaveLength(4);
    expect(cache.get('c')?.rows).toHaveLength(4);
    cache.set('huge', rows(11));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.size).toBe(2);
  });

  it('drops one index’s entries by key prefix', () => {
    const cache = new MatchCache(100);
    cache.set('1:x', rows(1));
    cache.set('2:x', rows(1));
    cache.deletePrefix('1:');
    expect(cache.get('1:x')).toBeUndefined();
    expect(cache.get('2:x')).toBeDefined();
  });
});

describe('TextChanges', () => {
  it('tells the latest values of each row changed since a version, until the history is forgotten', () => {
    const changes = new TextChanges(4);
    changes.record(5, ['a']);
    const after = changes.version;
    changes.record(3, ['b']);
    changes.record(5, null);
    expect([...(changes.changedSince(after, 10) ?? [])]).toEqual([
      [3, ['b']],
      [5, null],
    ]);
    expect(changes.changedSince(after, 1)).toBeNull();
    changes.record(1, ['c']);
    changes.record(2, ['d']); // 5 changes over a capacity of 4: the oldest are forgotten
    expect(changes.changedSince(0, 10)).toBeNull();
    expect(changes.changedSince(changes.version, 10)?.size).toBe(0);
  });
});

describe('row sets', () => {
  const of = (...values: number[]) => Int32Array.from(values);

  it('patches re-checked rows in and out of a match', () => {
    expect([...patchRows(of(1, 3, 5, 7), of(2, 3, 7, 9), of(2, 9))]).toEqual([1, 2, 5, 9]);
    expect([...patchRows(of(), of(4), of(4))]).toEqual([4]);
    expect([...patchRows(of(1, 4), of(4), of(4))]).toEqual([1, 4]);
  });

  it('intersects and unites ascending rows', () => {
    expect([...intersectRows(of(1, 2, 5, 8), of(2, 3, 8, 9))]).toEqual([2, 8]);
    expect([...intersectRows(of(), of(1))]).toEqual([]);
    expect([...unionRows(of(1, 5), of(2, 5, 9))]).toEqual([1, 2, 5, 5, 9]);
  });
});
