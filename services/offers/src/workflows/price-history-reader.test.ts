import { openPlannedStore, type PlannedStore } from '@pc/sqlite-document-store/testing/query-plans';
import { Availability } from '@pc/proto/common/v1/commerce';
import type { PriceState } from '../domain/price-point.js';
import { FxRateCache } from '../store/fx-rate-cache.js';
import { FxRateRepository } from '../store/fx-rate-repository.js';
import { OfferRepository } from '../store/offer-repository.js';
import { PriceMonthRepository, type PriceMonthRecord } from '../store/price-month-repository.js';
import { recordInOrder } from '../test-support/price-history.js';
import { PriceHistoryReader } from './price-history-reader.js';

const KEYS = { offerId: 'of_a', productId: 'p1', country: 'CH', shopId: 'sh_1' };
const point = (t: string, p: number): PriceState => ({ t, p, c: 'CHF', a: Availability.AVAILABILITY_IN_STOCK });
const RULES = { staleAfterMs: 72 * 3_600_000, lastSeenGranularityMs: 3_600_000 };

let planned: PlannedStore;
let reader: PriceHistoryReader;
let months: PriceMonthRepository;
let rates: FxRateRepository;

beforeEach(async () => {
  planned = await openPlannedStore();
  months = await PriceMonthRepository.open(planned.store);
  rates = await FxRateRepository.open(planned.store);
  const fx = new FxRateCache(rates);
  reader = new PriceHistoryReader(await OfferRepository.open(planned.store), months, fx, RULES);
});

afterEach(() => planned.close());

describe('PriceHistoryReader over folded months (ADR 028)', () => {
  it('reads a day left behind by a fold that stopped before deleting it once, not twice', async () => {
    const october = [
      point('2026-10-02T08:00:00.000Z', 100),
      point('2026-10-09T09:00:00.000Z', 95),
      point('2026-10-20T09:00:00.000Z', 90),
    ];
    await recordInOrder(months, KEYS, october);
    const docs = await planned.store.collection<PriceMonthRecord>({ name: 'offer_price_months' });
    const leftover = await docs.get('of_a:2026-10-09');
    await months.foldMonth('of_a', '2026-10', ['of_a:2026-10-02', 'of_a:2026-10-09', 'of_a:2026-10-20']);
    const { _version: _ignored, ...copy } = leftover!;
    await docs.put(copy);

    const series = await reader.series(
      'p1',
      'CH',
      new Date('2026-10-01T00:00:00Z'),
      new Date('2026-11-01T00:00:00Z'),
      new Date('2026-11-28T00:00:00Z'),
    );

    expect(series).toHaveLength(1);
    expect(series[0]?.points).toEqual(october);
  });
});

describe('PriceHistoryReader.trendWindow: is the window steady?', () => {
  const NOW = new Date('2026-11-28T12:00:00.000Z');
  const TODAY = new Date('2026-11-28T00:00:00.000Z');
  const START = new Date('2026-10-29T00:00:00.000Z');
  const HOUR = 3_600_000;

  /** An offer of p1 in CH whose history is `points`, last seen `seenHoursAgo` before NOW. */
  async function offer(offerId: string, points: readonly PriceState[], seenHoursAgo = 1): Promise<void> {
    const last = await recordInOrder(months, { ...KEYS, offerId }, points);
    const offers = await planned.store.collection<Record<string, unknown> & { _id: string }>({ name: 'offers' });
    await offers.put({
      _id: offerId,
      productId: 'p1',
      country: 'CH',
      shopId: 'sh_1',
      active: true,
      lastPoint: last,
      lastSeenAt: new Date(NOW.getTime() - seenHoursAgo * HOUR).toISOString(),
    });
  }
  const window = () => reader.trendWindow('p1', 'CH', START, TODAY, 'CHF', NOW);

  it('is steady when no price moved since the window began: every later window has the same lows', async () => {
    await offer('of_a', [point('2026-10-02T08:00:00.000Z', 100)]);
    await offer('of_b', [point('2026-09-20T08:00:00.000Z', 120), point('2026-10-28T23:00:00.000Z', 110)]);
    const { lows, steady } = await window();
    expect(lows).toHaveLength(30);
    expect(new Set(lows.map((entry) => entry.low))).toEqual(new Set([100]));
    expect(steady).toBe(true);
  });

  it('is not steady when a price moved inside the window, or today', async () => {
    await offer('of_a', [point('2026-10-02T08:00:00.000Z', 100)]);
    await offer('of_b', [point('2026-09-20T08:00:00.000Z', 120), point('2026-11-28T09:00:00.000Z', 110)]);
    expect((await window()).steady).toBe(false);
  });

  it('is not steady while an offer in another currency is listed: its low moves with the rate', async () => {
    await rates.putAll([
      {
        _id: 'EURCHF:2026-09-01',
        base: 'EUR',
        quote: 'CHF',
        rate: '0.95',
        asOf: '2026-09-01',
        source: 'test',
        storedAt: '2026-09-01T00:00:00.000Z',
      },
    ]);
    await offer('of_a', [point('2026-10-02T08:00:00.000Z', 100)]);
    await offer('of_b', [{ ...point('2026-10-02T08:00:00.000Z', 150), c: 'EUR' }]);
    const { lows, steady } = await window();
    expect(lows).toHaveLength(30);
    expect(steady).toBe(false);
  });

  it('is not steady when an offer goes stale within the window', async () => {
    await offer('of_a', [point('2026-10-02T08:00:00.000Z', 100)], 24 * 10);
    await offer('of_b', [point('2026-10-02T08:00:00.000Z', 120)]);
    expect((await window()).steady).toBe(false);
  });

  it('is not steady when the window has days without any listed offer', async () => {
    await offer('of_a', [point('2026-09-20T08:00:00.000Z', 100), { ...point('2026-10-02T08:00:00.000Z', 0), p: null }]);
    expect((await window()).steady).toBe(false);
  });
});
