import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEmbeddedDocumentStore } from '@pc/sqlite-document-store/embedded-document-store';
import type { DocumentStore } from '@pc/kit/ports/document-store';
import { CategoryChanged } from '@pc/proto/catalog/events/v1/events';
import { ProductPriceChanged } from '@pc/proto/offers/events/v1/events';
import { ProductPriceSummary } from '@pc/proto/offers/v1/types';
import { applySources } from '../events/apply-sources.js';
import { EventUpdates } from '../events/event-updates.js';
import { SourceLock } from '../store/source-lock.js';
import { SourceStore } from '../store/source-store.js';
import { categoryRecordOfTree } from '../domain/category-record.js';
import { mergeOwnerCategories, mergeOwnerPrices } from './owner-merge.js';
import type { OwnerStreams } from './owner-streams.js';

const T = new Date('2026-11-24T12:00:00Z');
const MINUTE = 60_000;

/** Offers' summary of p1 in CH as one of its replicas wrote it, at that replica's clock. */
const summary = (version: number, lowest: number, updatedAt: Date) =>
  ProductPriceSummary.fromPartial({
    productId: 'p1',
    country: 'CH',
    lowestPrice: { amountMinor: lowest, currency: 'CHF' },
    offersCount: 1,
    updatedAt,
    version,
  });

/**
 * A rebuild's merge of offers' StreamProductPriceSummaries against the prices events applied: the
 * summaries carry the version of their ProductPriceChanged, so offers' replicas, whose clocks
 * differ, cannot make an older price look newer or a newer one older.
 */
describe("merging offers' streamed price summaries", () => {
  let dir: string;
  let documents: DocumentStore;
  let store: SourceStore;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'search-owner-merge-'));
    documents = await openEmbeddedDocumentStore({ path: join(dir, 'documents.sqlite') });
    store = await SourceStore.open(documents);
  });

  afterEach(async () => {
    await documents.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const applyEvent = (version: number, lowest: number, updatedAt: Date) => {
    const event = ProductPriceChanged.fromPartial({
      productId: 'p1',
      country: 'CH',
      version,
      summary: summary(version, lowest, updatedAt),
    });
    const update = EventUpdates.productPriceChanged(event, {
      eventId: `e${version}`,
      occurredAt: updatedAt,
      producer: 'offers',
      key: 'p1',
      attempt: 1,
    });
    return applySources(store, update ? [update] : []);
  };
  const merge = (...summaries: ProductPriceSummary[]) => {
    const streams: OwnerStreams = {
      products: async function* () {},
      priceSummaries: async function* () {
        yield* summaries;
      },
      offers: async function* () {},
      shops: async function* () {},
      listedShop: () => Promise.resolve(null),
      categories: () => Promise.resolve([]),
    };
    return mergeOwnerPrices(streams, { store, lock: new SourceLock(), signal: new AbortController().signal });
  };
  const held = async () => (await store.getMany('price', ['p1'])).get('p1')?.countries.CH;

  it('keeps the price an event applied over a lower version streamed, though that one was updated later', async () => {
    await applyEvent(6, 9_900, T);
    expect(await merge(summary(5, 10_900, new Date(T.getTime() + MINUTE)))).toBe(1);
    expect(await held()).toMatchObject({ version: 6, lowest: 9_900 });
  });

  it('takes a higher version streamed, though updated earlier, and orders later events by version alone', async () => {
    await applyEvent(5, 10_900, new Date(T.getTime() + MINUTE));
    await merge(summary(6, 9_900, T));
    expect(await held()).toMatchObject({ version: 6, lowest: 9_900 });

    // The same change's event, redelivered, changes nothing; the next one is applied whatever its time.
    await applyEvent(6, 11_900, new Date(T.getTime() + 2 * MINUTE));
    expect(await held()).toMatchObject({ version: 6, lowest: 9_900 });
    await applyEvent(7, 8_900, new Date(T.getTime() - MINUTE));
    expect(await held()).toMatchObject({ version: 7, lowest: 8_900 });
  });
});

/**
 * A rebuild's merge of catalog's category tree, read in every language: it names the categories
 * no category event named, and keeps what an event told (the tree carries no version).
 */
describe("merging catalog's category tree", () => {
  let dir: string;
  let documents: DocumentStore;
  let store: SourceStore;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'search-category-merge-'));
    documents = await openEmbeddedDocumentStore({ path: join(dir, 'documents.sqlite') });
    store = await SourceStore.open(documents);
  });

  afterEach(async () => {
    await documents.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const tree = (id: string, names: Record<string, string>) => categoryRecordOfTree(id, '', names, {});
  const merge = (...categories: ReturnType<typeof tree>[]) => {
    const streams: OwnerStreams = {
      products: async function* () {},
      priceSummaries: async function* () {},
      offers: async function* () {},
      shops: async function* () {},
      listedShop: () => Promise.resolve(null),
      categories: () => Promise.resolve(categories),
    };
    return mergeOwnerCategories(streams, { store, lock: new SourceLock(), signal: new AbortController().signal });
  };
  const namesOf = async (id: string) => (await store.getMany('category', [id])).get(id)?.names;

  it('names the categories no event named, keeps what an event told, and replaces what an earlier rebuild read', async () => {
    const event = CategoryChanged.fromPartial({
      categoryId: 'headphones',
      version: 3,
      names: [
        { language: 'en', name: 'Headphones', slug: 'headphones' },
        { language: 'de', name: 'Kopfhörer', slug: 'kopfhorer' },
      ],
      createdAt: T,
    });
    const update = EventUpdates.categoryChanged(event, {
      eventId: 'e1',
      occurredAt: T,
      producer: 'catalog',
      key: 'headphones',
      attempt: 1,
    });
    await applySources(store, update ? [update] : []);
    expect(
      await merge(
        tree('headphones', { en: 'Headphones', de: 'Alte Kopfhörer' }),
        tree('speakers', { en: 'Speakers', de: 'Lautsprecher' }),
      ),
    ).toBe(2);
    expect(await namesOf('headphones')).toEqual({ en: 'Headphones', de: 'Kopfhörer' });
    expect(await namesOf('speakers')).toEqual({ en: 'Speakers', de: 'Lautsprecher' });

    await merge(tree('speakers', { en: 'Speakers', de: 'Boxen' }));
    expect(await namesOf('speakers')).toEqual({ en: 'Speakers', de: 'Boxen' });
  });
});
