import { ProductSort } from '@pc/proto/common/v1/sort';
import { InvalidQueryError } from '../http/invalid-query.server';
import { productSearchRequest } from './product-search.server';

const requestFor = (query: string) => productSearchRequest(new URL(`http://site.test/api/products?${query}`));

describe('the search request of GET /api/products', () => {
  it('lists everything in the default locale with no parameters (spec §5)', () => {
    const { request, locale } = requestFor('');
    expect(locale.id).toBe('en-ch');
    expect(request).toMatchObject({
      query: '',
      language: 'en',
      country: 'CH',
      displayCurrency: 'CHF',
      page: { page: 1, hitsPerPage: 20 },
      sort: ProductSort.PRODUCT_SORT_UNSPECIFIED,
      facets: [],
      suggest: [],
      refinements: [],
      rangeRefinements: [],
    });
  });

  it('passes search, paging, sort, facets, suggesters, refinements and filters through', () => {
    const { request } = requestFor(
      'locale=fr&search=casque%20sans%20fil&page=3&hitsPerPage=48&sort=price-drop&facets=brand,price&suggest=query' +
        '&refinements[brand]=sony,bose&refinements[price]=10000..30000&brand=sony&category=headphones&exclude=a1,b2&in_stock=1&track=true',
    );
    // A search through the API counts nothing for "most searched" (ADR 103), whatever it asks.
    expect(request.track).toBe(false);
    expect(request).toMatchObject({
      query: 'casque sans fil',
      language: 'fr',
      country: 'FR',
      displayCurrency: 'EUR',
      page: { page: 3, hitsPerPage: 48 },
      sort: ProductSort.PRODUCT_SORT_PRICE_DROP,
      facets: ['brand', 'price'],
      suggest: ['query'],
      refinements: [{ facet: 'brand', values: ['sony', 'bose'] }],
      rangeRefinements: [{ facet: 'price', min: 10000, max: 30000 }],
      filter: {
        brandSlug: 'sony',
        categoryId: 'headphones',
        excludeProductIds: ['a1', 'b2'],
        inStockOnly: true,
        greenOnly: false,
      },
    });
  });

  it('passes a specification range through as written, for search to read (ADR 123)', () => {
    const { request } = requestFor('refinements[spec:power]=800..1200&refinements[spec:jug]=1.5..&facets=spec');
    expect(request.refinements).toEqual([
      { facet: 'spec:power', values: ['800..1200'] },
      { facet: 'spec:jug', values: ['1.5..'] },
    ]);
    expect(request.rangeRefinements).toEqual([]);
  });

  it('rejects bad filters before anything is searched', () => {
    for (const [query, field] of [
      ['brand=Sony', 'brand'],
      ['gtin=12345', 'gtin'],
      ['in_stock=yes', 'in_stock'],
      ['refinements[rating]=4..9..', 'refinements[rating]'],
    ] as const) {
      expect(() => requestFor(query)).toThrow(InvalidQueryError);
      try {
        requestFor(query);
      } catch (error) {
        expect((error as InvalidQueryError).errors[0]?.field).toBe(field);
      }
    }
  });
});
