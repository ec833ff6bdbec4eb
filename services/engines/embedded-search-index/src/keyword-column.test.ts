import { KeywordColumn } from './keyword-column.js';

/** Counts per value over `rows`, as facets read them. */
function counts(column: KeywordColumn, rows: number[]): Record<string, number> {
  const byOrdinal = new Int32Array(column.values.length);
  column.countOrdinals(Int32Array.from(rows), byOrdinal);
  return Object.fromEntries([...byOrdinal].flatMap((n, ordinal) => (n > 0 ? [[column.values[ordinal], n]] : [])));
}

describe('KeywordColumn', () => {
  it('finds every value that folds to a form, the form itself included, also after a restore', () => {
    const column = new KeywordColumn();
    column.set(0, ['ACME', 'acme']);
    column.set(1, ['Acmé', 'Lite']);
    const valuesOf = (target: KeywordColumn, folded: string) =>
      target
        .ordinalsFolded(folded)
        .map((ordinal) => target.values[ordinal])
        .sort();
    expect(valuesOf(column, 'acme')).toEqual(['ACME', 'Acmé', 'acme']);
    expect(valuesOf(column, 'lite')).toEqual(['Lite']);
    expect(valuesOf(column, 'nothing')).toEqual([]);
    const restored = KeywordColumn.restore(column.state());
    expect(valuesOf(restored, 'acme')).toEqual(['ACME', 'Acmé', 'acme']);
    expect(counts(restored, [0, 1])).toEqual({ ACME: 1, acme: 1, Acmé: 1, Lite: 1 });
  });

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

  it('keeps every row’s values through many rewrites (its packed lists are compacted along the way)', () => {
    const column = new KeywordColumn();
    const latest = new Map<number, string[]>();
    const write = (rowid: number, values: string[]): void => {
      column.set(rowid, values);
      latest.set(rowid, values);
    };
    for (let rowid = 0; rowid < 300; rowid++) write(rowid, [`r${rowid}`, `w${rowid % 3}`, `x${rowid % 11}`]);
    // Only row 0 changes from here: its old lists become garbage, and compacting moves the others.
    for (let i = 0; i < 3000; i++) write(0, i % 5 === 0 ? ['r0'] : ['r0', `w${i % 3}`, `x${i % 11}`]);
    for (const [rowid, values] of latest) {
      const seen: string[] = [];
      column.some(rowid, (ordinal) => (seen.push(column.values[ordinal] ?? ''), false));
      expect(seen).toEqual(values);
    }
    const expected: Record<string, number> = {};
    for (const values of latest.values()) for (const value of values) expected[value] = (expected[value] ?? 0) + 1;
    expect(
      counts(
        column,
        [...latest.keys()].sort((a, b) => a - b),
      ),
    ).toEqual(expected);
  });

  it('visits a row’s values and finds every row holding any of some values', () => {
    const column = new KeywordColumn();
    column.set(0, ['x', 'y']);
    column.set(1, ['y']);
    column.set(5, ['z']);
    const seen: string[] = [];
    column.some(0, (ordinal) => (seen.push(column.values[ordinal] ?? ''), false));
    expect(seen).toEqual(['x', 'y']);
    expect([...column.rowsWithAny(new Set([column.ordinalOf('y') ?? -1]))]).toEqual([0, 1]);
    expect([...column.rowsWithAny(new Set(['x', 'y', 'z'].map((value) => column.ordinalOf(value) ?? -1)))]).toEqual([
      0, 1, 5,
    ]);
  });

  it('finds the rows of a value again after rows gained, lost or kept it (the rows found are remembered)', () => {
    const column = new KeywordColumn();
    column.set(0, ['a']);
    column.set(1, ['a', 'b']);
    column.set(2, ['b']);
    const rowsOf = (value: string): number[] => [...column.rowsWithAny(new Set([column.ordinalOf(value) ?? -1]))];
    expect(rowsOf('a')).toEqual([0, 1]);
    expect(rowsOf('b')).toEqual([1, 2]);
    column.set(2, ['b', 'a']); // gains a
    expect(rowsOf('a')).toEqual([0, 1, 2]);
    column.set(1, ['c']); // loses a and b
    expect(rowsOf('a')).toEqual([0, 2]);
    expect(rowsOf('b')).toEqual([2]);
    column.clear(0);
    column.set(1, ['c']); // unchanged
    expect(rowsOf('a')).toEqual([2]);
    expect(rowsOf('c')).toEqual([1]);
    column.set(3, ['c']); // a new row
    expect(rowsOf('c')).toEqual([1, 3]);
  });
});
