import { Rng } from './prng';

describe('Rng', () => {
  it('gives the same stream for the same name and another for another name', () => {
    const draw = (rng: Rng) => Array.from({ length: 8 }, () => rng.nextUint32());
    expect(draw(Rng.derive('1', 'product', 42))).toEqual(draw(Rng.derive('1', 'product', 42)));
    expect(draw(Rng.derive('1', 'product', 42))).not.toEqual(draw(Rng.derive('1', 'product', 43)));
    expect(draw(Rng.derive('1', 'product', 42))).not.toEqual(draw(Rng.derive('2', 'product', 42)));
  });

  it('keeps draws in their ranges and roughly uniform', () => {
    const rng = Rng.derive('uniform');
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 60_000; i += 1) {
      const value = rng.int(1, 6);
      counts[value - 1] = (counts[value - 1] ?? 0) + 1;
    }
    for (const count of counts) expect(count).toBeGreaterThan(9_400);
    for (let i = 0; i < 1000; i += 1) {
      const value = rng.next();
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
  });

  it('makes UUID-shaped ids (version 4 layout) that do not repeat', () => {
    const rng = Rng.derive('ids');
    const ids = Array.from({ length: 10_000 }, () => rng.uuid());
    for (const id of ids.slice(0, 100))
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('samples distinct items', () => {
    const sample = Rng.derive('sample').sample(['a', 'b', 'c', 'd', 'e'], 3);
    expect(new Set(sample).size).toBe(3);
  });
});
