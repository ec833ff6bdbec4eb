import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { ClickRecorded } from '@pc/proto/affiliates/events/v1/events';
import { Events } from '@pc/proto/event-catalog';
import { ClickFilter, ClickOrigin, LocationKind, UserAgentClass } from '@pc/proto/affiliates/v1/types';
import { openEmbeddedDocumentStore } from '@pc/sqlite-document-store/embedded-document-store';
import { toRecord } from '@pc/kit/events/publisher';
import type { DocumentStore } from '@pc/kit/ports/document-store';
import type { FoldedClick } from '../domain/click-aggregates.js';
import { dayId, shardOf, tallyId, utcDay, utcMonth } from '../domain/click-buckets.js';
import { ClickIds } from '../domain/click-id.js';
import { ClickAggregateRepository } from '../store/click-aggregate-repository.js';
import { ClickFold } from './click-fold.js';

const silent = pino({ level: 'silent' });
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** ClickRecorded of a counted click as affiliates publishes it, on partition 0. */
function recorded(ids: ClickIds, at: Date) {
  const clickId = ids.next();
  const click = {
    id: clickId,
    locationId: 'lc_1',
    locationKind: LocationKind.LOCATION_KIND_OFFER,
    offerId: 'of_1',
    productId: 'p_1',
    shopId: 'sh_1',
    promotionId: '',
    advertisementId: '',
    targetUrl: 'https://shop.example/p/1',
    origin: ClickOrigin.CLICK_ORIGIN_PRODUCT_PAGE,
    placement: 'offer',
    referrerPageType: 'product',
    isGreen: false,
    country: 'CH',
    language: 'de',
    userId: '',
    visitorId: 'vk',
    userAgentClass: UserAgentClass.USER_AGENT_CLASS_DESKTOP,
    filter: ClickFilter.CLICK_FILTER_NOT_FILTERED,
    counted: true,
    clickedAt: at,
  };
  return {
    partition: 0,
    value: toRecord(
      'affiliates',
      {
        type: Events.clickRecorded,
        key: clickId,
        payload: ClickRecorded.fromPartial({ clickId, click, recordedAt: at }),
      },
      at,
    ).value,
  };
}

/** The fold over the embedded store: clicks that trickle in share a batch write. */
describe('the click fold', () => {
  let dir: string;
  let store: DocumentStore;
  let aggregates: ClickAggregateRepository;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'affiliates-fold-'));
    store = await openEmbeddedDocumentStore({ path: join(dir, 'documents.sqlite') });
    aggregates = await ClickAggregateRepository.open(store);
  });

  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Hands the fold `count` clicks one turn of the event loop apart, as a trickle arrives; what each resolves to once counted. */
  async function trickle(fold: ClickFold, count: number, at: Date): Promise<Promise<void>[]> {
    const ids = new ClickIds();
    const handled: Promise<void>[] = [];
    for (let i = 0; i < count; i += 1) {
      handled.push(fold.handle(recorded(ids, at)));
      await nextTurn();
    }
    return handled;
  }

  it('writes clicks that trickle in within the linger as one batch, and counts every one', async () => {
    // The linger's clock is ours; the store's turns of the loop run as they do.
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
    try {
      const apply = jest.spyOn(aggregates, 'apply');
      const at = new Date();
      const handled = await trickle(new ClickFold(aggregates, silent, { lingerMs: 50 }), 20, at);
      expect(apply).not.toHaveBeenCalled();
      jest.advanceTimersByTime(50);
      await Promise.all(handled);
      expect(apply).toHaveBeenCalledTimes(1);
      const [day] = await aggregates.getDays([dayId('sh_1', utcDay(at))]);
      expect(day).toMatchObject({ total: 20, countries: { CH: 20 } });
    } finally {
      jest.useRealTimers();
    }
  });

  it('without a linger, writes each turn’s clicks on their own', async () => {
    const apply = jest.spyOn(aggregates, 'apply');
    await Promise.all(await trickle(new ClickFold(aggregates, silent, { lingerMs: 0 }), 5, new Date()));
    expect(apply.mock.calls.length).toBeGreaterThan(1);
  });

  it('writes a full batch at once instead of waiting out the linger', async () => {
    const ids = new ClickIds();
    const at = new Date();
    // A linger longer than the test may run: only the full batch can end it.
    const fold = new ClickFold(aggregates, silent, { lingerMs: 600_000 });
    await Promise.all(Array.from({ length: 5_000 }, () => fold.handle(recorded(ids, at))));
    const [day] = await aggregates.getDays([dayId('sh_1', utcDay(at))]);
    expect(day?.total).toBe(5_000);
  });

  /** `count` clicks of one shop and day from one partition of a process run, sequences from `from`. */
  const clicksOf = (partition: number, from: number, count: number, at: Date): FoldedClick[] =>
    Array.from({ length: count }, (_, i) => ({
      run: 'run-a',
      partition,
      sequence: from + i,
      shopId: 'sh_1',
      productId: `p_${(from + i) % 7}`,
      offerId: `of_${(from + i) % 7}`,
      advertisementId: 'ad_1',
      country: 'CH',
      clickedAt: at,
    }));

  /** What a reader sees: the day's total, the month's product counts (all shards), the ad's clicks. */
  async function counted(at: Date) {
    const [day] = await aggregates.getDays([dayId('sh_1', utcDay(at))]);
    const shards = [...new Set(Array.from({ length: 7 }, (_, i) => shardOf(`p_${i}`)))];
    const tallies = await aggregates.getTallies(shards.map((shard) => tallyId('sh_1', utcMonth(at), shard)));
    const products = tallies.reduce((sum, tally) => sum + Object.values(tally.products).reduce((a, b) => a + b, 0), 0);
    const [ad] = await aggregates.getAdCounts(['ad_1']);
    return { day: day?.total ?? 0, products, adClicks: ad?.clicks ?? 0 };
  }

  it('keeps the documents it wrote decoded between batches, and counts every click once however batches repeat', async () => {
    const fold = new ClickFold(aggregates, silent);
    const at = new Date();
    await fold.fold(clicksOf(0, 1, 100, at));
    expect(aggregates.hotDocuments()).toBeGreaterThan(0);
    // Read-modify-writes of the store: none while the documents are held.
    const reads = [
      jest.spyOn(aggregates['days'], 'update'),
      jest.spyOn(aggregates['tallies'], 'update'),
      jest.spyOn(aggregates['ads'], 'update'),
    ];
    await fold.fold(clicksOf(0, 101, 100, at));
    // A redelivered batch, and one that overlaps what was folded.
    await fold.fold(clicksOf(0, 101, 100, at));
    await fold.fold(clicksOf(0, 150, 100, at));
    expect(reads.map((read) => read.mock.calls.length)).toEqual([0, 0, 0]);
    expect(await counted(at)).toMatchObject({ day: 249, products: 249, adClicks: 249 });
  });

  it('counts every click once when a partition moves to another process that held the documents too (a rebalance)', async () => {
    // Two replicas of the fold over one store, each with its own documents held decoded.
    const other = await ClickAggregateRepository.open(store);
    const first = new ClickFold(aggregates, silent);
    const second = new ClickFold(other, silent);
    const at = new Date();
    // Before: the first owns partition 0, the second partition 1; both write the shop's documents.
    await first.fold(clicksOf(0, 1, 50, at));
    await second.fold(clicksOf(1, 1, 50, at));
    await first.fold(clicksOf(0, 51, 50, at));
    await second.fold(clicksOf(1, 51, 50, at));
    // The rebalance: partition 0 moves to the second, which gets its last batch again (not yet
    // committed by the first) and then new records; the first, holding documents the second has
    // since changed, gets partition 1 and its redelivered tail, then new records.
    await second.fold(clicksOf(0, 51, 80, at));
    await first.fold(clicksOf(1, 81, 40, at));
    await first.fold(clicksOf(1, 101, 30, at));
    await second.fold(clicksOf(0, 131, 10, at));
    await first.fold(clicksOf(1, 131, 10, at));
    const expected = 140 + 140;
    expect(await counted(at)).toEqual({ day: expected, products: expected, adClicks: expected });
  });

  it('counts once after a crash: a new process redelivered what the old one wrote reads it from the store', async () => {
    const at = new Date();
    await new ClickFold(aggregates, silent).fold(clicksOf(3, 1, 60, at));
    // A process that failed a write forgets what it held; a restarted one starts with nothing held.
    const restarted = await ClickAggregateRepository.open(store);
    await new ClickFold(restarted, silent).fold(clicksOf(3, 31, 60, at));
    aggregates.forgetHotDocuments();
    expect(aggregates.hotDocuments()).toBe(0);
    await new ClickFold(aggregates, silent).fold(clicksOf(3, 61, 40, at));
    expect(await counted(at)).toMatchObject({ day: 100, products: 100, adClicks: 100 });
  });
});
