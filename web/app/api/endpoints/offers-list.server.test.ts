import { Condition } from '@pc/proto/common/v1/commerce';
import { OfferSort } from '@pc/proto/offers/v1/offers';
import { InvalidQueryError } from '../http/invalid-query.server';
import { offerListing } from './offers-list.server';

const listing = (path: string, query: string, segment?: string) =>
  offerListing(new URL(`http://site.test${path}?${query}`), segment);

function fieldOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof InvalidQueryError) return error.errors[0]?.field;
    throw error;
  }
  return undefined;
}

describe('the offers query of an offers URL', () => {
  it("takes the product from the path, the locale's country and currency, cheapest first", () => {
    const { query } = listing('/api/products/sony-wh-1000xm5-pK7f2/offers', 'locale=de', 'sony-wh-1000xm5-pK7f2');
    expect(query).toEqual({
      productId: 'K7f2',
      shopId: '',
      country: 'DE',
      inStockOnly: false,
      greenOnly: false,
      conditions: [],
      sort: OfferSort.OFFER_SORT_CHEAPEST,
      page: 1,
      hitsPerPage: 20,
      displayCurrency: 'EUR',
    });
  });

  it('reads product, shop, country (or * for all), stock, green and condition from refinements', () => {
    const { query, facets } = listing(
      '/api/offers',
      'refinements[product]=K7f2&refinements[country]=*&refinements[in_stock]=true&refinements[green]=1&refinements[condition]=new,refurbished&sort=shop-name&facets=*',
    );
    expect(query).toMatchObject({
      productId: 'K7f2',
      country: '*',
      inStockOnly: true,
      greenOnly: true,
      conditions: [Condition.CONDITION_NEW, Condition.CONDITION_REFURBISHED],
      sort: OfferSort.OFFER_SORT_SHOP_NAME,
      displayCurrency: 'CHF',
    });
    expect(facets).toEqual(['*']);
    // Spec §7 writes the facets of /api/offers as country, product, in_stock.
    expect(listing('/api/offers', 'refinements[product]=K7f2&facets=country,product,in_stock').facets).toEqual([
      'country',
      'product',
      'in_stock',
    ]);
    expect(listing('/api/offers', 'refinements[shop]=s1&refinements[country]=gb').query).toMatchObject({
      productId: '',
      shopId: 's1',
      country: 'GB',
    });
  });

  it('names the bad parameter', () => {
    expect(fieldOf(() => listing('/api/offers', ''))).toBe('refinements[product]');
    expect(fieldOf(() => listing('/api/offers', 'refinements[product]=a,b'))).toBe('refinements[product]');
    expect(fieldOf(() => listing('/api/offers', 'refinements[product]=a&refinements[condition]=mint'))).toBe(
      'refinements[condition]',
    );
    expect(fieldOf(() => listing('/api/offers', 'refinements[product]=a&refinements[in_stock]=maybe'))).toBe(
      'refinements[in_stock]',
    );
    expect(fieldOf(() => listing('/api/products/a/offers', 'refinements[shop]=s1', 'a'))).toBe('refinements[shop]');
    expect(fieldOf(() => listing('/api/products/a/offers', 'facets=brand', 'a'))).toBe('facets');
  });
});
