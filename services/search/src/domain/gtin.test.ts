import { displayGtin, normalizeGtin } from './gtin.js';

describe('normalizeGtin', () => {
  it('pads GTIN-8, UPC-A and EAN-13 to GTIN-14 when the check digit holds', () => {
    expect(normalizeGtin('4006381333931')).toBe('04006381333931');
    expect(normalizeGtin('194253012344')).toBe('00194253012344');
    expect(normalizeGtin('00012348')).toBe('00000000012348');
    expect(normalizeGtin(' 400-6381 333931 ')).toBe('04006381333931');
  });

  it('refuses wrong check digits and other lengths', () => {
    expect(normalizeGtin('4006381333932')).toBeNull();
    expect(normalizeGtin('40063813339')).toBeNull();
    expect(normalizeGtin('coffee')).toBeNull();
  });

  it('shows a GTIN-13 where it fits', () => {
    expect(displayGtin('04006381333931')).toBe('4006381333931');
    expect(displayGtin('14006381333938')).toBe('14006381333938');
  });
});
