import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OfferChanged, OfferChangeKind } from '@pc/proto/offers/events/v1/events';
import { ProductWatchChanged } from '@pc/proto/notifications/events/v1/events';
import type { DocumentStore } from '@pc/kit/ports/document-store';
import { openEmbeddedDocumentStore } from '@pc/sqlite-document-store/embedded-document-store';
import { newUrlRecord } from '../domain/new-url.js';
import { openCrawlerStore, type CrawlerStore } from '../store/crawler-store.js';
import { offerMatched, productWatchChanged } from './watch-priority.js';

const page = (path: string, priority = 0) =>
  newUrlRecord(new URL(`https://shop.example${path}`), {
    kind: 'product',
    depth: 1,
    shopId: 's1',
    intervalMs: 3_600_000,
    now: new Date('2026-11-24T10:00:00Z'),
    priority,
  });
const watched = (productId: string, version: number, activeAlerts: number) =>
  ProductWatchChanged.fromPartial({ productId, version, activeAlerts });
const matched = (url: string, productId: string, changedFields: string[] = []) =>
  OfferChanged.fromPartial({
    offerId: `of-${productId}`,
    kind: changedFields.length ? OfferChangeKind.OFFER_CHANGE_KIND_UPDATED : OfferChangeKind.OFFER_CHANGE_KIND_CREATED,
    changedFields,
    offer: { url, productId },
  });

describe('price alerts raise the visit priority of the pages selling the watched product', () => {
  let dir: string;
  let documents: DocumentStore;
  let store: CrawlerStore;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'watch-priority-'));
    documents = await openEmbeddedDocumentStore({ path: join(dir, 'documents.sqlite') });
    store = await openCrawlerStore(documents);
  });
  afterEach(async () => {
    await documents.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const priorityOf = async (path: string) => (await store.urls.get(page(path)._id))?.priority;

  it('keeps the newest count: a count arriving late or twice changes nothing', async () => {
    await store.urls.put(page('/p/a'));
    await offerMatched(store, matched('https://shop.example/p/a?ref=feed', 'prod-a'));
    await productWatchChanged(store, watched('prod-a', 3, 0));
    await productWatchChanged(store, watched('prod-a', 2, 40));
    expect(await priorityOf('/p/a')).toBe(0);
    await productWatchChanged(store, watched('prod-a', 4, 40));
    await productWatchChanged(store, watched('prod-a', 4, 1));
    expect(await priorityOf('/p/a')).toBe(10);
  });

  it('never lowers what staff set, and follows a page rematched to another product', async () => {
    await store.urls.put(page('/p/b', 8));
    await productWatchChanged(store, watched('prod-b', 1, 1));
    await productWatchChanged(store, watched('prod-c', 1, 64));
    await offerMatched(store, matched('https://shop.example/p/b', 'prod-b'));
    expect(await priorityOf('/p/b')).toBe(8);
    // An update that does not touch the match is ignored; a rematch takes the new product's watchers.
    await offerMatched(store, matched('https://shop.example/p/b', 'prod-c', ['price']));
    expect(await priorityOf('/p/b')).toBe(8);
    await offerMatched(store, matched('https://shop.example/p/b', 'prod-c', ['product_id']));
    expect(await priorityOf('/p/b')).toBe(10);
  });
});
