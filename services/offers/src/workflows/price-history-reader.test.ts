import { openPlannedStore, type PlannedStore } from '@pc/kit/testing/query-plans';
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

beforeEach(async () => {
  planned = await openPlannedStore();
  months = await PriceMonthRepository.open(planned.store);
  const fx = new FxRateCache(await FxRateRepository.open(planned.store));
  reader = new PriceHistoryReader(await OfferRepository.open(planned.store), months, fx, RULES);
});

afterEach(() => planned.close());

describe('PriceHistoryReader over folded months (ADR 028)', () => {
  it('reads a day left behind by a fold that stopped before deleting it once, not twice', async () => {
    const october = [point('2026-10-02T08:00:00.000Z', 100), point('2026-10-09T09:00:00.000Z', 95), point('2026-10-20T09:00:00.000Z', 90)];
    await recordInOrder(months, KEYS, october);
    const docs = await planned.store.collection<PriceMonthRecord>({ name: 'offer_price_months' });
    const leftover = await docs.get('of_a:2026-10-09');
    await months.foldMonth('of_a', '2026-10', ['of_a:2026-10-02', 'of_a:2026-10-09', 'of_a:2026-10-20']);
    const { _version: _ignored, ...copy } = leftover!;
    await docs.put(copy);

    const series = await reader.series('p1', 'CH', new Date('2026-10-01T00:00:00Z'), new Date('2026-11-01T00:00:00Z'), new Date('2026-11-28T00:00:00Z'));

    expect(series).toHaveLength(1);
    expect(series[0]?.points).toEqual(october);
  });
});
