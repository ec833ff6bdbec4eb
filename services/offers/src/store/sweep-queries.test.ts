import { openPlannedStore, type PlannedStore } from '@pc/sqlite-document-store/testing/query-plans';
import type { PriceSummaryRecord } from '../domain/price-summary.js';
import type { OfferRecord } from '../domain/offer-record.js';
import { OfferRepository } from './offer-repository.js';
import { PriceMonthRepository, type PriceMonthRecord } from './price-month-repository.js';
import { PriceSummaryRepository } from './price-summary-repository.js';

// The freshness sweep runs every few minutes over the whole store: at 5M offers and 3.7M
// summaries a query that walks a table instead of an index range takes minutes, on a test's few
// rows a millisecond. So these tests check the answers and SQLite's plan for each query asked.

const TODAY = '2026-11-28';
const YESTERDAY = '2026-11-27';

let planned: PlannedStore;
let offers: OfferRepository;
let summaries: PriceSummaryRepository;
let months: PriceMonthRepository;

const summary = (productId: string, offersCount: number, referenceDay: string) =>
  ({
    _id: `${productId}|CH`,
    productId,
    country: 'CH',
    offersCount,
    referenceDay,
    updatedAt: `${YESTERDAY}T00:00:00.000Z`,
  }) as unknown as PriceSummaryRecord;

/** Each recorded find since `from` reads one index range, in index order (no table walk, no sort). */
function expectIndexRanges(from: number): void {
  const plans = planned.finds.slice(from).map((find) => planned.planOf(find));
  expect(plans.length).toBeGreaterThan(0);
  for (const plan of plans) {
    expect(plan).toMatch(/^SEARCH t USING (COVERING )?INDEX cx_/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
  }
}

beforeAll(async () => {
  planned = await openPlannedStore();
  [offers, summaries, months] = await Promise.all([
    OfferRepository.open(planned.store),
    PriceSummaryRepository.open(planned.store),
    PriceMonthRepository.open(planned.store),
  ]);
});

afterAll(async () => {
  await planned.close();
});

describe('the freshness sweep’s queries', () => {
  it('finds outdated trends one offers count at a time, most offers first, skipping counts that are up to date and products without offers', async () => {
    await summaries.collection.bulkPut([
      summary('no-offers', 0, YESTERDAY),
      summary('a-two', 2, YESTERDAY),
      summary('a-two-b', 2, TODAY),
      summary('b-three', 3, YESTERDAY),
      ...Array.from({ length: 50 }, (_, i) => summary(`five-${i}`, 5, TODAY)),
      summary('c-seven', 7, YESTERDAY),
    ]);
    const refreshed: string[] = [];
    const from = planned.finds.length;
    for (
      let batch = await summaries.withOutdatedTrend(TODAY, 10);
      batch.length > 0;
      batch = await summaries.withOutdatedTrend(TODAY, 10)
    ) {
      for (const outdated of batch) {
        refreshed.push(outdated.productId);
        await summaries.collection.update(outdated._id, (current) => current && { ...current, referenceDay: TODAY });
      }
    }
    expect(refreshed).toEqual(['c-seven', 'b-three', 'a-two']);
    expectIndexRanges(from);
  });

  it('prunes only months before the retention, through the month index', async () => {
    const month = (offerId: string, m: string) =>
      ({
        _id: `${offerId}:${m}`,
        offerId,
        productId: 'p',
        country: 'CH',
        shopId: 's',
        month: m,
        opening: null,
        points: [],
      }) as PriceMonthRecord;
    const collection = await planned.store.collection<PriceMonthRecord>({ name: 'offer_price_months' });
    await collection.bulkPut([
      month('o1', '2023-09'),
      month('o2', '2023-10'),
      month('o1', '2024-01'),
      month('o3', '2026-11'),
    ]);
    const from = planned.finds.length;
    expect(await months.pruneBefore('2023-11', 200)).toBe(2);
    expect(await months.pruneBefore('2023-11', 200)).toBe(0);
    expectIndexRanges(from);
    expect((await collection.find({})).map((m) => m._id).sort()).toEqual(['o1:2024-01', 'o3:2026-11']);
  });

  it('walks a month’s documents for folding in id order, from the month index alone', async () => {
    const doc = (id: string, m: string) =>
      ({
        _id: id,
        offerId: id.split(':')[0],
        productId: 'p',
        country: 'CH',
        shopId: 's',
        month: m,
        opening: null,
        points: [],
      }) as unknown as PriceMonthRecord;
    const collection = await planned.store.collection<PriceMonthRecord>({ name: 'offer_price_months' });
    await collection.bulkPut([
      doc('f1:2026-09-03', '2026-09'),
      doc('f1:2026-09', '2026-09'),
      doc('f2:2026-09-01', '2026-09'),
      doc('f1:2026-10-01', '2026-10'),
    ]);
    const from = planned.finds.length;
    expect(await months.idsOfMonth('2026-09', 'f1:', 2)).toEqual(['f1:2026-09', 'f1:2026-09-03']);
    expect(await months.idsOfMonth('2026-09', 'f1:2026-09-03', 2)).toEqual(['f2:2026-09-01']);
    expectIndexRanges(from);
    expect(planned.planOf(planned.finds.at(-1)!)).toMatch(
      /^SEARCH t USING COVERING INDEX cx_offer_price_months\(month\)/,
    );
  });

  it('reads stale offers and a shop’s listed offers through their indexes', async () => {
    const offer = (id: string, shopId: string, active: boolean, lastSeenAt: string, amountMinor: number) =>
      ({
        _id: id,
        shopId,
        productId: 'p',
        country: 'CH',
        active,
        lastSeenAt,
        price: { amountMinor, currency: 'CHF' },
      }) as unknown as OfferRecord;
    await offers.collection.bulkPut([
      offer('a', 'shop-1', true, `${YESTERDAY}T10:00:00.000Z`, 300),
      offer('b', 'shop-1', true, '2026-11-20T10:00:00.000Z', 100),
      offer('c', 'shop-1', false, '2026-11-19T10:00:00.000Z', 200),
      offer('d', 'shop-2', true, '2026-11-21T10:00:00.000Z', 50),
    ]);
    const from = planned.finds.length;
    expect((await offers.staleBatch('2026-11-25T00:00:00.000Z', 10)).map((o) => o._id)).toEqual(['b', 'd']);
    expect((await offers.activeOfShop('shop-1', 10)).map((o) => o._id)).toEqual(['b', 'a']);
    expectIndexRanges(from);
  });
});
