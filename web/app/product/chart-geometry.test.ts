import { chartGeometry } from './chart-geometry';

describe('chartGeometry', () => {
  it('draws the lowest price at the bottom and the highest at the top', () => {
    const g = chartGeometry(
      [
        { date: '2026-01-01', low: 1000 },
        { date: '2026-01-02', low: 2000 },
      ],
      100,
      50,
      0,
    );
    expect(g).toMatchObject({
      path: 'M0.0 50.0 L100.0 0.0',
      min: 1000,
      max: 2000,
      first: '2026-01-01',
      last: '2026-01-02',
    });
  });

  it('leaves a gap for days without offers', () => {
    const g = chartGeometry(
      [
        { date: 'a', low: 5 },
        { date: 'b', low: null },
        { date: 'c', low: 10 },
      ],
      20,
      10,
      0,
    );
    expect(g?.path).toBe('M0.0 10.0 M20.0 0.0');
  });

  it('has nothing to draw without prices', () => {
    expect(chartGeometry([{ date: 'a', low: null }], 10, 10)).toBeNull();
  });
});
