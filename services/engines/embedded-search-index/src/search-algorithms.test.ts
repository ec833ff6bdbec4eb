import { boundedEditDistance } from '@pc/text-analysis/edit-distance';
import { matchExpression } from './fts-query.js';
import { topK } from './top-k.js';

describe('boundedEditDistance', () => {
  it('counts substitutions, insertions, deletions and adjacent swaps as one edit', () => {
    expect(boundedEditDistance('samsung', 'samsunk', 2)).toBe(1);
    expect(boundedEditDistance('samsung', 'samsng', 2)).toBe(1);
    expect(boundedEditDistance('samsung', 'samsnug', 2)).toBe(1);
    expect(boundedEditDistance('waschmashine', 'waschmaschine', 2)).toBe(1);
  });

  it('stops at max + 1', () => {
    expect(boundedEditDistance('samsung', 'apple', 1)).toBe(2);
    expect(boundedEditDistance('abc', 'abcdef', 2)).toBe(3);
  });
});

describe('topK', () => {
  it('returns the same first k as a full sort, for small and large k', () => {
    const values = Array.from({ length: 500 }, (_, i) => (i * 7919) % 251);
    const compare = (a: number, b: number): number => (values[a] ?? 0) - (values[b] ?? 0) || a - b;
    const full = values.map((_, i) => i).sort(compare);
    for (const k of [1, 10, 99, 400, 600]) expect(topK(values.length, k, compare)).toEqual(full.slice(0, k));
  });
});

describe('matchExpression', () => {
  it('quotes every term so query text is never read as FTS5 syntax', () => {
    expect(
      matchExpression(
        ['t0', 't0_en'],
        [
          { exact: ['samsung'], prefixes: [] },
          { exact: ['gal'], prefixes: ['gal'] },
        ],
      ),
    ).toBe('{t0 t0_en} : ("samsung" AND ("gal" OR "gal" *))');
  });
});
