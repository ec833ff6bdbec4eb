import { readPicked, togglePicked, withoutPicked, writePicked, type PickedProduct } from './picked-products';

const product = (n: number): PickedProduct => ({ id: `p${n}`, name: `Product ${n}` });

describe('the products picked for comparison', () => {
  it('picks a product and drops it again with the same toggle', () => {
    const picked = togglePicked([], product(1));
    expect(picked).toEqual({ picked: [product(1)], refused: false });
    expect(togglePicked([product(1), product(2)], product(1))).toEqual({ picked: [product(2)], refused: false });
  });

  it('keeps them in the order picked, at most four: a fifth is refused and nothing changes', () => {
    let picked: readonly PickedProduct[] = [];
    for (const n of [1, 2, 3, 4]) picked = togglePicked(picked, product(n)).picked;
    expect(picked.map((p) => p.id)).toEqual(['p1', 'p2', 'p3', 'p4']);
    expect(togglePicked(picked, product(5))).toEqual({ picked, refused: true });
    // Room again once one is dropped.
    expect(togglePicked(withoutPicked(picked, 'p2'), product(5)).picked.map((p) => p.id)).toEqual([
      'p1',
      'p3',
      'p4',
      'p5',
    ]);
  });

  it('reads back what it stored', () => {
    const picked = [product(1), product(2)];
    expect(readPicked(writePicked(picked))).toEqual(picked);
  });

  it('reads nothing from what it did not write, and drops entries that are not products', () => {
    for (const stored of [null, '', 'not json', '{"id":"p1"}', '42', 'null'])
      expect({ stored, picked: readPicked(stored) }).toEqual({ stored, picked: [] });
    const mixed = JSON.stringify([
      product(1),
      { id: 'bad id!', name: 'x' },
      { id: 'p2' },
      'p3',
      product(1),
      product(4),
    ]);
    expect(readPicked(mixed)).toEqual([product(1), product(4)]);
  });

  it('never reads more than four, whatever was stored', () => {
    const stored = writePicked([1, 2, 3, 4, 5, 6].map(product));
    expect(readPicked(stored).map((p) => p.id)).toEqual(['p1', 'p2', 'p3', 'p4']);
  });
});
