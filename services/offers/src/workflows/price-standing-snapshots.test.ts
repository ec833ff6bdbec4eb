import type { StandingSnapshot } from './price-standing-compute.js';
import { StandingSnapshots } from './price-standing-snapshots.js';

const T0 = new Date('2026-05-04T10:00:00Z');
const later = (ms: number) => new Date(T0.getTime() + ms);

const snapshot = (id: string, gapCount: number, computedAt = T0): StandingSnapshot => ({
  id,
  shopId: 'sh_1',
  country: 'CH',
  currency: 'CHF',
  computedAt,
  counts: { cheapest: 0, within: 0, above: gapCount, not_compared: 0 },
  heldOnly: 0,
  gaps: Array.from({ length: gapCount }, () => ({}) as StandingSnapshot['gaps'][number]),
});

describe('the price standings a process keeps for their later pages', () => {
  it('finds a snapshot by id for its own shop and country until it expires', () => {
    const kept = new StandingSnapshots({ ttlMs: 60_000, maxRows: 1_000 });
    kept.keep(snapshot('a', 3));
    expect(kept.find('a', 'sh_1', 'CH', later(59_999))?.id).toBe('a');
    expect(kept.find('a', 'sh_2', 'CH', later(1))).toBeUndefined();
    expect(kept.find('a', 'sh_1', 'DE', later(1))).toBeUndefined();
    expect(kept.find('b', 'sh_1', 'CH', later(1))).toBeUndefined();
    expect(kept.find('a', 'sh_1', 'CH', later(60_000))).toBeUndefined();
  });

  it('lets the oldest go when the rows of all exceed the limit, keeping the newest even alone', () => {
    const kept = new StandingSnapshots({ ttlMs: 60_000, maxRows: 10 });
    kept.keep(snapshot('a', 4));
    kept.keep(snapshot('b', 4, later(1)));
    kept.keep(snapshot('c', 4, later(2)));
    expect(['a', 'b', 'c'].map((id) => kept.find(id, 'sh_1', 'CH', later(3))?.id)).toEqual([undefined, 'b', 'c']);
    kept.keep(snapshot('huge', 50, later(4)));
    expect(['b', 'c', 'huge'].map((id) => kept.find(id, 'sh_1', 'CH', later(5))?.id)).toEqual([
      undefined,
      undefined,
      'huge',
    ]);
  });
});
