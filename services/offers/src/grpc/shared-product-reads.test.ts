import { openPlannedStore, type PlannedStore } from '@pc/sqlite-document-store/testing/query-plans';
import { Availability } from '@pc/proto/common/v1/commerce';
import type { PriceState } from '../domain/price-point.js';
import { PriceMonthRepository, type StoredPriceMonth } from '../store/price-month-repository.js';
import { recordInOrder } from '../test-support/price-history.js';
import { sharedMonths } from './shared-product-reads.js';

const point = (t: string, p: number): PriceState => ({ t, p, c: 'CHF', a: Availability.AVAILABILITY_IN_STOCK });
const keys = (offerId: string, productId: string, country: string) => ({ offerId, productId, country, shopId: 'sh_1' });
/** The documents' ids in one order, as the reader groups them by offer and sorts by time anyway. */
const idsOf = (months: readonly StoredPriceMonth[]) => months.map((month) => month._id).sort();

let planned: PlannedStore;
let repository: PriceMonthRepository;

beforeAll(async () => {
  planned = await openPlannedStore();
  repository = await PriceMonthRepository.open(planned.store);
  const days = ['2026-08-10', '2026-09-15', '2026-10-01', '2026-11-20', '2026-12-02'];
  await recordInOrder(
    repository,
    keys('of_a', 'p1', 'CH'),
    days.map((day, index) => point(`${day}T08:00:00.000Z`, 100 + index)),
  );
  await recordInOrder(repository, keys('of_b', 'p1', 'DE'), [point('2026-11-21T08:00:00.000Z', 90)]);
  await recordInOrder(repository, keys('of_c', 'p2', 'CH'), [point('2026-11-22T08:00:00.000Z', 80)]);
});

afterAll(() => planned.close());

const findsDuring = async (work: () => Promise<unknown>): Promise<number> => {
  const before = planned.finds.length;
  await work();
  return planned.finds.length - before;
};

describe('sharedMonths: the price months of one product read once for a call', () => {
  it('answers ranges inside the first read from it, as the repository would', async () => {
    const view = sharedMonths(repository, 'p1', '2026-08');
    expect(await findsDuring(() => view.inRange('p1', 'CH', '2026-10', '2026-12'))).toBe(1);
    const later = await Promise.all([
      view.inRange('p1', 'CH', '2026-08', '2026-12'),
      view.inRange('p1', 'CH', '2026-09', '2026-10'),
      view.inRange('p1', 'CH', '2026-11', '2026-11'),
    ]);
    const stored = await Promise.all([
      repository.inRange('p1', 'CH', '2026-08', '2026-12'),
      repository.inRange('p1', 'CH', '2026-09', '2026-10'),
      repository.inRange('p1', 'CH', '2026-11', '2026-11'),
    ]);
    expect(later.map(idsOf)).toEqual(stored.map(idsOf));
    expect(idsOf(later[1]!)).toEqual(['of_a:2026-09-15', 'of_a:2026-10-01']);
  });

  it('reads only the months before the first read when a part reaches further back', async () => {
    const view = sharedMonths(repository, 'p1');
    expect(await findsDuring(() => view.inRange('p1', 'CH', '2026-11', '2026-12'))).toBe(1);
    let earlier: StoredPriceMonth[] = [];
    expect(await findsDuring(async () => (earlier = await view.inRange('p1', 'CH', '2026-09', '2026-12')))).toBe(1);
    const since = planned.finds.at(-1)?.filter as { month: { $lte: string } };
    expect(since.month.$lte).toBe('2026-10');
    expect(idsOf(earlier)).toEqual(idsOf(await repository.inRange('p1', 'CH', '2026-09', '2026-12')));
    expect(await findsDuring(() => view.inRange('p1', 'CH', '2026-10', '2026-11'))).toBe(0);
  });

  it('keeps countries apart and passes other products through', async () => {
    const view = sharedMonths(repository, 'p1', '2026-01');
    expect(idsOf(await view.inRange('p1', 'DE', '2026-11', '2026-12'))).toEqual(['of_b:2026-11-21']);
    expect(idsOf(await view.inRange('p1', 'CH', '2026-11', '2026-12'))).toEqual(['of_a:2026-11-20', 'of_a:2026-12-02']);
    expect(idsOf(await view.inRange('p2', 'CH', '2026-11', '2026-12'))).toEqual(['of_c:2026-11-22']);
    expect(await findsDuring(() => view.inRange('p2', 'CH', '2026-11', '2026-12'))).toBe(1);
  });

  it('crosses a year when it reads the months before the first read', async () => {
    const view = sharedMonths(repository, 'p1');
    await view.inRange('p1', 'CH', '2026-01', '2026-12');
    await view.inRange('p1', 'CH', '2025-06', '2026-12');
    const since = planned.finds.at(-1)?.filter as { month: { $lte: string } };
    expect(since.month.$lte).toBe('2025-12');
  });
});
