import { brandKey, brandsAgree } from './brand';

describe('brandKey', () => {
  it('gives the spellings of one company the same key', () => {
    expect(brandKey('Hewlett-Packard Inc.')).toBe(brandKey('hewlett packard'));
    expect(brandKey('Sony Corporation')).toBe(brandKey('SONY'));
    expect(brandKey('Bosch GmbH & Co. KG')).toBe('bosch');
    expect(brandKey('Nestlé S.A.')).toBe('nestle');
    expect(brandKey('Logitech International S.A.')).toBe('logitech');
    expect(brandKey('D-Link')).toBe(brandKey('dlink'));
  });

  it('keeps words that are part of the name', () => {
    expect(brandKey('Western Digital Corp')).toBe('westerndigital');
    expect(brandKey('Case Logic')).toBe('caselogic');
    expect(brandKey('Johnson & Johnson')).toBe('johnsonandjohnson');
  });

  it('keeps a name that is only a legal word', () => {
    expect(brandKey('AG')).toBe('ag');
  });

  it('is empty for an empty or punctuation-only name', () => {
    expect(brandKey('')).toBe('');
    expect(brandKey(' - . ')).toBe('');
  });
});

describe('brandsAgree', () => {
  it('agrees on equal keys, aliases and a name with trailing words', () => {
    expect(brandsAgree('hp', brandKey('Hewlett Packard'))).toBe(true);
    expect(brandsAgree('griffin', brandKey('Griffin Technology'))).toBe(true);
    expect(brandsAgree('lg', brandKey('LG Electronics'))).toBe(true);
  });

  it('disagrees on different makers and on missing ones', () => {
    expect(brandsAgree('sony', 'samsung')).toBe(false);
    expect(brandsAgree('hp', 'hpe')).toBe(false);
    expect(brandsAgree('', 'sony')).toBe(false);
  });
});
