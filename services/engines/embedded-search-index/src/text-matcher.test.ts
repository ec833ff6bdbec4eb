import { parseRowids } from './text-matcher.js';

describe('parseRowids (the rowids of a text match, as SQLite concatenated them)', () => {
  it('reads every rowid in order, multi-digit and zero included', () => {
    expect([...parseRowids('0,7,42,1000000,2147483647')]).toEqual([0, 7, 42, 1_000_000, 2_147_483_647]);
    expect([...parseRowids('5')]).toEqual([5]);
  });

  it('reads no match as no rowid', () => {
    expect(parseRowids(null)).toHaveLength(0);
    expect(parseRowids('')).toHaveLength(0);
  });
});
