import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { FailedPreconditionError, InvalidArgumentError, UnavailableError } from '@pc/kit/errors/domain-errors';
import type { IndexSchema, SearchIndex } from '@pc/kit/ports/search-index';
import { openEmbeddedSearchIndex } from './embedded-search-index.js';

/** What only the embedded adapter has to show: a file on disk, schema changes, other connections. */
describe('openEmbeddedSearchIndex', () => {
  let dir: string;
  const engines: SearchIndex[] = [];
  const open = async (): Promise<SearchIndex> => {
    const engine = await openEmbeddedSearchIndex({ path: join(dir, 'nested', 'search.sqlite') });
    engines.push(engine);
    return engine;
  };
  const schema: IndexSchema = {
    name: 'products',
    fields: { name: { type: 'text' }, brand: { type: 'keyword' }, price: { type: 'number' } },
    suggestField: 'name',
  };
  const docs = [
    { id: 'a', name: 'Bosch Kühlschrank', brand: 'Bosch', price: 500 },
    { id: 'b', name: 'Miele Waschmaschine', brand: 'Miele', price: 800 },
  ];

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'search-embedded-'));
  });
  afterEach(async () => {
    for (const engine of engines.splice(0)) await engine.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps documents, text index, values and suggestions across a restart', async () => {
    const first = await open();
    await (await first.index(schema)).upsert(docs);
    await first.close();
    const index = await (await open()).index(schema);
    const result = await index.search({
      text: 'kuhlschranke',
      language: 'de',
      facets: [{ field: 'brand', type: 'terms' }],
    });
    expect(result.hits.map((hit) => hit.document)).toEqual([docs[0]]);
    expect(result.facets['brand']).toEqual([{ value: 'Bosch', count: 1 }]);
    await expect(index.suggest('mie')).resolves.toContain('Miele Waschmaschine');
  });

  it('opens an index written before texts_hash existed, and keeps it searchable and writable', async () => {
    const first = await open();
    await (await first.index(schema)).upsert(docs);
    await first.close();
    // The layout of older releases: the docs table without the texts_hash column.
    const db = new Database(join(dir, 'nested', 'search.sqlite'));
    const docsTable = db
      .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE '%\\_docs' ESCAPE '\\'`)
      .pluck()
      .get() as string;
    db.exec(`ALTER TABLE ${docsTable} DROP COLUMN texts_hash`);
    db.close();
    const index = await (await open()).index(schema);
    await index.upsert([{ ...docs[1]!, price: 750 }]);
    expect((await index.search({ text: 'waschmaschine', language: 'de' })).hits.map((hit) => hit.document)).toEqual([
      { ...docs[1], price: 750 },
    ]);
  });

  it('keeps the text index right through updates that change no text and updates that do', async () => {
    const index = await (await open()).index(schema);
    await index.upsert(docs);
    // A new price only: the FTS row and the suggestion are kept, not rewritten (texts_hash).
    await index.upsert([{ ...docs[0]!, price: 450 }]);
    const byText = await index.search({ text: 'kuhlschrank', language: 'de' });
    expect(byText.hits.map((hit) => hit.document)).toEqual([{ ...docs[0], price: 450 }]);
    expect(await index.suggest('bos')).toContain('Bosch Kühlschrank');
    // A new name: the old words stop matching, the new ones match, suggestions follow.
    await index.upsert([{ ...docs[0]!, name: 'Bosch Gefrierschrank', price: 450 }]);
    expect((await index.search({ text: 'kuhlschrank', language: 'de' })).total).toBe(0);
    expect((await index.search({ text: 'gefrierschrank', language: 'de' })).hits.map((hit) => hit.id)).toEqual(['a']);
    const suggestions = await index.suggest('bos');
    expect(suggestions).toContain('Bosch Gefrierschrank');
    expect(suggestions).not.toContain('Bosch Kühlschrank');
  });

  it('finds a keyword typed exactly through writes that give, take or keep that value (its rows are remembered between searches)', async () => {
    const index = await (await open()).index(schema);
    await index.upsert(docs);
    // 'Miele' is in no text field of 'c': only the exact keyword match finds it.
    const exact = async (): Promise<string[]> =>
      (await index.search({ text: 'MIELE', language: 'de' })).hits.map((hit) => hit.id).sort();
    expect(await exact()).toEqual(['b']);
    await index.upsert([{ id: 'c', name: 'Geschirrspüler G 7000', brand: 'Miele', price: 900 }]);
    expect(await exact()).toEqual(['b', 'c']);
    await index.upsert([{ ...docs[1]!, price: 700 }]); // keeps its brand
    expect(await exact()).toEqual(['b', 'c']);
    await index.upsert([{ id: 'c', name: 'Geschirrspüler G 7000', brand: 'Bosch', price: 900 }]);
    expect(await exact()).toEqual(['b']);
    await index.delete(['b']);
    expect(await exact()).toEqual([]);
  });

  it('rebuilds an existing index from its stored documents when the schema changes', async () => {
    const first = await open();
    await (await first.index(schema)).upsert(docs);
    await first.close();
    const widened: IndexSchema = { ...schema, fields: { ...schema.fields, brand: { type: 'text', boost: 2 } } };
    const index = await (await open()).index(widened);
    expect((await index.search({ text: 'miele' })).hits.map((hit) => hit.id)).toEqual(['b']);
    await expect(index.search({ facets: [{ field: 'brand', type: 'terms' }] })).rejects.toBeInstanceOf(
      InvalidArgumentError,
    );
  });

  it('refuses a schema change that stored documents do not fit, keeping the old index', async () => {
    const first = await open();
    await (await first.index(schema)).upsert(docs);
    await first.close();
    const second = await open();
    await expect(
      second.index({ ...schema, fields: { ...schema.fields, brand: { type: 'number' } } }),
    ).rejects.toBeInstanceOf(FailedPreconditionError);
    const index = await second.index(schema);
    expect((await index.search({ filters: [{ field: 'brand', anyOf: ['Miele'] }] })).total).toBe(1);
  });

  it('sees what another connection to the same file wrote', async () => {
    const reader = await (await open()).index(schema);
    const writer = await (await open()).index(schema);
    await writer.upsert(docs);
    await reader.refresh();
    const result = await reader.search({ filters: [{ field: 'price', gte: 600 }] });
    expect(result.hits.map((hit) => hit.id)).toEqual(['b']);
    await expect(reader.count()).resolves.toBe(2);
  });

  it('answers a repeated hit with the document it parsed before, and with the new one once written here or elsewhere', async () => {
    const reader = await (await open()).index(schema);
    const writer = await (await open()).index(schema);
    await reader.upsert(docs);
    const bosch = { id: 'a', name: 'Bosch Kühlschrank', brand: 'Bosch', price: 500 };
    const byBrand = async () =>
      (await reader.search({ filters: [{ field: 'brand', anyOf: ['Bosch'] }] })).hits[0]?.document;
    const first = await byBrand();
    expect(await byBrand()).toBe(first);
    // Shared by every caller, so no caller may change it.
    expect(Object.isFrozen(first)).toBe(true);

    await reader.upsert([{ ...bosch, price: 450 }]);
    expect(await byBrand()).toMatchObject({ id: 'a', price: 450 });

    await writer.upsert([{ ...bosch, price: 420 }]);
    await reader.refresh();
    expect(await byBrand()).toMatchObject({ id: 'a', price: 420 });

    await writer.upsert([{ ...bosch, name: 'Bosch Gefrierschrank' }]);
    await writer.delete(['b']);
    await reader.refresh();
    expect(await byBrand()).toMatchObject({ name: 'Bosch Gefrierschrank', price: 500 });
    await expect(reader.search({ filters: [{ field: 'brand', anyOf: ['Miele'] }] })).resolves.toMatchObject({
      total: 0,
      hits: [],
    });
  });

  it('answers from a query thread and from its own thread at once, with errors as without threads', async () => {
    const engine = await openEmbeddedSearchIndex({ path: join(dir, 'threads.sqlite'), queryThreads: 1 });
    engines.push(engine);
    const index = await engine.index(schema);
    await index.upsert(docs);
    await engine.loaded?.();
    await expect(engine.isReady()).resolves.toBe(true);
    // More searches than threads: the busy thread's share runs in the caller's thread.
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        index.search({
          filters: [{ field: 'price', gte: i % 2 === 0 ? 600 : 0 }],
          sort: [{ field: 'price', order: 'asc' }],
        }),
      ),
    );
    expect(results.map((result) => result.hits.map((hit) => hit.id))).toEqual(
      Array.from({ length: 8 }, (_, i) => (i % 2 === 0 ? ['b'] : ['a', 'b'])),
    );
    await index.upsert([{ id: 'c', name: 'Liebherr Kühlschrank', brand: 'Liebherr', price: 900 }]);
    await expect(
      index.search({ text: 'kühlschrank', sort: [{ field: 'price', order: 'desc' }] }),
    ).resolves.toMatchObject({ total: 2, hits: [{ id: 'c' }, { id: 'a' }] });
    await expect(index.search({ filters: [{ field: 'nope', anyOf: ['x'] }] })).rejects.toBeInstanceOf(
      InvalidArgumentError,
    );
  });

  it('refuses query threads without a file, or too many', async () => {
    await expect(openEmbeddedSearchIndex({ path: ':memory:', queryThreads: 1 })).rejects.toThrow(
      /queryThreads: needs a file/,
    );
    await expect(openEmbeddedSearchIndex({ path: join(dir, 'x.sqlite'), queryThreads: 17 })).rejects.toBeInstanceOf(
      InvalidArgumentError,
    );
  });

  it('rejects a second schema for an index open in the same engine, and bad index names', async () => {
    const engine = await open();
    await engine.index(schema);
    await expect(engine.index({ ...schema, suggestField: undefined })).rejects.toBeInstanceOf(FailedPreconditionError);
    await expect(engine.index({ ...schema, name: 'Bad Name' })).rejects.toBeInstanceOf(InvalidArgumentError);
  });

  it('answers not ready and refuses work once closed', async () => {
    const engine = await open();
    const index = await engine.index(schema);
    await expect(engine.isReady()).resolves.toBe(true);
    await engine.close();
    await expect(engine.isReady()).resolves.toBe(false);
    await expect(index.search({})).rejects.toBeInstanceOf(UnavailableError);
  });
});
