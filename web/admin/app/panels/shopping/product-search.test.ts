import { productSearch } from './product-search';

describe('the products table’s search box', () => {
  it('takes 8, 12, 13 or 14 digits as a GTIN, spaces and dashes between them as printed', () => {
    expect(productSearch(' 4006381333931 ')).toEqual({ kind: 'gtin', gtin: '4006381333931' });
    expect(productSearch('4 006381 333931')).toEqual({ kind: 'gtin', gtin: '4006381333931' });
    expect(productSearch('0-12345-67890-5')).toEqual({ kind: 'gtin', gtin: '012345678905' });
    expect(productSearch('96385074')).toEqual({ kind: 'gtin', gtin: '96385074' });
    expect(productSearch('04006381333931')).toEqual({ kind: 'gtin', gtin: '04006381333931' });
  });

  it('says when eight digits or more are no GTIN: another length, or all zero', () => {
    expect(productSearch('4006381333')).toEqual({ kind: 'notGtin', digits: 10 });
    expect(productSearch('400638133393100')).toEqual({ kind: 'notGtin', digits: 15 });
    expect(productSearch('0000000000000')).toEqual({ kind: 'notGtin', digits: 13 });
  });

  it('takes anything else as the start of a name, and nothing as no search', () => {
    expect(productSearch('  Sony WH-1000XM5 ')).toEqual({ kind: 'name', prefix: 'Sony WH-1000XM5' });
    expect(productSearch('2024')).toEqual({ kind: 'name', prefix: '2024' });
    expect(productSearch('4006381333931x')).toEqual({ kind: 'name', prefix: '4006381333931x' });
    expect(productSearch('   ')).toEqual({ kind: 'none' });
  });
});
