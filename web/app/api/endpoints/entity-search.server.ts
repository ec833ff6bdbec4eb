import { EntitySort } from '@pc/proto/common/v1/sort';
import type { EntitySortOption, Facet, SuggestGroup } from '@pc/proto/search/v1/types';
import type { PageResponse } from '@pc/proto/common/v1/paging';
import { categoryNamesIn } from '~/data/category-names.server';
import { searchBrands, searchCategories, searchShops } from '~/services/search.server';
import { apiLocale, withLanguage, type ApiLocale } from '../http/api-locale.server';
import { CachePolicy } from '../http/cache-policy.server';
import { parseOrThrow, queryValues } from '../http/query.server';
import { readRefinements } from '../http/refinements.server';
import { jsonResponse, type ApiCall } from '../http/respond.server';
import { NO_CATEGORY_NAMES, type CategoryNames } from '../mappers/category-names.server';
import { facetsJson, pagingMeta, suggestJson, type ListMeta } from '../mappers/list-meta.server';
import { brandHitJson, categoryHitJson, shopHitJson } from '../mappers/search-hits.server';
import { entitySorts } from '../mappers/sort-keys.server';
import { listQuery, termRefinements } from './list-query.server';

/** The request every entity search takes (search.proto SearchBrands/Shops/CategoriesRequest). */
interface EntitySearchRequest {
  query: string;
  language: string;
  country: string;
  page: { page: number; hitsPerPage: number };
  sort: EntitySort;
  facets: string[];
  suggest: string[];
  refinements: { facet: string; values: string[] }[];
}

/** What every entity search answers besides its hits. */
interface EntitySearchResponse<H> {
  hits: H[];
  page?: PageResponse | undefined;
  facets: Facet[];
  suggestions: string[];
  suggest: SuggestGroup[];
  sortOptions: EntitySortOption[];
  defaultSort: EntitySort;
}

/** The facets of a list whose values are category ids, and whether its hits are categories. */
interface CategoriesShown {
  readonly facets: readonly string[];
  readonly hits: boolean;
}

/**
 * One list endpoint of brands, shops or categories (spec §7): the same query grammar as the
 * products list, without prices, so its answers may be cached like catalog data. Where the list
 * shows categories (`shown`), they are named in the answer's language (catalog's names, ADR 126).
 */
function entitySearch<H>(
  defaultHitsPerPage: number,
  search: (request: EntitySearchRequest) => Promise<EntitySearchResponse<H>>,
  hitJson: (hit: H, locale: ApiLocale, categoryNames: CategoryNames) => unknown,
  shown: CategoriesShown = { facets: [], hits: false },
) {
  const query = listQuery(defaultHitsPerPage, entitySorts.keys);
  // `language` overrides the locale's for a page whose interface language differs (pages only).
  return async ({ url }: ApiCall, language?: string): Promise<Response> => {
    const refinements = readRefinements(url);
    const input = parseOrThrow(query, queryValues(url));
    const locale = withLanguage(apiLocale(input.locale), language);
    // Catalog's names only where the answer names categories (kept in memory, read beside the search).
    const namesCategories =
      shown.hits ||
      input.suggest.includes('category') ||
      input.facets.some((facet) => facet === '*' || shown.facets.includes(facet));
    const [response, categoryNames] = await Promise.all([
      search({
        query: input.search,
        language: locale.language,
        country: locale.country,
        page: { page: input.page, hitsPerPage: input.hitsPerPage },
        sort: entitySorts.valueOf(input.sort, EntitySort.ENTITY_SORT_UNSPECIFIED),
        facets: input.facets,
        suggest: input.suggest,
        refinements: termRefinements(refinements),
      }),
      namesCategories ? categoryNamesIn(locale.language) : NO_CATEGORY_NAMES,
    ]);
    const defaultSort = entitySorts.keyOf(response.defaultSort);
    const meta: ListMeta = {
      ...pagingMeta(response.page, input),
      facets: facetsJson(response.facets, undefined, categoryNames),
      suggestions: response.suggestions,
      suggest: suggestJson(response.suggest, categoryNames),
      sortOptions: response.sortOptions.flatMap((o) => {
        const key = entitySorts.keyOf(o.sort);
        return key ? [{ key, selected: o.selected }] : [];
      }),
      defaultSort,
      sort: input.sort ?? defaultSort,
      aggregations: { metrics: {} },
    };
    return jsonResponse(
      { data: response.hits.map((hit) => hitJson(hit, locale, categoryNames)), meta },
      CachePolicy.catalog,
    );
  };
}

/** GET /api/brands (20 per page, spec §9); facet `category`: the brands' categories. */
export const brandSearch = entitySearch(20, searchBrands, brandHitJson, { facets: ['category'], hits: false });
/** GET /api/shops (24 per page, spec §9 shop lookups). */
export const shopSearch = entitySearch(24, searchShops, shopHitJson);
/** GET /api/categories (24 per page, spec §9 category lookups); facet `parent`: their parents. */
export const categorySearch = entitySearch(24, searchCategories, categoryHitJson, { facets: ['parent'], hits: true });
