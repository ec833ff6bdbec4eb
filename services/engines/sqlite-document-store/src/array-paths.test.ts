import { collectArrayPaths } from './array-paths.js';

const pathsOf = (doc: unknown) => {
  const found = new Set<string>();
  collectArrayPaths(doc, '', found);
  return [...found].sort();
};

describe('collectArrayPaths', () => {
  it('finds arrays at the top, nested in objects and inside arrays of objects', () => {
    expect(
      pathsOf({
        _id: 'x',
        tags: ['a'],
        price: { history: [1, 2] },
        variants: [{ sizes: ['S'], stock: { shops: [] } }, { color: 'red' }],
      }),
    ).toEqual(['price.history', 'tags', 'variants', 'variants.sizes', 'variants.stock.shops']);
  });

  it('does not descend into arrays of arrays, scalars or keys no filter can name', () => {
    expect(pathsOf({ grid: [[{ deep: [1] }]], n: 1, s: 'text', 'odd key': [1], $meta: [2] })).toEqual(['grid']);
  });
});
