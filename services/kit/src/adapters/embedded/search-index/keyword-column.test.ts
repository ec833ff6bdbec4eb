import { KeywordColumn } from './keyword-column.js';

/** Counts per value over `rows`, as facets read them. */
function counts(column: KeywordColumn, rows: number[]): Record<string, number> {
  const byOrdinal = new Int32Array(column.values.length);
  column.countOrdinals(Int32Array.from(rows), byOrdinal);
  return Object.fromEntries([...byOrdinal].flatMap((n, ordinal) => (n > 0 ? [[column.values[ordinal], n]] : [])));
}

describe('KeywordColumn', () => {
  it('counts single- and multi-valued rows through rewrites that free and reuse list slots', () => {
    const column = new KeywordColumn();
    column.set(0, ['a', 'b']);
    column.set(1, ['b', 'c']);
    column.set(2, ['a']);
    expect(counts(column, [0, 1, 2])).toEqual({ a: 2, b: 2, c: 1 });
    column.set(0, ['c']); // multi → single: its list slot is freed
    column.set(3, ['a', 'c', 'd']); // takes the freed slot
    column.set(1, null);
    expect(counts(column, [0, 1, 2, 3])).toEqual({ a: 2, c: 2, d: 1 });
    expect(counts(column, [1, 3])).toEqual({ a: 1, c: 1, d: 1 });
  });

  it('visits a row’s values and finds every row holding any of some values', () => {
    const column = new KeywordColumn();
    column.set(0, ['x', 'y']);
    column.set(1, ['y']);
    column.set(5, ['z']);
    const seen: string[] = [];
    column.some(0, (ordinal) => (seen.push(column.values[ordinal] ?? ''), false));
    expect(seen).toEqual(['x', 'y']);
    const rows = new Set<number>();
    column.addRowsWithAny(new Set([column.ordinalOf('y') ?? -1]), rows);
    expect([...rows]).toEqual([0, 1]);
  });
});
