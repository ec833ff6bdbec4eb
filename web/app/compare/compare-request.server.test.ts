import { compareRequestOf } from './compare-request.server';

describe('the products a compare link asks for', () => {
  it('compares two to four distinct products, in the order of the link', () => {
    expect(compareRequestOf('b2,a1')).toEqual({ kind: 'compare', ids: ['b2', 'a1'] });
    expect(compareRequestOf('a1,b2,c3,d4')).toEqual({ kind: 'compare', ids: ['a1', 'b2', 'c3', 'd4'] });
  });

  it('reads product path segments as the product page does, and skips spaces and empty entries', () => {
    expect(compareRequestOf('sony-wh-1000xm5-p8f3k2, bose-qc-ultra-pq7m2,')).toEqual({
      kind: 'compare',
      ids: ['8f3k2', 'q7m2'],
    });
  });

  it('counts a product named twice once', () => {
    expect(compareRequestOf('a1,a1,b2')).toEqual({ kind: 'compare', ids: ['a1', 'b2'] });
    expect(compareRequestOf('a1,slug-pa1')).toEqual({ kind: 'too-few', ids: ['a1'] });
  });

  it('asks for more products when there are none or one', () => {
    expect(compareRequestOf(null)).toEqual({ kind: 'too-few', ids: [] });
    expect(compareRequestOf('')).toEqual({ kind: 'too-few', ids: [] });
    expect(compareRequestOf(' , ')).toEqual({ kind: 'too-few', ids: [] });
    expect(compareRequestOf('a1')).toEqual({ kind: 'too-few', ids: ['a1'] });
  });

  it('refuses a fifth product, keeping all of them for the page to offer the first four', () => {
    expect(compareRequestOf('a1,b2,c3,d4,e5')).toEqual({ kind: 'too-many', ids: ['a1', 'b2', 'c3', 'd4', 'e5'] });
  });

  it('calls a list with anything that is no product id malformed, whatever else it names', () => {
    for (const param of ['a1,b2;c3', 'a1,<script>', 'a1,b 2', `a1,${'x'.repeat(129)}`, 'a1,slug-p', 'a1,ü'])
      expect({ param, request: compareRequestOf(param) }).toEqual({ param, request: { kind: 'malformed' } });
  });
});
