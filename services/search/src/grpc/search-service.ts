import type { SearchDocument } from '@pc/kit/ports/search-index';
import {
  SearchServiceService,
  type SearchProductsRequest,
  type SearchProductsResponse,
} from '@pc/proto/search/v1/search';
import { serviceRegistration, type ServiceRegistration } from '@pc/kit/grpc/service-types';
import { withUnimplemented } from '@pc/kit/grpc/unimplemented';
import type { AuditLog } from '@pc/audit-log/audit-log';
import type { StaffCheck } from '@pc/staff-access/staff-check';
import { entityKinds } from '../queries/entity-kinds.js';
import { searchEntities, type EntityListResult } from '../queries/entity-search.js';
import { productResponse } from '../queries/product-response.js';
import { searchProducts } from '../queries/product-search.js';
import type { ProductClickCounts } from '../store/product-click-counts.js';
import type { QueryCounts } from '../store/query-counts.js';
import type { SearchIndices } from '../store/search-indices.js';
import { categoryNamesOf } from '../queries/facet-labels.js';
import { brandHit, categoryHit, pathIdsOf, shopHit } from './entity-hits.js';
import { listPopularProducts, listTrendingQueries } from './home-lists.js';
import { indexStatus, type IndexStatusSources } from './index-status.js';
import { rebuildIndex } from './rebuild-index.js';
import { parseProductQuery } from './product-request.js';
import { searchProductsBatch } from './product-search-batch.js';
import { SearchedQueries } from '../queries/searched-queries.js';
import { suggest } from './suggest.js';
import { trackSearch, type TrackSearchDependencies } from './track-search.js';

export interface SearchServiceDependencies extends IndexStatusSources, TrackSearchDependencies {
  readonly indices: SearchIndices;
  readonly queryCounts: QueryCounts;
  readonly clickCounts: ProductClickCounts;
  readonly clock: () => Date;
  /** staff:infrastructure for the index RPCs. */
  readonly staff: StaffCheck;
  readonly audit: AuditLog;
}

/** The search gRPC API (proto/search/v1). */
export function searchService(deps: SearchServiceDependencies): ServiceRegistration {
  const { indices } = deps;
  const searched = new SearchedQueries(deps.queryCounts, deps.clock);
  const kinds = entityKinds(indices);
  const searchOne = async (request: SearchProductsRequest): Promise<SearchProductsResponse> => {
    const startedAt = performance.now();
    const query = parseProductQuery(request);
    const result = await searchProducts(indices, query);
    return productResponse(indices, query, result, startedAt);
  };
  return serviceRegistration(
    'pricecompare.search.v1.SearchService',
    SearchServiceService,
    withUnimplemented(SearchServiceService, {
      searchProducts: searchOne,

      searchProductsBatch: (request, context) => searchProductsBatch(request, searchOne, context.log),

      listTrendingQueries: (request) => listTrendingQueries(deps.queryCounts, request, deps.clock()),

      trackSearch: (request) => trackSearch(request, deps),

      listPopularProducts: (request) => listPopularProducts(indices, deps.clickCounts, request, deps.clock()),

      searchBrands: async (request) => {
        const result = await searchEntities(indices, kinds.brands, request);
        return listResponse(
          result,
          result.hits.map((hit) => brandHit(hit, result.text, result.language)),
        );
      },

      searchShops: async (request) => {
        const result = await searchEntities(indices, kinds.shops, request);
        return listResponse(
          result,
          result.hits.map((hit) => shopHit(hit, result.text, result.language)),
        );
      },

      searchCategories: async (request) => {
        const result = await searchEntities(indices, kinds.categories, request);
        const pathNames = await categoryNamesOf(indices.categories, pathIdsOf(result.hits), result.language);
        return listResponse(
          result,
          result.hits.map((hit) => categoryHit(hit, result.text, result.language, pathNames)),
        );
      },

      suggest: (request) => suggest(indices, searched, request),

      getIndexStatus: async (request) => {
        await deps.staff.require(request.actorUserId, 'reading the index status');
        return indexStatus(deps);
      },

      rebuildIndex: (request) => rebuildIndex(request, deps),
    }),
  );
}

/** The fields SearchBrandsResponse, SearchShopsResponse and SearchCategoriesResponse share. */
function listResponse<H>(result: EntityListResult<SearchDocument>, hits: H[]) {
  const { page, facets, suggestions, suggest, sortOptions, defaultSort, tookMs } = result;
  return { hits, page, facets, suggestions, suggest, sortOptions, defaultSort, tookMs };
}
