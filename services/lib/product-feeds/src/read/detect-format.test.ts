import { detectDelimiter, detectFormat } from './detect-format';

describe('detectFormat', () => {
  it('tells Google Merchant RSS and Atom from other XML', () => {
    expect(detectFormat('<?xml version="1.0"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">')).toBe(
      'google-merchant-xml',
    );
    expect(detectFormat('<feed xmlns="http://www.w3.org/2005/Atom" xmlns:g="http://base.google.com/ns/1.0">')).toBe(
      'google-merchant-xml',
    );
    expect(detectFormat('<?xml version="1.0"?><products><product/></products>')).toBeNull();
  });

  it('tells CSV, TSV and idealo CSV by the header line', () => {
    expect(detectFormat('id\ttitle\tprice\n1\ta\t2')).toBe('tsv');
    expect(detectFormat('id,title,price\n1,a,2')).toBe('csv');
    expect(detectFormat('id;title;"price, incl. tax"\n')).toBe('csv');
    expect(detectFormat('sku;title;brand;eans;hans;price;url;deliveryCosts_dhl\n')).toBe('idealo-csv');
  });

  it('refuses binary content and a single column', () => {
    expect(detectFormat('\u0000\u0001PNG')).toBeNull();
    expect(detectFormat('just one column\nvalue')).toBeNull();
  });

  it('counts delimiters outside quotes only', () => {
    expect(detectDelimiter('"a,b,c";"d,e";f')).toBe(';');
  });
});
