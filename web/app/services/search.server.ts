import { status as GrpcStatus } from '@grpc/grpc-js';
import { fromItemFailure, RpcError } from '@pc/kit/errors/grpc-errors';
import { createServiceClient } from '@pc/kit/grpc/client';
import {
  SearchServiceService,
  type SearchBrandsRequest,
  type SearchBrandsResponse,
  type SearchCategoriesRequest,
  type SearchCategoriesResponse,
  type SearchProductsRequest,
  type SearchProductsResponse,
  type SearchShopsRequest,
  type SearchShopsResponse,
  type SuggestRequest,
  type SuggestResponse,
} from '@pc/proto/search/v1/search';
import { config, serviceAddress } from '~/config.server';

/**
 * Gateway to the search service. Routes call view-shaped functions added here (never grpc-js);
 * the client shares the process-wide channel to the service and puts a deadline on every call.
 */
export const search = createServiceClient(SearchServiceService, serviceAddress('search'), {
  deadlineMs: config.SERVICE_DEADLINE_MS,
});

// The list endpoints of spec §7 build the whole search request (query, paging, sort, facets,
// suggesters, refinements); these only carry it.

export const searchProducts = (request: SearchProductsRequest): Promise<SearchProductsResponse> =>
  search.searchProducts(request);

/**
 * Several product searches in one call: each answer, or the RpcError that search alone would
 * have thrown (a failed call throws as it would for one search). A search service deployed
 * before SearchProductsBatch (UNIMPLEMENTED) gets one SearchProducts per search instead.
 */
export async function searchProductsBatch(
  searches: SearchProductsRequest[],
): Promise<(SearchProductsResponse | RpcError)[]> {
  try {
    const { results } = await search.searchProductsBatch({ searches });
    return results.map((result) => {
      const outcome = result.outcome;
      if (outcome?.$case === 'response') return outcome.value;
      if (outcome?.$case === 'failure') return fromItemFailure(outcome.value);
      return new RpcError(GrpcStatus.INTERNAL, 'search answered a search of the batch with nothing');
    });
  } catch (error) {
    if (!(error instanceof RpcError && error.code === GrpcStatus.UNIMPLEMENTED)) throw error;
    return Promise.all(
      searches.map((one) =>
        search.searchProducts(one).catch((failure: unknown) => {
          if (failure instanceof RpcError) return failure;
          throw failure;
        }),
      ),
    );
  }
}

export const searchBrands = (request: SearchBrandsRequest): Promise<SearchBrandsResponse> =>
  search.searchBrands(request);

export const searchShops = (request: SearchShopsRequest): Promise<SearchShopsResponse> => search.searchShops(request);

export const searchCategories = (request: SearchCategoriesRequest): Promise<SearchCategoriesResponse> =>
  search.searchCategories(request);

/** What the search box suggests while a visitor types (completions, products, brands, categories). */
export const suggest = (request: SuggestRequest): Promise<SuggestResponse> => search.suggest(request);

/** The most clicked products in a country (home page "popular products", spec §2.8). */
export async function listPopularProducts(country: string, language: string, displayCurrency: string, limit: number) {
  return (await search.listPopularProducts({ country, language, displayCurrency, categoryId: '', days: 0, limit }))
    .hits;
}

/** The most searched queries in a country (home page "most searched", spec §2.8). */
export async function listTrendingQueries(country: string, language: string, limit: number) {
  return (await search.listTrendingQueries({ country, language, days: 0, limit })).queries;
}
