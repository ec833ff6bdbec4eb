import { PriceTrend } from '@pc/proto/common/v1/commerce';
import { priceTrend, trendReference } from './price-trend.js';

const days = (count: number, low: number) => Array.from({ length: count }, () => low);

describe('the price trend rule', () => {
  it('averages the daily lows of the window, rounding half-up', () => {
    expect(trendReference([100, 101])).toEqual({ averageMinor: 101, days: 2 });
    expect(trendReference([])).toEqual({ averageMinor: null, days: 0 });
  });

  it('is DOWN from a 2 % drop below the reference, with the drop as price_drop_percent', () => {
    const result = priceTrend(9_800, trendReference(days(30, 10_000)));
    expect(result).toEqual({
      trend: PriceTrend.PRICE_TREND_DOWN,
      changeMinor: -200,
      changePercent: -2,
      priceDropPercent: 2,
    });
  });

  it('is STABLE just inside ±2 % and UP from +2 %', () => {
    expect(priceTrend(9_801, trendReference(days(30, 10_000))).trend).toBe(PriceTrend.PRICE_TREND_STABLE);
    expect(priceTrend(10_199, trendReference(days(30, 10_000))).trend).toBe(PriceTrend.PRICE_TREND_STABLE);
    const up = priceTrend(10_200, trendReference(days(30, 10_000)));
    expect(up).toMatchObject({ trend: PriceTrend.PRICE_TREND_UP, changePercent: 2, priceDropPercent: 0 });
  });

  it('reports a small drop in price_drop_percent even when the trend is stable', () => {
    expect(priceTrend(9_950, trendReference(days(10, 10_000)))).toMatchObject({
      trend: PriceTrend.PRICE_TREND_STABLE,
      priceDropPercent: 0.5,
    });
  });

  it('compares with the average, so a one-day flash sale does not hide a rise', () => {
    const lows = [...days(29, 10_000), 5_000];
    expect(priceTrend(10_500, trendReference(lows)).trend).toBe(PriceTrend.PRICE_TREND_UP);
  });

  it('is UNSPECIFIED with fewer than 7 days of history or without a current price', () => {
    expect(priceTrend(9_000, trendReference(days(6, 10_000)))).toEqual({
      trend: PriceTrend.PRICE_TREND_UNSPECIFIED,
      changeMinor: null,
      changePercent: 0,
      priceDropPercent: 0,
    });
    expect(priceTrend(9_000, trendReference(days(7, 10_000))).trend).toBe(PriceTrend.PRICE_TREND_DOWN);
    expect(priceTrend(null, trendReference(days(30, 10_000))).trend).toBe(PriceTrend.PRICE_TREND_UNSPECIFIED);
  });

  it('needs only as many days as a shorter window has', () => {
    expect(priceTrend(9_000, trendReference(days(3, 10_000)), 3).trend).toBe(PriceTrend.PRICE_TREND_DOWN);
    expect(priceTrend(9_000, trendReference(days(2, 10_000)), 3).trend).toBe(PriceTrend.PRICE_TREND_UNSPECIFIED);
  });
});
