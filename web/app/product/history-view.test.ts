import { chartGeometry } from './chart-geometry';
import { CHART_HEIGHT, CHART_WIDTH, historyView } from './history-view';

describe('historyView', () => {
  const history = {
    currency: 'CHF',
    points: [
      { date: '2026-11-01', low: 4899 },
      { date: '2026-11-02', low: 4599 },
      { date: '2026-11-03', low: 5290 },
    ],
    lowest: { amount: 4599, currency: 'CHF', at: '2026-11-02T08:00:00.000Z' },
    highest: { amount: 5290, currency: 'CHF', at: '2026-11-03T09:00:00.000Z' },
  };

  it('draws the line the browser would draw from the points, in the chart box', () => {
    const view = historyView(history);
    expect(view.chart).toEqual(chartGeometry(history.points, CHART_WIDTH, CHART_HEIGHT));
    expect(view.chart?.path).toMatch(/^M4\.0 [\d.]+ L320\.0 196\.0 L636\.0 4\.0$/);
    expect(view.chart?.first).toBe('2026-11-01');
    expect(view.chart?.last).toBe('2026-11-03');
  });

  it('keeps the currency and the extremes, and leaves the points out', () => {
    const view = historyView(history);
    expect(view).toEqual({
      currency: 'CHF',
      chart: expect.any(Object),
      lowest: history.lowest,
      highest: history.highest,
    });
    expect(view).not.toHaveProperty('points');
  });

  it('has no chart for a history without prices', () => {
    expect(historyView({ ...history, points: [] }).chart).toBeNull();
  });
});
