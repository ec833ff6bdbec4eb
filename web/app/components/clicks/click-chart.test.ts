import { clickChartGeometry, niceCeiling } from './click-chart';

describe('the click chart', () => {
  it('scales to a gridline a reader can name', () => {
    expect([0, 1, 2, 3, 7, 10, 11, 38, 120, 999].map(niceCeiling)).toEqual([1, 1, 2, 5, 10, 10, 20, 50, 200, 1000]);
  });

  it('draws one bar per day, oldest left, in proportion to the scale, an empty day as height 0', () => {
    const chart = clickChartGeometry(
      [
        { day: '2026-11-28', clicks: 10 },
        { day: '2026-11-29', clicks: 0 },
        { day: '2026-11-30', clicks: 5 },
        { day: '2026-12-01', clicks: 7 },
      ],
      { width: 400, height: 100 },
    );
    expect(chart.scaleMax).toBe(10);
    expect(chart.bars.map((bar) => [bar.day, bar.height])).toEqual([
      ['2026-11-28', 100],
      ['2026-11-29', 0],
      ['2026-11-30', 50],
      ['2026-12-01', 70],
    ]);
    // Bars stand on the baseline and stay inside their own slot, left to right.
    for (const [i, bar] of chart.bars.entries()) {
      expect(bar.y + bar.height).toBe(100);
      expect(bar.x).toBeGreaterThanOrEqual(i * 100);
      expect(bar.x + bar.width).toBeLessThanOrEqual((i + 1) * 100);
    }
  });

  it('has no bars and a scale of 1 for a range without days', () => {
    expect(clickChartGeometry([], { width: 400, height: 100 })).toMatchObject({ bars: [], scaleMax: 1 });
  });
});
