import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { openEmbeddedDocumentStore } from '@pc/sqlite-document-store/embedded-document-store';
import type { EventMeta } from '@pc/kit/events/subscriber';
import { loadConfig } from '@pc/kit/config/load-config';
import { openSearchIndex } from '@pc/engine-profile/open-search-index';
import type { DocumentStore } from '@pc/kit/ports/document-store';
import type { SearchIndex } from '@pc/kit/ports/search-index';
import { PriceTrend } from '@pc/proto/common/v1/commerce';
import { searchConfigSchema } from '../config.js';
import { ProductFields } from '../domain/product-fields.js';
import type { CountryPrice } from '../domain/price-record.js';
import { ProductClickCounts } from '../store/product-click-counts.js';
import { openSearchIndices, refreshAll, type SearchIndices } from '../store/search-indices.js';
import { SourceStore } from '../store/source-store.js';
import { clickRecorded, productCreated } from '../testing/event-fixtures.js';
import { CoalescedRefresh } from './coalesced-refresh.js';
import { EventUpdates } from './event-updates.js';
import { IndexProgress } from './index-progress.js';
import { IndexWriter, type IndexWriterDeps } from './index-writer.js';
import { PriceLag } from './price-lag.js';
import type { SourceUpdate } from './source-update.js';

// Two SourceStore instances on one store file are two replicas of search sharing the side state.

const silent = pino({ level: 'silent' });
const meta = { eventId: 'e', occurredAt: new Date(), producer: 'test', key: 'k', attempt: 1 } satisfies EventMeta;
const price = (version: number, lowest: number): CountryPrice => ({
  version,
  lowest,
  highest: lowest,
  currency: 'CHF',
  offers: 1,
  inStock: 1,
  trend: PriceTrend.PRICE_TREND_STABLE,
  dropPercent: 0,
  green: false,
});
const kettle = EventUpdates.productCreated(
  productCreated({ id: 'p-kettle', names: { en: 'Steel Kettle' } }).payload,
  meta,
) as SourceUpdate;
const priceUpdate = (version: number, lowest: number): SourceUpdate => ({
  kind: 'price',
  productId: 'p-kettle',
  country: 'CH',
  price: price(version, lowest),
  occurredAt: new Date(),
});

let dataDir: string;
let stores: DocumentStore[];
let searchIndex: SearchIndex;
let indices: SearchIndices;

beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'search-index-writer-'));
  const path = join(dataDir, 'search', 'documents.sqlite');
  stores = [await openEmbeddedDocumentStore({ path }), await openEmbeddedDocumentStore({ path })];
  searchIndex = await openSearchIndex(
    loadConfig(searchConfigSchema, { GRPC_PORT: '0', OPS_PORT: '0', DATA_DIR: dataDir }),
    'search',
  );
  indices = await openSearchIndices(searchIndex);
});
afterEach(async () => {
  await searchIndex.close();
  for (const store of stores) await store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type Listings = IndexWriterDeps['listings'];
const noListings: Listings = { searchable: async () => undefined };

async function writerOn(
  store: SourceStore,
  listings: Listings = noListings,
  clickCounts?: ProductClickCounts,
): Promise<IndexWriter> {
  const refresh = new CoalescedRefresh(() => refreshAll(indices), 0);
  return new IndexWriter({
    store,
    indices,
    clickCounts: clickCounts ?? (await ProductClickCounts.open(stores[0]!)),
    popularity: { counted: async () => undefined },
    progress: await IndexProgress.load(store),
    refresh,
    priceLag: new PriceLag(silent),
    listings,
    logger: silent,
  });
}

const indexedPrice = async (): Promise<unknown> =>
  (await indices.products.get('p-kettle'))?.[ProductFields.price('CH')];

describe('IndexWriter', () => {
  it("indexes another replica's newer price that landed between this replica's read and its index write", async () => {
    const mine = await SourceStore.open(stores[0]!);
    const theirs = await SourceStore.open(stores[1]!);
    let reads = 0;
    const read = mine.sourcesOf.bind(mine);
    mine.sourcesOf = async (ids) => {
      const sources = await read(ids);
      // After this replica read 4,900: the other replica stores 4,500 and indexes it first.
      if ((reads += 1) === 1) await (await writerOn(theirs)).write([priceUpdate(2, 4_500)]);
      return sources;
    };

    await (await writerOn(mine)).write([kettle, priceUpdate(1, 4_900)]);

    expect(await indexedPrice()).toBe(4_500);
  });

  it("indexes another replica's newer price that landed after this replica's batch was applied", async () => {
    const mine = await SourceStore.open(stores[0]!);
    const theirs = await SourceStore.open(stores[1]!);
    await (await writerOn(mine)).write([kettle, priceUpdate(1, 4_900)]);
    const read = mine.othersToken.bind(mine);
    let calls = 0;
    mine.othersToken = async () => {
      // The second call is the first round's token: the other replica has just written 4,500,
      // after this replica's batch read and wrote its 4,700.
      if ((calls += 1) === 2) await (await writerOn(theirs)).write([priceUpdate(3, 4_500)]);
      return read();
    };

    await (await writerOn(mine)).write([priceUpdate(2, 4_700)]);

    expect(await indexedPrice()).toBe(4_500);
  });

  it('derives from the price records its batch wrote, without reading them again', async () => {
    const store = await SourceStore.open(stores[0]!);
    const writer = await writerOn(store);
    await writer.write([kettle, priceUpdate(1, 4_900)]);
    const kinds: string[] = [];
    const getMany = store.getMany.bind(store);
    store.getMany = (async (kind: Parameters<typeof getMany>[0], ids: readonly string[]) => {
      if (ids.length > 0) kinds.push(kind);
      return getMany(kind, ids);
    }) as typeof store.getMany;

    await writer.write([priceUpdate(2, 4_700)]);

    expect(await indexedPrice()).toBe(4_700);
    expect(kinds.sort()).toEqual(['clicks', 'price', 'product']);
  });

  it('indexes its own batch when no one else writes the side state', async () => {
    const writer = await writerOn(await SourceStore.open(stores[0]!));
    await writer.write([kettle, priceUpdate(1, 4_900)]);
    expect(await indexedPrice()).toBe(4_900);
    await writer.write([priceUpdate(2, 4_700)]);
    expect(await indexedPrice()).toBe(4_700);
  });

  it("repairs by the redelivery a click's day count that a crash kept from being written, counting it once", async () => {
    const store = await SourceStore.open(stores[0]!);
    const counts = await ProductClickCounts.open(stores[0]!);
    const click = EventUpdates.clickRecorded(
      clickRecorded('c1', { productId: 'p-kettle', country: 'CH', clickedAt: new Date('2026-11-28T10:00:00Z') })
        .payload,
      meta,
    ) as SourceUpdate;
    // The process stops after the click records were written, before the day counts were.
    const crashed = { set: () => Promise.reject(new Error('crash')) } as unknown as ProductClickCounts;
    await expect((await writerOn(store, noListings, crashed)).write([kettle, click])).rejects.toThrow('crash');
    expect((await store.getMany('clicks', ['p-kettle'])).get('p-kettle')?.countries).toEqual({ CH: 1 });
    expect(await counts.top('CH', ['2026-11-28'], 10)).toEqual([]);

    // The batch is redelivered: the click is recognised as counted, and its day's count set from the record.
    await (await writerOn(store, noListings, counts)).write([kettle, click]);

    expect(await counts.top('CH', ['2026-11-28'], 10)).toEqual([{ productId: 'p-kettle', count: 1 }]);
    expect((await store.getMany('clicks', ['p-kettle'])).get('p-kettle')?.countries).toEqual({ CH: 1 });
  });

  it("tells the lists which products changed once search answers their new state, and not a redelivery's", async () => {
    const told: { ids: string[]; price: unknown }[] = [];
    let heard = (): void => undefined;
    const listings: Listings = {
      searchable: async (ids) => {
        // What a list page rendered on hearing this would show.
        told.push({ ids: [...ids], price: await indexedPrice() });
        heard();
      },
    };
    const writer = await writerOn(await SourceStore.open(stores[0]!), listings);
    const next = () => new Promise<void>((resolve) => (heard = resolve));

    let telling = next();
    await writer.write([kettle, priceUpdate(1, 4_900)]);
    await telling;
    telling = next();
    await writer.write([priceUpdate(2, 4_700)]);
    await telling;
    // The same version again (at-least-once delivery) changes nothing a list shows; the next one does.
    await writer.write([priceUpdate(2, 4_700)]);
    telling = next();
    await writer.write([priceUpdate(3, 4_600)]);
    await telling;

    expect(told).toEqual([
      { ids: ['p-kettle'], price: 4_900 },
      { ids: ['p-kettle'], price: 4_700 },
      { ids: ['p-kettle'], price: 4_600 },
    ]);
  });
});
