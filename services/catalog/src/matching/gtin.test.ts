import { displayGtin, normalizeGtin, normalizeGtins } from './gtin';

describe('normalizeGtin', () => {
  it.each([
    ['EAN-13', '4006381333931', '04006381333931'],
    ['UPC-A (12 digits)', '036000291452', '00036000291452'],
    ['EAN-8', '96385074', '00000096385074'],
    ['GTIN-14', '10012345678902', '10012345678902'],
    ['EAN-13 zero-padded to 14', '04006381333931', '04006381333931'],
    ['EAN-13 with spaces', '4 006381 333931', '04006381333931'],
    ['UPC-A with dashes', '0-36000-29145-2', '00036000291452'],
    ['surrounding whitespace', ' 5012345678900\t', '05012345678900'],
  ])('accepts %s', (_case, raw, expected) => {
    expect(normalizeGtin(raw)).toBe(expected);
  });

  it('gives every length of one barcode the same GTIN', () => {
    expect(normalizeGtin('036000291452')).toBe(normalizeGtin('0036000291452'));
    expect(normalizeGtin('0036000291452')).toBe(normalizeGtin('00036000291452'));
  });

  it.each([
    ['a wrong check digit', '4006381333932'],
    ['a wrong UPC-A check digit', '036000291453'],
    ['11 digits', '03600029145'],
    ['9 digits', '963850741'],
    ['15 digits', '100123456789023'],
    ['letters', '40063813339A1'],
    ['an ISBN-10 with X', '030640615X'],
    ['all zeros', '00000000000000'],
    ['all zeros, 8 digits', '00000000'],
    ['empty', ''],
    ['other separators', '4006381.333931'],
  ])('rejects %s', (_case, raw) => {
    expect(normalizeGtin(raw)).toBeNull();
  });
});

describe('displayGtin', () => {
  it('shows a GTIN-14 with a leading zero as its GTIN-13', () => {
    expect(displayGtin('04006381333931')).toBe('4006381333931');
    expect(displayGtin('00036000291452')).toBe('0036000291452');
  });

  it('keeps a GTIN-14 that starts with another digit', () => {
    expect(displayGtin('10012345678902')).toBe('10012345678902');
  });
});

describe('normalizeGtins', () => {
  it('keeps the valid ones, once each', () => {
    expect([...normalizeGtins(['4006381333931', '04006381333931', '123', 'abc'])]).toEqual(['04006381333931']);
    expect(normalizeGtins(undefined).size).toBe(0);
  });
});
