import { VisitorSearches } from './visitor-searches.js';

describe('the visitors’ searches counted today', () => {
  it('says first once per key and day, and again on the next day', () => {
    const searches = new VisitorSearches(10);
    expect(searches.firstToday('2026-12-06', 'ch|de|toaster|a')).toBe(true);
    expect(searches.firstToday('2026-12-06', 'ch|de|toaster|a')).toBe(false);
    expect(searches.firstToday('2026-12-06', 'ch|de|toaster|b')).toBe(true);
    expect(searches.firstToday('2026-12-07', 'ch|de|toaster|a')).toBe(true);
  });

  it('forgets the oldest key past its capacity, and a key it is told to forget', () => {
    const searches = new VisitorSearches(2);
    for (const key of ['a', 'b', 'c']) expect(searches.firstToday('2026-12-06', key)).toBe(true);
    expect(searches.firstToday('2026-12-06', 'a')).toBe(true); // forgotten as the oldest
    expect(searches.firstToday('2026-12-06', 'c')).toBe(false);
    searches.forget('c');
    expect(searches.firstToday('2026-12-06', 'c')).toBe(true);
  });
});
