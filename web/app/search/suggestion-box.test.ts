import { movedActive, suggestQuery } from './suggestion-box';

describe('the search box suggestions', () => {
  it('asks only once two characters are typed, without the leading spaces', () => {
    expect(suggestQuery('')).toBeNull();
    expect(suggestQuery('  s')).toBeNull();
    expect(suggestQuery('  so')).toBe('so');
    expect(suggestQuery('sony ')).toBe('sony ');
  });

  it('moves down from the input to the first option and up back to the input, around at the ends', () => {
    expect(movedActive(-1, 3, 1)).toBe(0);
    expect(movedActive(0, 3, 1)).toBe(1);
    expect(movedActive(2, 3, 1)).toBe(-1);
    expect(movedActive(0, 3, -1)).toBe(-1);
    expect(movedActive(-1, 3, -1)).toBe(2);
    expect(movedActive(-1, 0, 1)).toBe(-1);
  });
});
