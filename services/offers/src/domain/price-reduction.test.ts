import { ListPriceCheck } from '@pc/proto/offers/v1/types';
import { Availability } from '@pc/proto/common/v1/commerce';
import { DAY_MS } from './daily-lows.js';
import { offerReduction, productReduction } from './price-reduction.js';

const NOW = new Date('2026-12-01T12:00:00Z');
const at = (daysAgo: number) => new Date(NOW.getTime() - daysAgo * DAY_MS);
const state = (daysAgo: number, p: number | null) => ({
  t: at(daysAgo).toISOString(),
  p,
  c: 'CHF',
  a: Availability.AVAILABILITY_IN_STOCK,
});
const chf = (amountMinor: number) => ({ amountMinor, currency: 'CHF' });

describe('true "was" prices (EU Omnibus rule)', () => {
  // 100.00 for a long time, 95.00 from day −20 to −11, then 80.00 since day −10.
  const timeline = { opening: state(70, 10_000), points: [state(20, 9_500), state(10, 8_000)] };

  it('shows the lowest price of the 30 days before the reduction, not the shop’s list price', () => {
    const reduction = offerReduction(chf(8_000), chf(10_000), at(10), timeline, NOW);
    expect(reduction).toEqual({
      wasMinor: 9_500,
      reducedAt: at(10),
      listPriceCheck: ListPriceCheck.LIST_PRICE_CHECK_NOT_LOWEST,
    });
    expect(offerReduction(chf(8_000), chf(9_500), at(10), timeline, NOW).listPriceCheck).toBe(
      ListPriceCheck.LIST_PRICE_CHECK_CONFIRMED,
    );
    expect(offerReduction(chf(8_000), null, at(10), timeline, NOW).listPriceCheck).toBe(
      ListPriceCheck.LIST_PRICE_CHECK_UNSPECIFIED,
    );
  });

  it('flags a list price the shop never charged in those 30 days', () => {
    expect(offerReduction(chf(8_000), chf(12_900), at(10), timeline, NOW)).toMatchObject({
      wasMinor: 9_500,
      listPriceCheck: ListPriceCheck.LIST_PRICE_CHECK_NOT_SEEN,
    });
    // A fake list price on an unreduced offer: no "was" at all.
    const steady = { opening: state(70, 8_000), points: [] };
    expect(offerReduction(chf(8_000), chf(12_900), at(70), steady, NOW)).toEqual({
      wasMinor: null,
      reducedAt: at(70),
      listPriceCheck: ListPriceCheck.LIST_PRICE_CHECK_NOT_SEEN,
    });
  });

  it('ignores days the offer was not listed, and prices in another currency', () => {
    const gaps = {
      opening: state(70, null),
      points: [{ ...state(35, 9_000), c: 'EUR' }, state(25, 9_900), state(15, null), state(5, 8_500)],
    };
    expect(offerReduction(chf(8_500), null, at(5), gaps, NOW).wasMinor).toBe(9_900);
    expect(offerReduction(chf(8_500), null, at(5), null, NOW).wasMinor).toBeNull();
  });

  it('shows the product’s reduction from its daily lows, only while it is at most 30 days old', () => {
    const day = (daysAgo: number) => new Date(Date.UTC(2026, 11, 1) - daysAgo * DAY_MS);
    const lows = [50, 40, 35, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0].map((daysAgo, i) => ({
      day: day(daysAgo),
      low: i < 4 ? 12_000 - i * 100 : 9_900,
      high: 13_000,
      offersCount: 2,
    }));
    expect(productReduction(lows, 9_900, day(0))).toEqual({ wasMinor: 11_700, reducedAt: day(11) });
    expect(productReduction(lows, 12_500, day(0))).toBeNull();
    expect(productReduction(lows.slice(4), 9_900, day(0))).toBeNull();
    expect(productReduction(lows, 9_900, day(-25))).toBeNull();
  });
});
