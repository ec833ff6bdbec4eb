import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEmbeddedDocumentStore } from '@pc/sqlite-document-store/embedded-document-store';
import type { DocumentStore } from '@pc/kit/ports/document-store';
import { ProductPriceChanged } from '@pc/proto/offers/events/v1/events';
import { ProductPriceSummary } from '@pc/proto/offers/v1/types';
import { applySources } from '../events/apply-sources.js';
import { EventUpdates } from '../events/event-updates.js';
import { SourceLock } from '../store/source-lock.js';
import { SourceStore } from '../store/source-store.js';
import { mergeOwnerPrices } from './owner-merge.js';
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
