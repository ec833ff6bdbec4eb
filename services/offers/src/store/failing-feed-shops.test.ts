import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DocumentStore } from '@pc/kit/ports/document-store';
import { FeedStatus, ShopStatus } from '@pc/proto/offers/v1/types';
import { openEmbeddedDocumentStore } from '@pc/sqlite-document-store/embedded-document-store';
import { newShopRecord, readShopRegistration } from '../domain/shop-registration-input.js';
import type { FeedRecord, ShopRecord } from '../domain/shop-record.js';
import { directoryShop } from '../test-support/observations.js';
import { ShopRepository } from './shop-repository.js';

const AT = '2026-11-28T12:00:00.000Z';

const feed = (id: string, status: FeedStatus, fetchedAt: string, failingSince: string | null): FeedRecord => ({
  id,
  url: `https://feeds.example.ch/${id}.csv`,
  format: 0,
  country: 'CH',
  currency: 'CHF',
  language: 'de',
  fetchIntervalMinutes: 1440,
  status,
  createdAt: AT,
  updatedAt: AT,
  lastFetch: {
    fetchId: `ff_${id}`,
    fetchedAt,
    httpStatus: 404,
    succeeded: status !== FeedStatus.FEED_STATUS_FAILING,
    itemsTotal: 0,
    itemsValid: 0,
    itemsInvalid: 0,
    message: 'http 404',
    issues: [],
  },
  ...(failingSince !== null && { failingSince }),
});

const shop = (id: string, feeds: FeedRecord[], status = ShopStatus.SHOP_STATUS_ACTIVE): ShopRecord => ({
  ...newShopRecord(readShopRegistration(directoryShop(id, `${id}.ch`, ['CH'], ''), false), {
    id,
    feedId: '',
    ownerUserId: '',
    status,
    at: AT,
  }),
  feeds,
});

/**
 * The shop's `failingFeedSince` (ADR 128, staff's failing feeds): derived on every write from its
 * FAILING feeds, and given once to shops stored before it was kept when the repository opens.
 */
describe('shops with failing feeds in the shop repository (embedded store)', () => {
  let dir = '';
  let documents: DocumentStore & { close(): Promise<void> };

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'offers-failing-'));
    documents = await openEmbeddedDocumentStore({ path: join(dir, 'documents.sqlite') });
  });

  afterEach(async () => {
    await documents.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('orders shops by their longest failing feed, leaving out working, disabled and deleted ones', async () => {
    const shops = await ShopRepository.open(documents);
    await shops.put(
      shop('sh_two', [
        feed('f_late', FeedStatus.FEED_STATUS_FAILING, '2026-11-28T10:00:00.000Z', '2026-11-27T09:00:00.000Z'),
        // Stored before runs were kept: its last failed fetch dates the run.
        feed('f_old', FeedStatus.FEED_STATUS_FAILING, '2026-11-26T08:00:00.000Z', null),
      ]),
      0,
    );
    await shops.put(shop('sh_one', [feed('f_one', FeedStatus.FEED_STATUS_FAILING, AT, '2026-11-26T20:00:00.000Z')]), 0);
    await shops.put(shop('sh_working', [feed('f_ok', FeedStatus.FEED_STATUS_ACTIVE, AT, null)]), 0);
    await shops.put(shop('sh_off', [feed('f_off', FeedStatus.FEED_STATUS_DISABLED, AT, null)]), 0);
    await shops.put(
      shop('sh_gone', [feed('f_gone', FeedStatus.FEED_STATUS_FAILING, AT, AT)], ShopStatus.SHOP_STATUS_DELETED),
      0,
    );

    const { shops: page, total } = await shops.withFailingFeeds({ skip: 0, limit: 10 });
    expect(page.map((s) => [s._id, s.failingFeedSince])).toEqual([
      ['sh_two', '2026-11-26T08:00:00.000Z'],
      ['sh_one', '2026-11-26T20:00:00.000Z'],
    ]);
    expect(total).toBe(2);

    // Its feeds work again: the next write drops the field, and the shop leaves the list.
    const one = await shops.get('sh_one');
    await shops.put({ ...one!, feeds: [feed('f_one', FeedStatus.FEED_STATUS_ACTIVE, AT, null)] }, one!._version);
    expect((await shops.withFailingFeeds({ skip: 0, limit: 10 })).shops.map((s) => s._id)).toEqual(['sh_two']);
  });

  it('gives shops stored before the field was kept theirs when it opens', async () => {
    const first = await ShopRepository.open(documents);
    // Written as before: straight to the collection, without the derived field.
    await first.collection.put(shop('sh_before', [feed('f_b', FeedStatus.FEED_STATUS_FAILING, AT, AT)]));
    expect((await first.withFailingFeeds({ skip: 0, limit: 10 })).total).toBe(0);

    const reopened = await ShopRepository.open(documents);
    const { shops } = await reopened.withFailingFeeds({ skip: 0, limit: 10 });
    expect(shops.map((s) => [s._id, s.failingFeedSince])).toEqual([['sh_before', AT]]);
  });
});
