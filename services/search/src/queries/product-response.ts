import { ProductSort } from '@pc/proto/common/v1/sort';
import type { SearchProductsResponse } from '@pc/proto/search/v1/search';
import { SuggestionKind, type SuggestGroup } from '@pc/proto/search/v1/types';
import { pageResponse } from '@pc/kit/paging/page';
import { escapeHtml } from '../domain/highlight.js';
import { defaultProductSort, offeredProductSorts, PRODUCT_SORTS } from '../domain/product-sorts.js';
import { ProductFields as F } from '../domain/product-fields.js';
import type { ProductQuery } from '../grpc/product-request.js';
import type { SearchIndices } from '../store/search-indices.js';
import { productFacets } from './product-facet-values.js';
import { productHit } from './product-hit.js';
import { offeredCount, type ProductSearchResult } from './product-search.js';
import { entitySuggestions } from './suggesters.js';

const SUGGESTIONS_PER_GROUP = 5;

/** Shapes what the product index found into SearchProductsResponse (spec §3 Search result). */
export async function productResponse(
  indices: SearchIndices,
  query: ProductQuery,
  result: ProductSearchResult,
  startedAt: number,
): Promise<SearchProductsResponse> {
  const { main } = result;
  const money = (amount: number | null | undefined) =>
    amount === null || amount === undefined ? undefined : { amountMinor: Math.round(amount), currency: query.currency };
  const price = main.metrics[F.price(query.country)];
  const offers = main.metrics[F.offers(query.country)];
  const hasQuery = query.text !== '';
  const [facets, suggest] = await Promise.all([
    productFacets(indices, query, result),
    suggestGroups(indices, query, result),
  ]);
  return {
    hits: main.hits.map(({ document, score }) =>
      productHit(document, score, {
        text: result.matchedText,
        language: query.language,
        country: query.country,
        withScore: query.sort === ProductSort.PRODUCT_SORT_RELEVANCE && result.matchedText !== '',
      }),
    ),
    page: pageResponse(query.page, main.total),
    facets,
    suggestions: result.didYouMean ? [result.didYouMean] : [],
    suggest,
    sortOptions: offeredProductSorts(hasQuery).map((sort) => ({
      sort,
      key: PRODUCT_SORTS.find((option) => option.sort === sort)?.key ?? '',
      selected: sort === query.sort,
    })),
    defaultSort: defaultProductSort(hasQuery),
    appliedSort: query.sort,
    aggregations: {
      metrics: {
        minPrice: money(price?.min),
        maxPrice: money(price?.max),
        avgPrice: money(price?.avg),
        avgRating: main.metrics[F.rating]?.avg ?? 0,
        offersCount: Math.round((offers?.avg ?? 0) * offeredCount(main, query)),
        shopsCount: main.distinct[F.shops(query.country)] ?? 0,
        brandsCount: main.distinct[F.brandSlug] ?? 0,
      },
    },
    tookMs: Math.round(performance.now() - startedAt),
  };
}

async function suggestGroups(
  indices: SearchIndices,
  query: ProductQuery,
  result: ProductSearchResult,
): Promise<SuggestGroup[]> {
  const input = { text: query.text, language: query.language, country: query.country, limit: SUGGESTIONS_PER_GROUP };
  return Promise.all(
    query.suggesters.map(async (name): Promise<SuggestGroup> => {
      if (name === 'query') {
        const text = result.didYouMean;
        const suggestions = text
          ? [
              {
                kind: SuggestionKind.SUGGESTION_KIND_QUERY,
                text,
                highlighted: escapeHtml(text),
                id: '',
                imageUrl: '',
                count: result.main.total,
                slug: '',
              },
            ]
          : [];
        return { name, suggestions };
      }
      return { name, suggestions: query.text ? await entitySuggestions(indices, name, input) : [] };
    }),
  );
}
