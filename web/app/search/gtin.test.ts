import { checkGtin } from './gtin';

describe('barcode codes', () => {
  it('tells valid GTINs from wrong check digits and from what is no GTIN', () => {
    expect(['4006381333931', '96385074', '036000291452', '10614141000415'].map(checkGtin)).toEqual([
      'valid',
      'valid',
      'valid',
      'valid',
    ]);
    expect(checkGtin('4006381333932')).toBe('check-digit');
    expect(checkGtin('40063813')).toBe('check-digit');
    expect(['', '1234567', 'abc12345', '123456789012345'].map(checkGtin)).toEqual([
      'empty',
      'invalid',
      'invalid',
      'invalid',
    ]);
  });
});
