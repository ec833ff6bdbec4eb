import { productRowQueries, productRowsOf } from './product-rows';
import { cardFixture as card } from '../../test/card-fixture';

const list = (total: number, ...ids: string[]) => ({ data: ids.map(card), meta: { total } });

describe('the product page rows', () => {
  it('asks for similar, then brand and category where the product has them, never the product itself', () => {
    expect(
      productRowQueries('p1', 'acme', 'c9').map(({ similar, brand, category, exclude }) => [
        similar,
        brand,
        category,
        exclude,
      ]),
    ).toEqual([
      ['p1', undefined, undefined, 'p1'],
      [undefined, 'acme', undefined, 'p1'],
      [undefined, undefined, 'c9', 'p1'],
    ]);
    expect(productRowQueries('p1', undefined, 'c9').map((q) => Object.keys(q).sort())).toEqual([
      ['exclude', 'hitsPerPage', 'similar', 'with_offers'],
      ['category', 'exclude', 'hitsPerPage', 'with_offers'],
    ]);
  });

  it('takes each answer for its row, leaves out failed lists and rows of ten products or fewer', () => {
    expect(productRowsOf([list(2, 's1', 's2'), list(40, 'b1'), list(11, 'c1')], 'acme')).toEqual({
      similar: [card('s1'), card('s2')],
      brandRow: [card('b1')],
      categoryRow: [card('c1')],
    });
    // Without a brand the second answer is the category's.
    expect(productRowsOf([null, list(30, 'c1')], undefined)).toEqual({
      similar: null,
      brandRow: null,
      categoryRow: [card('c1')],
    });
    expect(productRowsOf([list(0), list(10, 'b1'), null], 'acme')).toEqual({
      similar: [],
      brandRow: null,
      categoryRow: null,
    });
  });
});
