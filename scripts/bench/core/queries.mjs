// The search workload of bench:core: text + 3 facets + a sort, drawn from the indexed data so
// every query finds something (a realistic mix of one- and two-word queries).
import { ProductSort } from '@pc/proto/common/v1/sort';
import { SearchProductsRequest } from '@pc/proto/search/v1/search';

const WORDS = /[\p{L}]{4,}/gu;

/** Builds `count` requests from the names and brands of a sample of indexed products. */
export async function buildQueries(search, count) {
  const sample = await search.searchProducts(
    SearchProductsRequest.fromPartial({ language: 'de', country: 'CH', page: { hitsPerPage: 100 }, facets: ['brand'] }),
  );
  const words = [...new Set(sample.hits.flatMap((hit) => hit.name.match(WORDS) ?? []))];
  const brands = (sample.facets.find((facet) => facet.name === 'brand')?.values ?? []).map((value) => value.value);
  if (words.length === 0) throw new Error('the index is empty: seed the platform first');
  return Array.from({ length: count }, (_, i) => {
    const first = words[(i * 7919) % words.length];
    const query = i % 3 === 0 ? `${first} ${words[(i * 104729) % words.length]}` : first;
    return SearchProductsRequest.fromPartial({
      query,
      language: 'de',
      country: 'CH',
      page: { page: 1, hitsPerPage: 20 },
      sort: i % 2 === 0 ? ProductSort.PRODUCT_SORT_CHEAPEST : ProductSort.PRODUCT_SORT_RATING,
      facets: ['brand', 'category', 'price'],
      refinements: i % 4 === 0 && brands.length > 0 ? [{ facet: 'brand', values: [brands[i % brands.length]] }] : [],
    });
  });
}
