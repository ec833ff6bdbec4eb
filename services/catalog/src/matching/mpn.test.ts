import { normalizeMpn } from './mpn';

describe('normalizeMpn', () => {
  it('compares the spellings of one part number equal', () => {
    const key = normalizeMpn('MK9P2LL/A');
    expect(key).toBe('MK9P2LLA');
    expect(normalizeMpn('mk9p2ll-a')).toBe(key);
    expect(normalizeMpn(' MK9P2 LL/A ')).toBe(key);
    expect(normalizeMpn('mk9p2.ll_a')).toBe(key);
  });

  it('folds accents and full-width characters', () => {
    expect(normalizeMpn('ÉX-100')).toBe('EX100');
    expect(normalizeMpn('ＡＢ１２３')).toBe('AB123');
  });

  it.each([
    ['N/A'],
    ['n.a.'],
    ['none'],
    ['NULL'],
    ['unknown'],
    ['Does not apply'],
    ['0000'],
    ['XXXXX'],
    ['---'],
    ['A1'],
    [''],
  ])('returns "" for the unusable %p', (raw) => {
    expect(normalizeMpn(raw)).toBe('');
  });

  it('keeps short but real part numbers', () => {
    expect(normalizeMpn('C270')).toBe('C270');
    expect(normalizeMpn('m-310')).toBe('M310');
  });
});
