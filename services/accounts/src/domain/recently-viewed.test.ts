import { mergeViews } from './recently-viewed.js';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 24, 10, minute)).toISOString();

describe('mergeViews', () => {
  it('keeps each product once with its latest view, newest first', () => {
    const merged = mergeViews(
      [
        { productId: 'a', viewedAt: at(1) },
        { productId: 'b', viewedAt: at(2) },
      ],
      [
        { productId: 'a', viewedAt: at(3) },
        { productId: 'c', viewedAt: at(0) },
      ],
    );
    expect(merged).toEqual([
      { productId: 'a', viewedAt: at(3) },
      { productId: 'b', viewedAt: at(2) },
      { productId: 'c', viewedAt: at(0) },
    ]);
  });

  it('keeps at most 10, dropping the oldest, and ignores an older view of a known product', () => {
    const current = Array.from({ length: 10 }, (_, i) => ({ productId: `p${i}`, viewedAt: at(10 + i) }));
    const merged = mergeViews(current, [
      { productId: 'new', viewedAt: at(30) },
      { productId: 'p9', viewedAt: at(0) },
    ]);
    expect(merged).toHaveLength(10);
    expect(merged[0]).toEqual({ productId: 'new', viewedAt: at(30) });
    expect(merged.map((v) => v.productId)).not.toContain('p0');
    expect(merged.find((v) => v.productId === 'p9')?.viewedAt).toBe(at(19));
  });
});
