import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { IndexSchema, SearchDocument, SearchIndex, SearchIndexHandle } from '@pc/kit/ports/search-index';
import {
  openEmbeddedSearchIndex,
  type ColumnsReport,
  type EmbeddedSearchIndexOptions,
} from './embedded-search-index.js';
import { answers, random, randomWrites, WORKLOAD_SCHEMA } from './search-workload.test-helpers.js';

/** The workload's fields and a multi-valued keyword (its ordinals live in the column's pool). */
const schema: IndexSchema = { ...WORKLOAD_SCHEMA, fields: { ...WORKLOAD_SCHEMA.fields, tags: { type: 'keyword' } } };
const TAGS = ['usb', 'wifi', 'akku', 'set'];

/** The columns saved at close are restored at the next open instead of reading every row. */
describe('column snapshots', () => {
  let dir: string;
  let reports: ColumnsReport[];
  const engines: SearchIndex[] = [];
  const snapshotFile = (): string => join(dir, 'search.sqlite-columns', 'products.columns');
  const open = async (
    options: Partial<EmbeddedSearchIndexOptions> = {},
    indexSchema = schema,
  ): Promise<{ engine: SearchIndex; index: SearchIndexHandle<SearchDocument> }> => {
    const engine = await openEmbeddedSearchIndex({
      path: join(dir, 'search.sqlite'),
      onColumns: (report) => reports.push(report),
      ...options,
    });
    engines.push(engine);
    return { engine, index: await engine.index(indexSchema) };
  };
  const lastLoad = (): ColumnsReport | undefined => reports.filter((report) => report.event === 'loaded').at(-1);
  /** An in-memory engine given the same writes: what every open of the file must answer. */
  let reference: SearchIndexHandle<SearchDocument>;
  const next = random(23);
  const write = async (index: SearchIndexHandle<SearchDocument>, steps: number): Promise<void> => {
    for (let step = 0; step < steps; step++) {
      const { writes, deletes } = randomWrites(next);
      const tagged = writes.map((doc) => ({ ...doc, tags: TAGS.filter(() => next() < 0.5) }));
      for (const target of [index, reference]) {
        await target.upsert(tagged);
        await target.delete(deletes);
      }
    }
  };
  const tagFacets = async (index: SearchIndexHandle<SearchDocument>) =>
    (
      await index.search({
        facets: [{ field: 'tags', type: 'terms' }],
        filters: [{ field: 'tags', anyOf: ['usb'] }],
        hitsPerPage: 0,
      })
    ).facets;
  const expectSameAnswers = async (index: SearchIndexHandle<SearchDocument>): Promise<void> => {
    expect(await answers(index)).toEqual(await answers(reference));
    expect(await tagFacets(index)).toEqual(await tagFacets(reference));
    await expect(index.count()).resolves.toBe(await reference.count());
  };

  /** Opens the file, writes `steps` random steps and closes: a snapshot is saved. */
  const writeAndClose = async (steps: number): Promise<void> => {
    const engine = await open();
    await write(engine.index, steps);
    await engine.engine.close();
  };
  /** A snapshot saved at close, then writes by an engine that stops without saving (as after a crash). */
  const snapshotThenWritesNotSaved = async (): Promise<void> => {
    await writeAndClose(30);
    const crashed = await open({ saveColumnsOnClose: false });
    await write(crashed.index, 30);
    await crashed.engine.close();
  };

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'search-snapshots-'));
    reports = [];
    const memory = await openEmbeddedSearchIndex({ path: ':memory:' });
    engines.push(memory);
    reference = await memory.index(schema);
  });
  afterEach(async () => {
    for (const engine of engines.splice(0)) await engine.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('restores the columns saved at close, and answers as before', async () => {
    const first = await open();
    expect(lastLoad()).toMatchObject({ from: 'rows', reason: 'no snapshot was saved' });
    await write(first.index, 60);
    await first.engine.close();
    expect(reports.at(-1)).toMatchObject({ event: 'saved', index: 'products' });

    const second = await open();
    expect(lastLoad()).toMatchObject({ event: 'loaded', from: 'snapshot', documents: await reference.count() });
    await expectSameAnswers(second.index);
    // It goes on from there: writes after the restore land in the restored columns.
    await write(second.index, 20);
    await expectSameAnswers(second.index);
  });

  it('reads what was committed after the snapshot from the change log (a stop without saving)', async () => {
    await snapshotThenWritesNotSaved();

    const third = await open();
    expect(lastLoad()).toMatchObject({ from: 'snapshot' });
    await expectSameAnswers(third.index);
  });

  it('reads every row when the change log no longer reaches back to the snapshot', async () => {
    await snapshotThenWritesNotSaved();
    const raw = new Database(join(dir, 'search.sqlite'));
    raw.exec('DELETE FROM ix1_changes WHERE seq < (SELECT max(seq) FROM ix1_changes)');
    raw.close();

    const third = await open();
    expect(lastLoad()).toMatchObject({ from: 'rows', reason: 'the change log no longer reaches back to the snapshot' });
    await expectSameAnswers(third.index);
  });

  it('reads every row when the file is not the one the database stamped, or is damaged', async () => {
    await writeAndClose(30);
    copyFileSync(snapshotFile(), join(dir, 'older.columns'));
    const second = await open();
    await write(second.index, 30);
    await second.engine.close();

    copyFileSync(join(dir, 'older.columns'), snapshotFile());
    const third = await open({ saveColumnsOnClose: false });
    expect(lastLoad()).toMatchObject({
      from: 'rows',
      reason: 'it holds another state of the index than the one stamped in the database',
    });
    await expectSameAnswers(third.index);
    await third.engine.close();

    // Restore the stamped file, then flip one byte of its last column.
    const fourth = await open();
    await fourth.engine.close();
    const bytes = readFileSync(snapshotFile());
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 0xff;
    writeFileSync(snapshotFile(), bytes);
    const fifth = await open();
    expect(lastLoad()).toMatchObject({ from: 'rows', reason: 'damaged (checksum)' });
    await expectSameAnswers(fifth.index);
  });

  it('is not used by another database, even one with the same history', async () => {
    const doc = { id: 'a', name: 'lite kamera', brand: 'Acme', price: 1, tags: ['usb'] };
    for (const name of ['one', 'two']) {
      const written = await open({ path: join(dir, `${name}.sqlite`) });
      await written.index.upsert([doc]);
      await written.engine.close();
    }
    copyFileSync(
      join(dir, 'two.sqlite-columns', 'products.columns'),
      join(dir, 'one.sqlite-columns', 'products.columns'),
    );
    const { index } = await open({ path: join(dir, 'one.sqlite') });
    expect(lastLoad()).toMatchObject({
      from: 'rows',
      reason: 'it holds another state of the index than the one stamped in the database',
    });
    expect((await index.search({ filters: [{ field: 'tags', anyOf: ['usb'] }] })).hits.map((hit) => hit.id)).toEqual([
      'a',
    ]);
  });

  it('is not used after a schema change rebuilt the index', async () => {
    await writeAndClose(20);
    const widened: IndexSchema = { ...schema, fields: { ...schema.fields, rating: { type: 'number' } } };
    const rebuilt = await open({}, widened);
    expect(lastLoad()).toMatchObject({ from: 'rows', reason: 'no snapshot was saved' });
    await expectSameAnswers(rebuilt.index);
  });

  it('closes when the snapshot cannot be written, and the next open reads every row', async () => {
    // A file where the snapshot folder should be.
    writeFileSync(join(dir, 'search.sqlite-columns'), 'in the way');
    const first = await open();
    await write(first.index, 10);
    await expect(first.engine.close()).resolves.toBeUndefined();
    expect(reports.at(-1)).toMatchObject({ event: 'save-failed', index: 'products' });

    const second = await open();
    expect(lastLoad()).toMatchObject({ from: 'rows', reason: 'no snapshot was saved' });
    await expectSameAnswers(second.index);
  });

  it('is restored by query threads too, which then follow the writer', async () => {
    await writeAndClose(30);
    const threaded = await open({ queryThreads: 1, waitForQueryThread: true });
    await threaded.engine.loaded?.();
    await expectSameAnswers(threaded.index);
    await write(threaded.index, 20);
    await expectSameAnswers(threaded.index);
  });
});
