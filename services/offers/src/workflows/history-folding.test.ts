import { openPlannedStore, type PlannedStore } from '@pc/sqlite-document-store/testing/query-plans';
import { Availability } from '@pc/proto/common/v1/commerce';
import type { OfferRecord } from '../domain/offer-record.js';
import type { PriceState } from '../domain/price-point.js';
import { OfferRepository } from '../store/offer-repository.js';
import { recordInOrder } from '../test-support/price-history.js';
import { PriceMonthRepository } from '../store/price-month-repository.js';
import { finishedMonths, HistoryFolding } from './history-folding.js';

const GRACE_MS = 72 * 3_600_000;
const DECEMBER = new Date('2026-12-10T00:00:00Z');

describe('finishedMonths', () => {
  it('names the months before the given one back to the oldest, newest first, across a year', () => {
    expect(finishedMonths(new Date('2027-02-10T00:00:00Z'), '2026-11')).toEqual(['2027-01', '2026-12', '2026-11']);
    expect(finishedMonths(new Date('2026-03-01T00:00:00Z'), '2026-02')).toEqual(['2026-02']);
    expect(finishedMonths(new Date('2026-12-31T23:59:59Z'), '2026-12')).toEqual([]);
  });
});

describe('HistoryFolding', () => {
  let planned: PlannedStore;
  let months: PriceMonthRepository;
  let offers: OfferRepository;

  /** An offer that changed on each of `days` of November 2026 (nothing stored about the offer itself). */
  async function changedOn(offerId: string, days: readonly number[]): Promise<void> {
    const points = days.map((day, i): PriceState => ({
      t: `2026-11-${String(day).padStart(2, '0')}T10:00:00.000Z`,
      p: 1_000 + i,
      c: 'CHF',
      a: Availability.AVAILABILITY_IN_STOCK,
    }));
    await recordInOrder(months, { offerId, productId: 'p1', country: 'CH', shopId: 's1' }, points);
  }
  const november = async () => (await months.inRange('p1', 'CH', '2026-11', '2026-11')).map((doc) => doc._id);

  beforeEach(async () => {
    planned = await openPlannedStore();
    months = await PriceMonthRepository.open(planned.store);
    offers = await OfferRepository.open(planned.store);
  });

  afterEach(() => planned.close());

  it('folds offers of 4+ documents across page boundaries, and not an offer last seen in the month', async () => {
    await changedOn('of_a', [1, 3, 5, 7, 9]);
    await changedOn('of_b', [2, 4]);
    await changedOn('of_c', [1, 2, 3, 4, 5, 6]);
    await changedOn('of_d', [10, 11, 12, 13]);
    await offers.collection.put({ _id: 'of_d', lastSeenAt: '2026-11-13T10:00:00.000Z' } as unknown as OfferRecord);

    expect(
      await new HistoryFolding(months, offers, GRACE_MS, 3).run(DECEMBER, '2026-10', Number.POSITIVE_INFINITY),
    ).toBe(11);

    const ids = await november();
    expect(ids.filter((id) => id.startsWith('of_a') || id.startsWith('of_c'))).toEqual([
      'of_a:2026-11',
      'of_c:2026-11',
    ]);
    expect(ids.filter((id) => id.startsWith('of_b'))).toHaveLength(2);
    expect(ids.filter((id) => id.startsWith('of_d'))).toHaveLength(4);
  });

  it('waits for the stale limit after a month’s end, and keeps its progress across restarts', async () => {
    await changedOn('of_a', [1, 3, 5, 7, 9]);

    expect(
      await new HistoryFolding(months, offers, GRACE_MS).run(
        new Date('2026-12-02T00:00:00Z'),
        '2026-10',
        Number.POSITIVE_INFINITY,
      ),
    ).toBe(0);
    expect(await months.foldingProgress('2026-11')).toEqual({ afterId: '', done: false });

    expect(await new HistoryFolding(months, offers, GRACE_MS).run(DECEMBER, '2026-10', Number.POSITIVE_INFINITY)).toBe(
      5,
    );
    expect(await months.foldingProgress('2026-11')).toMatchObject({ done: true });

    // A restart does not walk a done month again (its progress is stored): days that appear in
    // it later are left as they are.
    await changedOn('of_e', [20, 21, 22, 23]);
    expect(await new HistoryFolding(months, offers, GRACE_MS).run(DECEMBER, '2026-10', Number.POSITIVE_INFINITY)).toBe(
      0,
    );
    expect((await november()).filter((id) => id.startsWith('of_e'))).toHaveLength(4);
  });
});
