import { normaliseGtin } from './gtin.js';

describe('normaliseGtin', () => {
  it.each([
    ['4006381333931', '04006381333931'],
    ['400-6381-333931', '04006381333931'],
    ['EAN 4006381333931', '04006381333931'],
    ['GTIN-13: 4006381333931', '04006381333931'],
    ['96385074', '00000096385074'],
    ['036000291452', '00036000291452'],
    // An UPC whose leading zero a shop dropped: padding restores it, the check digit still holds.
    ['36000291452', '00036000291452'],
    ['10012345678902', '10012345678902'],
  ])('normalises %s', (raw, gtin) => {
    expect(normaliseGtin(raw)).toEqual({ ok: true, gtin });
  });

  it.each([
    ['4006381333932', 'gtin_check_digit'],
    ['00000000000000', 'gtin_check_digit'],
    ['1234567', 'gtin_length'],
    ['400638133393100', 'gtin_length'],
    ['not a gtin', 'gtin_length'],
  ])('refuses %s', (raw, problem) => {
    expect(normaliseGtin(raw)).toEqual({ ok: false, problem });
  });
});
