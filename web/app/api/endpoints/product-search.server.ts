import { z } from 'zod';
import { ProductSort } from '@pc/proto/common/v1/sort';
import { SearchProductsRequest, type SearchProductsResponse } from '@pc/proto/search/v1/search';
import { categoryNamesIn } from '~/data/category-names.server';
import { searchProducts, searchProductsBatch } from '~/services/search.server';
import { apiLocale, withLanguage, type ApiLocale } from '../http/api-locale.server';
import { CachePolicy } from '../http/cache-policy.server';
import { booleanParam } from '../http/params.server';
import { parseOrThrow, queryValues } from '../http/query.server';
import { readRefinements } from '../http/refinements.server';
import { jsonResponse, type ApiCall, type FieldNames } from '../http/respond.server';
import { NO_CATEGORY_NAMES, type CategoryNames } from '../mappers/category-names.server';
import { facetsJson, pagingMeta, productMetricsJson, suggestJson, type ListMeta } from '../mappers/list-meta.server';
import { productHitJson } from '../mappers/search-hits.server';
import { productSorts } from '../mappers/sort-keys.server';
import { LIST_FIELDS, listQuery, termRefinements } from './list-query.server';

const ID = /^[A-Za-z0-9_-]{1,128}$/;
const idParam = z.string().regex(ID, { error: 'must be an id (letters, digits, _ and -)' }).optional();

/** The products list's fixed filters (spec §2.2 products list "?brand=", §2.7 rows, similar). */
const query = listQuery(20, productSorts.keys).extend({
  brand: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'must be a brand slug' })
    .optional(),
  category: idParam,
  shop: idParam,
  similar: idParam,
  exclude: z
    .string()
    .transform((value) => value.split(',').filter((id) => id !== ''))
    .pipe(
      z
        .array(z.string().regex(ID, { error: 'must list product ids' }))
        .max(100, { error: 'must list at most 100 ids' }),
    )
    .optional(),
  gtin: z
    .string()
    .regex(/^\d{8,14}$/, { error: 'must be 8 to 14 digits' })
    .optional(),
  in_stock: booleanParam.optional(),
  green: booleanParam.optional(),
  with_offers: booleanParam.optional(),
});

export const PRODUCT_SEARCH_FIELDS: FieldNames = {
  ...LIST_FIELDS,
  'filter.brand_slug': 'brand',
  'filter.category_id': 'category',
  'filter.shop_id': 'shop',
  'filter.similar_to_product_id': 'similar',
  'filter.exclude_product_ids': 'exclude',
  'filter.gtin': 'gtin',
};

/** The search request a products list URL asks for (prices in the locale's country and currency). */
export function productSearchRequest(
  url: URL,
  language?: string,
): { request: SearchProductsRequest; locale: ApiLocale } {
  const refinements = readRefinements(url, { rangeFacets: ['price', 'rating', 'drop'], specFacets: true });
  const input = parseOrThrow(query, queryValues(url));
  const locale = withLanguage(apiLocale(input.locale), language);
  const request = SearchProductsRequest.fromPartial({
    query: input.search,
    language: locale.language,
    country: locale.country,
    displayCurrency: locale.currency,
    page: { page: input.page, hitsPerPage: input.hitsPerPage },
    sort: productSorts.valueOf(input.sort, ProductSort.PRODUCT_SORT_UNSPECIFIED),
    facets: input.facets,
    suggest: input.suggest,
    refinements: termRefinements(refinements),
    rangeRefinements: refinements.ranges.map((r) => ({ ...r })),
    filter: {
      brandSlug: input.brand ?? '',
      categoryId: input.category ?? '',
      shopId: input.shop ?? '',
      similarToProductId: input.similar ?? '',
      excludeProductIds: input.exclude ?? [],
      gtin: input.gtin ?? '',
      inStockOnly: input.in_stock ?? false,
      greenOnly: input.green ?? false,
      withOffersOnly: input.with_offers ?? false,
    },
  });
  return { request, locale };
}

/**
 * GET /api/products: search hits as product cards with prices in the locale's country and
 * currency, facets, suggestions and price metrics. Range refinements: price (minor units), rating
 * and drop (percent below the 30-day reference, ADR 142);
 * `facets=spec` adds the specifications common in the result (`spec:<key>`, refined as such).
 */
export async function productSearch(call: ApiCall, language?: string): Promise<Response> {
  return jsonResponse(await productSearchBody(call, language), CachePolicy.livePrices);
}

/** The body of GET /api/products as it is before JSON: product cards and the list's meta. */
export type ProductSearchBody = { data: ReturnType<typeof productHitJson>[]; meta: ListMeta };

/** The body of GET /api/products, for the site's pages to use without encoding it as JSON and back. */
export async function productSearchBody({ url }: ApiCall, language?: string): Promise<ProductSearchBody> {
  const { request, locale } = productSearchRequest(url, language);
  // Categories named in the answer's language (ADR 126): kept in memory, read beside the search.
  const [response, categoryNames] = await Promise.all([searchProducts(request), categoryNamesIn(locale.language)]);
  return bodyOf(request, locale, response, categoryNames);
}

/**
 * Several product lists in one search call (the product page's rows): each body as
 * `productSearchBody` would make it, or the error that list alone would have failed with.
 */
export async function productSearchBodies(
  urls: readonly URL[],
  language?: string,
): Promise<(ProductSearchBody | Error)[]> {
  const parsed = urls.map((url) => {
    try {
      return productSearchRequest(url, language);
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error));
    }
  });
  const asked = parsed.filter((one): one is Exclude<typeof one, Error> => !(one instanceof Error));
  const languages = [...new Set(asked.map((one) => one.locale.language))];
  const [answers, names] = await Promise.all([
    asked.length > 0 ? searchProductsBatch(asked.map((one) => one.request)) : [],
    Promise.all(languages.map(async (lang) => [lang, await categoryNamesIn(lang)] as const)),
  ]);
  const namesIn = new Map(names);
  let next = 0;
  return parsed.map((one) => {
    if (one instanceof Error) return one;
    const answer = answers[next++];
    if (answer === undefined) return new Error('search answered fewer lists than it was asked for');
    return answer instanceof Error
      ? answer
      : bodyOf(one.request, one.locale, answer, namesIn.get(one.locale.language) ?? NO_CATEGORY_NAMES);
  });
}

function bodyOf(
  request: SearchProductsRequest,
  locale: ApiLocale,
  response: SearchProductsResponse,
  categoryNames: CategoryNames,
): ProductSearchBody {
  const meta: ListMeta = {
    ...pagingMeta(response.page, request.page ?? { page: 1, hitsPerPage: 20 }),
    facets: facetsJson(response.facets, locale.language, categoryNames),
    suggestions: response.suggestions,
    suggest: suggestJson(response.suggest, categoryNames),
    sortOptions: response.sortOptions.flatMap((o) => {
      const key = productSorts.keyOf(o.sort);
      return key ? [{ key, selected: o.selected }] : [];
    }),
    defaultSort: productSorts.keyOf(response.defaultSort),
    sort: productSorts.keyOf(response.appliedSort),
    aggregations: { metrics: productMetricsJson(response.aggregations?.metrics) },
  };
  return { data: response.hits.map((hit) => productHitJson(hit, locale, categoryNames)), meta };
}
