import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  IndexSchema,
  SearchDocument,
  SearchIndex,
  SearchIndexHandle,
  SearchRequest,
  SearchResult,
} from '@pc/kit/ports/search-index';
import { openEmbeddedSearchIndex } from './embedded-search-index.js';
import { random } from './search-workload.test-helpers.js';

const schema: IndexSchema = {
  name: 'products',
  fields: {
    name: { type: 'text', boost: 4 },
    category: { type: 'text', boost: 1.5 },
    brand: { type: 'keyword' },
    price: { type: 'number' },
  },
};
// Words with stems and folded forms in several languages, so stem columns and prefixes take part.
const WORDS = [
  'kamera',
  'kameras',
  'camera',
  'cameras',
  'lite',
  'lights',
  'mini',
  'rot',
  'rote',
  'akku',
  'akkus',
  'pro',
  'kühlschrank',
  'kühlschränke',
  'max',
];
const CATEGORIES = ['foto kamera zubehör', 'küche kühlschrank', 'licht lite', 'audio'];

/** Relevance-ordered queries: single words, AND of words, a partial last word (prefix), a keyword equal to the text. */
const QUERIES: SearchRequest[] = [
  ...['kamera', 'lite', 'pro', 'akku', 'kühlschrank', 'rote'].map((text) => ({ text: `${text} ` })),
  { text: 'kamera rot ' },
  { text: 'mini ka' },
  { text: 'li' },
  { text: 'kameras', language: 'en' },
  { text: 'Lite' },
  { text: 'lite ', filters: [{ field: 'brand', anyOf: ['Acme'] }] },
  { text: 'pro ', page: 2, hitsPerPage: 7 },
];

function randomDocuments(next: () => number, count: number, ids: number): SearchDocument[] {
  const pick = (): string => WORDS[Math.floor(next() * WORDS.length)] ?? 'rot';
  return Array.from({ length: count }, () => {
    const repeated = pick();
    // Some names repeat a word: bm25 counts each occurrence (term frequency).
    const name =
      next() < 0.2 ? `${repeated} ${pick()} ${repeated}` : `${pick()} ${pick()} ${next() < 0.5 ? pick() : ''}`;
    return {
      id: `p${Math.floor(next() * ids)}`,
      name,
      category: CATEGORIES[Math.floor(next() * CATEGORIES.length)] ?? '',
      brand: next() < 0.3 ? 'Lite' : 'Acme',
      price: Math.floor(next() * 1000),
    };
  });
}

const ranking = (result: SearchResult<SearchDocument>) => ({
  total: result.total,
  hits: result.hits.map((hit) => [hit.id, hit.score] as const),
});

/**
 * With a match cache the engine computes bm25 itself from cached postings and in-memory lengths
 * (`bm25.ts`) for phrases asked for before; otherwise FTS5 does. Order and scores must be the
 * same either way: through inserts, renames and deletes that patch the cached postings, and on a
 * second connection (a query thread) that follows the writes through the change log.
 */
describe('relevance scored in memory', () => {
  let dir: string;
  const engines: SearchIndex[] = [];
  const open = async (path: string, matchCacheRows: number): Promise<SearchIndexHandle<SearchDocument>> => {
    const engine = await openEmbeddedSearchIndex({ path, matchCacheRows });
    engines.push(engine);
    return engine.index(schema);
  };
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'search-relevance-'));
  });
  afterEach(async () => {
    for (const engine of engines.splice(0)) await engine.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const expectSameRanking = async (
    actual: SearchIndexHandle<SearchDocument>,
    fts5: SearchIndexHandle<SearchDocument>,
  ): Promise<void> => {
    for (const query of QUERIES) {
      const theirs = ranking(await fts5.search(query));
      // The first time a phrase is asked for FTS5 scores it, from then on this engine does.
      for (const mine of [ranking(await actual.search(query)), ranking(await actual.search(query))]) {
        expect({ query, total: mine.total, ids: mine.hits.map(([id]) => id) }).toEqual({
          query,
          total: theirs.total,
          ids: theirs.hits.map(([id]) => id),
        });
        const differing = mine.hits.filter(
          ([, score], i) => !(Math.abs(score - (theirs.hits[i]?.[1] ?? Number.NaN)) < 1e-9),
        );
        expect({ query, differing }).toEqual({ query, differing: [] });
      }
    }
  };

  it("equals FTS5's bm25 through inserts, renames, deletes and a bulk load", async () => {
    const path = join(dir, 'search.sqlite');
    const writer = await open(path, 1_000_000);
    const reader = await open(path, 1_000_000);
    const fts5 = await open(path, 0);
    const next = random(23);
    await writer.upsert(randomDocuments(next, 300, 300));
    for (let step = 0; step < 25; step++) {
      await writer.upsert(randomDocuments(next, 1 + Math.floor(next() * 8), 300));
      if (next() < 0.4) await writer.delete([`p${Math.floor(next() * 300)}`]);
      // A step with more text changes than a reader replays one by one (it then re-reads lengths only).
      if (step === 12) await writer.upsert(randomDocuments(next, 1500, 1000));
      await expectSameRanking(writer, fts5);
      await expectSameRanking(reader, fts5);
    }
    const broad = await writer.search({ text: 'kamera ' });
    expect(broad.total).toBeGreaterThan(50);
    expect(new Set(broad.hits.map((hit) => hit.score)).size).toBeGreaterThan(3);
  });

  it('ranks a shorter name and a repeated word higher, and a name match above a category match', async () => {
    const index = await open(':memory:', 1_000_000);
    await index.upsert([
      { id: 'long', name: 'kamera mini pro max lite akku', category: 'audio', brand: 'Acme', price: 1 },
      { id: 'short', name: 'kamera mini', category: 'audio', brand: 'Acme', price: 1 },
      { id: 'twice', name: 'kamera mini kamera', category: 'audio', brand: 'Acme', price: 1 },
      { id: 'category', name: 'mini akku', category: 'foto kamera zubehör', brand: 'Acme', price: 1 },
    ]);
    expect((await index.search({ text: 'kamera ' })).hits.map((hit) => hit.id)).toEqual([
      'twice',
      'short',
      'long',
      'category',
    ]);
  });
});
