import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { openEmbeddedSearchIndex } from '@pc/embedded-search-index/embedded-search-index';
import type { DocumentStore } from '@pc/kit/ports/document-store';
import type { SearchIndex } from '@pc/kit/ports/search-index';
import { openEmbeddedDocumentStore } from '@pc/sqlite-document-store/embedded-document-store';
import { CATEGORY_DERIVATION } from '../domain/category-derivation.js';
import type { CategoryDocument } from '../domain/category-document.js';
import type { CategoryRecord } from '../domain/category-record.js';
import { namedCategory, productInCategories } from '../testing/category-records.js';
import { DerivationMarks } from '../store/derivation-marks.js';
import { openSearchIndices, type SearchIndices } from '../store/search-indices.js';
import { CategoryRederivation, type CategoryRederivationOptions } from './category-rederivation.js';
import { EntityWriter } from './entity-writer.js';

const RECORDS = [
  namedCategory('household', 2, { en: 'household', de: 'Haushalt' }),
  namedCategory('kitchen', 2, { en: 'kitchen', de: 'Küche' }, 'household'),
  namedCategory('coffee', 2, { en: 'coffee', de: 'Kaffeemaschinen' }, 'kitchen'),
];

/** The pass that derives the category documents an older release wrote again (ADR 141). */
describe('category documents derived again at start', () => {
  let dir: string;
  let documents: DocumentStore;
  let engine: SearchIndex;
  let indices: SearchIndices;
  let marks: DerivationMarks;
  let records: Map<string, CategoryRecord>;
  /** Runs once, right after the pass read the names of a page: another replica's write. */
  let meanwhile: (() => Promise<void>) | null;
  let entities: EntityWriter;
  /** The ids of each page the pass derived. */
  let pages: string[][];
  let now: number;
  const logger = pino({ level: 'silent' });
  const held = (ids: readonly string[]) =>
    new Map(ids.flatMap((id) => (records.has(id) ? [[id, records.get(id) as CategoryRecord] as const] : [])));
  const pass = (options: CategoryRederivationOptions = {}) =>
    new CategoryRederivation(
      marks,
      indices.categories,
      {
        deriveCategoriesAgain: (ids) => {
          pages.push([...ids]);
          return entities.deriveCategoriesAgain(ids);
        },
      },
      logger,
      { clock: () => now, rest: async () => undefined, holder: 'this', ...options },
    );
  const ancestorNames = async (id: string) => (await indices.categories.get(id))?.ancestor_names;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'search-rederive-'));
    documents = await openEmbeddedDocumentStore({ path: join(dir, 'documents.sqlite') });
    marks = await DerivationMarks.open(documents);
    engine = await openEmbeddedSearchIndex({ path: ':memory:' });
    indices = await openSearchIndices(engine);
    records = new Map(RECORDS.map((record) => [record._id, record]));
    meanwhile = null;
    pages = [];
    now = 1_000_000;
    entities = new EntityWriter(indices, {
      categoryNamesOf: async (ids) => {
        const answer = held(ids);
        const step = meanwhile;
        meanwhile = null;
        await step?.();
        return answer;
      },
    });
    // As the release before ADR 130 wrote them: the same documents without the ancestors' names.
    await new EntityWriter(indices, { categoryNamesOf: async (ids) => held(ids) }).writeProducts([
      productInCategories('p1', ['household', 'kitchen', 'coffee'], 10, 1_000),
    ]);
    const written = await Promise.all(['household', 'kitchen', 'coffee'].map((id) => indices.categories.get(id)));
    await indices.categories.upsert(
      written.map((doc) => {
        const { ancestor_names: _names, ...older } = doc as CategoryDocument;
        return older as CategoryDocument;
      }),
    );
    await indices.categories.refresh();
  });
  afterEach(async () => {
    await engine.close();
    await documents.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("gives every document its ancestors' names, once", async () => {
    expect(await ancestorNames('coffee')).toBeUndefined();
    expect(await pass().run()).toEqual({ state: 'done' });
    expect(await ancestorNames('kitchen')).toEqual(['Haushalt']);
    expect(await ancestorNames('coffee')).toEqual(['Haushalt', 'Küche']);
    expect(await marks.derivation('categories', 1)).toBe(CATEGORY_DERIVATION);
    // Done: the next start reads the mark and nothing else.
    pages = [];
    expect(await pass({ holder: 'next' }).run()).toEqual({ state: 'done' });
    expect(pages).toEqual([]);
  });

  it('keeps a document another replica wrote between its read and its write', async () => {
    meanwhile = async () => {
      // Another replica applies a newer product event of the kitchen (11 products).
      const other = new EntityWriter(indices, { categoryNamesOf: async (ids) => held(ids) });
      await other.writeProducts([productInCategories('p2', ['household', 'kitchen'], 11, 2_000)]);
    };
    expect(await pass({ pageSize: 3 }).run()).toEqual({ state: 'done' });
    expect(await indices.categories.get('kitchen')).toMatchObject({
      products_count: 11,
      count_at: 2_000,
      ancestor_names: ['Haushalt'],
    });
    // The others of the page, which nobody changed meanwhile, were written.
    expect(await ancestorNames('coffee')).toEqual(['Haushalt', 'Küche']);
  });

  it('leaves the pass to the replica that holds it, and takes it over where it stopped once its claim ran out', async () => {
    let pagesLeft = 1;
    const stopping = pass({
      holder: 'stopped',
      pageSize: 1,
      rest: async () => {
        if (pagesLeft-- === 0) throw new Error('stopped without giving the claim up');
      },
    });
    // The replica fails after its second page and cannot give the claim up (its store went away).
    const release = jest.spyOn(marks, 'release').mockRejectedValueOnce(new Error('store gone'));
    await expect(stopping.run()).rejects.toThrow('stopped without giving the claim up');
    release.mockRestore();
    expect(pages).toEqual([['coffee'], ['household']]);

    pages = [];
    expect(await pass().run()).toMatchObject({ state: 'held', holder: 'stopped' });
    expect(pages).toEqual([]);
    now += 60_001;
    expect(await pass().run()).toEqual({ state: 'done' });
    expect(pages).toEqual([['kitchen']]);
    expect(await ancestorNames('kitchen')).toEqual(['Haushalt']);
    expect(await marks.derivation('categories', 1)).toBe(CATEGORY_DERIVATION);
  });

  it('stops between pages and goes on there at the next start', async () => {
    let stopped: Promise<void> | null = null;
    // Stopped while resting after its first page.
    const first: CategoryRederivation = pass({
      pageSize: 1,
      rest: async () => {
        stopped ??= first.stop();
      },
    });
    expect(await first.run()).toEqual({ state: 'stopped' });
    await stopped;
    expect(pages).toEqual([['coffee']]);
    pages = [];
    // The claim was given up: another replica goes on at once, after the page passed.
    expect(await pass({ holder: 'other', pageSize: 1 }).run()).toEqual({ state: 'done' });
    expect(pages).toEqual([['household'], ['kitchen']]);
  });
});
