import { ProductSort } from '@pc/proto/common/v1/sort';
import { SearchProductsRequest } from '@pc/proto/search/v1/search';
import { openEmbeddedSearchIndex } from '@pc/embedded-search-index/embedded-search-index';
import type { SearchIndex, SearchRequest } from '@pc/kit/ports/search-index';
import { productDocument, type ProductDocument } from '../domain/product-document.js';
import type { ProductRecord } from '../domain/product-record.js';
import { parseProductQuery } from '../grpc/product-request.js';
import { openSearchIndices, type SearchIndices } from '../store/search-indices.js';
import { searchProducts } from './product-search.js';

const record = (id: string, name: string, brand: string, power: string): ProductRecord => ({
  _id: id,
  version: 1,
  listed: true,
  slug: id,
  names: { de: name, en: name },
  brand: { id: brand, slug: brand, name: brand, productsCount: 1 },
  categoryPath: [{ id: 'coffee', slug: 'coffee', name: 'Coffee machines', productsCount: 2 }],
  gtins: [],
  displayGtin: '',
  mpn: '',
  imageUrl: '',
  rating: 0,
  ratingCount: 0,
  createdAt: 1,
  changedAt: 1,
  specs: [{ name: 'Power', value: power }],
});

describe('searchProducts', () => {
  let engine: SearchIndex;
  let indices: SearchIndices;
  /** The text of every search that reached the product index, with its typo tolerance and the prefixes its facets count. */
  let searches: { text: string; fuzzy: boolean; prefixes: string[] }[];

  beforeEach(async () => {
    engine = await openEmbeddedSearchIndex({ path: ':memory:' });
    const real = await openSearchIndices(engine);
    const docs = [
      record('p1', 'Kaffeemaschine Barista', 'delonghi', '1,000 W'),
      record('p2', 'Kaffeemaschine Crema', 'jura', '1500 W'),
    ].map((product) => productDocument({ product, prices: null, offers: [], clicks: {} }) as ProductDocument);
    await real.products.upsert(docs);
    searches = [];
    // A pass-through that only records what reached the real index.
    const products = Object.create(real.products) as typeof real.products;
    products.search = (request: SearchRequest) => {
      const prefixes = (request.facets ?? []).flatMap((facet) =>
        'prefix' in facet && facet.prefix ? [facet.prefix] : [],
      );
      searches.push({ text: request.text ?? '', fuzzy: request.fuzzy ?? false, prefixes });
      return real.products.search(request);
    };
    indices = { ...real, products };
  });

  afterEach(() => engine.close());

  const query = (fields: Partial<SearchProductsRequest>) =>
    parseProductQuery(
      SearchProductsRequest.fromPartial({
        language: 'de',
        country: 'CH',
        sort: ProductSort.PRODUCT_SORT_CHEAPEST,
        facets: ['brand'],
        ...fields,
      }),
    );

  it('does not retry with typo tolerance when the text matched and a refinement left nothing', async () => {
    const result = await searchProducts(
      indices,
      query({ query: 'Kaffeemaschine', refinements: [{ facet: 'brand', values: ['sony'] }] }),
    );
    expect(result.main.total).toBe(0);
    expect(result.didYouMean).toBeNull();
    // The brand buckets still show what the text found, so the user can change the refinement.
    expect(
      result.facets
        .get('brand')
        ?.map((bucket) => bucket.value)
        .sort(),
    ).toEqual(['delonghi', 'jura']);
    expect(searches.filter((search) => search.fuzzy)).toEqual([]);
  });

  it('looks up what a specification range selects before the main search, and only when one is refined', async () => {
    await searchProducts(indices, query({ facets: ['spec'] }));
    expect(searches).toHaveLength(1);
    searches = [];
    const ranged = await searchProducts(
      indices,
      query({ facets: ['spec'], refinements: [{ facet: 'spec:power', values: ['..1200'] }] }),
    );
    expect(ranged.main.hits.map((hit) => hit.id)).toEqual(['p1']);
    // The lookup is the specification's count without its range too: no further search.
    expect(searches.map((search) => search.prefixes)).toEqual([['power:', 'power:'], []]);
    expect(ranged.specs?.ranged).toEqual(new Map([['power', ['1,000 W']]]));
  });

  it('retries with typo tolerance when the text itself matched nothing', async () => {
    const result = await searchProducts(
      indices,
      query({ query: 'Kafeemaschine', refinements: [{ facet: 'brand', values: ['jura'] }] }),
    );
    expect(result.main.hits.map((hit) => hit.id)).toEqual(['p2']);
    expect(result.didYouMean).toBe('kaffeemaschine');
    expect(searches.some((search) => search.fuzzy)).toBe(true);
  });
});
