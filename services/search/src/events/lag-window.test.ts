import { LagWindow } from './lag-window.js';

describe('LagWindow', () => {
  it('reports percentiles over the most recent samples only', () => {
    const window = new LagWindow(100);
    expect(window.summary()).toBeNull();
    for (let ms = 1; ms <= 100; ms++) window.record(ms);
    expect(window.summary()).toEqual({ p50Ms: 50, p95Ms: 95, maxMs: 100, samples: 100 });
    for (let i = 0; i < 100; i++) window.record(1_000);
    expect(window.summary()).toEqual({ p50Ms: 1_000, p95Ms: 1_000, maxMs: 1_000, samples: 100 });
  });
});
