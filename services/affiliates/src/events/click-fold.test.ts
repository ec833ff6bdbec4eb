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
import { dayId, utcDay } from '../domain/click-buckets.js';
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
});
