import { mergeAccountPicks, sameIds } from './account-picks';
import type { PickedProduct } from './picked-products';

const product = (n: number, name = `Product ${n}`): PickedProduct => ({ id: `p${n}`, name });
const ids = (picked: readonly PickedProduct[]) => picked.map((p) => p.id);

describe("the account's picks merged with the browser's", () => {
  it("puts the account's first, in their order, then the browser's others, each once", () => {
    const merged = mergeAccountPicks([product(3, 'Drei'), product(1)], [product(1, 'One'), product(2)]);
    expect(merged).toEqual([product(3, 'Drei'), product(1), product(2)]);
  });

  it('keeps at most four, the account’s before the browser’s', () => {
    const merged = mergeAccountPicks([product(1), product(2), product(3)], [product(4), product(5), product(6)]);
    expect(ids(merged)).toEqual(['p1', 'p2', 'p3', 'p4']);
  });

  it('brings a signed-out browser’s picks into an empty account, and the account’s into an empty browser', () => {
    expect(mergeAccountPicks([], [product(1), product(2)])).toEqual([product(1), product(2)]);
    expect(mergeAccountPicks([product(1)], [])).toEqual([product(1)]);
    expect(mergeAccountPicks([], [])).toEqual([]);
  });

  it('does not bring back a product dropped on the other device since both last agreed', () => {
    // Both had p1 and p2; the phone dropped p2; this browser still has it.
    expect(ids(mergeAccountPicks([product(1)], [product(1), product(2)], ['p1', 'p2']))).toEqual(['p1']);
  });

  it('does not bring back a product this browser dropped while the account could not be told', () => {
    // Both had p1 and p2; this browser dropped p1 (the write failed) and picked p3.
    expect(ids(mergeAccountPicks([product(1), product(2)], [product(2), product(3)], ['p1', 'p2']))).toEqual([
      'p2',
      'p3',
    ]);
  });

  it('keeps what either side picked since they last agreed', () => {
    expect(ids(mergeAccountPicks([product(1), product(4)], [product(1), product(3)], ['p1']))).toEqual([
      'p1',
      'p4',
      'p3',
    ]);
  });

  it('tells lists with the same products in the same order', () => {
    expect(sameIds([product(1), product(2)], [product(1, 'x'), product(2)])).toBe(true);
    expect(sameIds([product(1), product(2)], [product(2), product(1)])).toBe(false);
    expect(sameIds([product(1)], [product(1), product(2)])).toBe(false);
  });
});
