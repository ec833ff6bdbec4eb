import { checkGtin } from './gtin';

describe('checkGtin', () => {
  it.each([
    ['4006381333931', '04006381333931'],
    ['8123456700019', '08123456700019'],
    ['96385074', '00000096385074'],
    ['036000291452', '00036000291452'],
    ['4006-3813 33931', '04006381333931'],
  ])('accepts %s as %s', (raw, gtin14) => {
    expect(checkGtin(raw)).toEqual({ ok: true, gtin14 });
  });

  it('reports the siroop placeholder as a failed check digit', () => {
    expect(checkGtin('123456789123')).toEqual({ ok: false, reason: 'gtin_check_digit' });
  });

  it.each(['', 'abc', '12345', '0000000000000', '40063813339311234'])('reports %p as not a GTIN', (raw) => {
    expect(checkGtin(raw)).toEqual({ ok: false, reason: 'gtin_format' });
  });
});
