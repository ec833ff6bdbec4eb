import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { openEmbeddedEventBus } from '@pc/embedded-event-log/open-embedded-event-bus';
import { Events } from '@pc/proto/event-catalog';
import { Outbox } from '@pc/kit/events/outbox';
import type { EventBus } from '@pc/kit/ports/event-bus';
import { eventually } from '@pc/kit/testing/eventually';
import { openPlannedStore, type PlannedStore } from '@pc/sqlite-document-store/testing/query-plans';
import { PriceTrend } from '@pc/proto/common/v1/commerce';
import { OfferChanged } from '@pc/proto/offers/events/v1/events';
import { applyObservation } from '../domain/offer-change.js';
import type { OfferRecord } from '../domain/offer-record.js';
import { FxRateCache } from '../store/fx-rate-cache.js';
import { FxRateRepository } from '../store/fx-rate-repository.js';
import { OfferRepository } from '../store/offer-repository.js';
import { historyKeysOf, PriceMonthRepository } from '../store/price-month-repository.js';
import { PriceSummaryRepository } from '../store/price-summary-repository.js';
import { ShopRepository } from '../store/shop-repository.js';
import { parsedObservation } from '../test-support/observations.js';
import { relayOutboxes } from './outbox-relay.js';
import { PriceHistoryReader } from './price-history-reader.js';
import { STEADY_REFERENCE_DAY, SummaryRefresher } from './summary-refresher.js';

const HOUR = 3_600_000;
const NOW = new Date('2026-11-28T12:00:00.000Z');
const RULES = { staleAfterMs: 72 * HOUR, lastSeenGranularityMs: HOUR };
const silent = pino({ level: 'silent' });

let planned: PlannedStore;
let bus: EventBus;
let dir: string;

beforeEach(async () => {
  planned = await openPlannedStore();
  dir = mkdtempSync(join(tmpdir(), 'offers-relay-'));
  bus = openEmbeddedEventBus({ path: join(dir, 'log.sqlite') });
});

afterEach(async () => {
  await bus.close();
  await planned.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The offer as ingest would write it after observing `priceMinor` at `at` (then). */
function observed(stored: OfferRecord | null, priceMinor: number, at: Date) {
  const observation = parsedObservation(at, { price: { amountMinor: priceMinor, currency: 'CHF' } });
  return applyObservation(stored, observation, { productId: 'p1', error: '' }, at, RULES);
}

describe('relayOutboxes', () => {
  // Events staged inside the offer (any store), or appended beside it in the store's own outbox
  // (the embedded store, ADR 035): a crash before the summary refresh is repaired either way.
  it.each([
    ['staged in the offer', false],
    ["in the store's outbox", true],
  ])(
    'recomputes the trend reference of an offer whose write crashed before its summary refresh (events %s)',
    async (_mode, storeOutbox) => {
      const [offers, summaries, shops, months] = await Promise.all([
        OfferRepository.open(planned.store),
        PriceSummaryRepository.open(planned.store),
        ShopRepository.open(planned.store),
        PriceMonthRepository.open(planned.store),
      ]);
      const fx = new FxRateCache(await FxRateRepository.open(planned.store));
      const outbox = new Outbox(bus, 'offers', silent, storeOutbox ? planned.store.outbox : null);
      const refresher = new SummaryRefresher({
        offers,
        summaries,
        history: new PriceHistoryReader(offers, months, fx, RULES),
        fx,
        outbox,
        rules: RULES,
        clock: () => NOW,
      });

      // Listed at 100.00 since early October and seen an hour ago: a steady reference.
      const first = observed(null, 10_000, new Date('2026-10-02T08:00:00.000Z'));
      await months.record(historyKeysOf(first.next), null, first.point!);
      const offer = await offers.put({ ...first.next, lastSeenAt: new Date(NOW.getTime() - HOUR).toISOString() }, 0);
      await refresher.refresh('p1', 'CH');
      expect(await summaries.get('p1', 'CH')).toMatchObject({
        lowestMinor: 10_000,
        referenceDay: STEADY_REFERENCE_DAY,
      });
      const published = await countPublished(Events.offerChanged.topic);

      // A drop to 90.00 written with its event; the process died before the summary refresh.
      const drop = observed(offer, 9_000, new Date(NOW.getTime() - HOUR / 2));
      await months.record(historyKeysOf(drop.next), offer.lastPoint, drop.point!);
      const event = {
        type: Events.offerChanged,
        key: offer._id,
        payload: OfferChanged.fromPartial({ offerId: offer._id }),
      };
      const prepared = outbox.prepare(offer, [event], NOW);
      await offers.put({ ...drop.next, ...prepared.fields }, offer._version, undefined, prepared.records);
      expect(await planned.store.outbox?.pending(10)).toHaveLength(storeOutbox ? 1 : 0);

      await relayOutboxes({ offers, shops, summaries, refresher, outbox });

      // The reference is today's now, so tomorrow's sweep takes the drop into the window.
      expect(await summaries.get('p1', 'CH')).toMatchObject({
        lowestMinor: 9_000,
        referenceDay: '2026-11-28',
        referenceAverageMinor: 10_000,
        trend: PriceTrend.PRICE_TREND_DOWN,
      });
      expect((await offers.get(offer._id))?.outboxPending).toBe(false);
      expect(await planned.store.outbox?.pending(10)).toEqual([]);
      expect(await countPublished(Events.offerChanged.topic)).toBe(published + 1);
    },
  );
});

/** How many records the log holds on `topic` (all partitions), read from the beginning. */
async function countPublished(topic: string): Promise<number> {
  let seen = 0;
  const group = `count-${Math.random()}`;
  const subscription = await bus.subscribe({
    group,
    topics: [topic],
    fromBeginning: true,
    handler: async () => void (seen += 1),
  });
  // To the end of the log, however long the machine takes: a new group's lag counts every record.
  await eventually(async () => (await bus.consumerLag(group, [topic])) === 0);
  await subscription.stop();
  return seen;
}
