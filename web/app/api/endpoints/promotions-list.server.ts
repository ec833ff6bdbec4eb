import { PromotionSort } from '@pc/proto/affiliates/v1/affiliates';
import { PromotionStatus } from '@pc/proto/affiliates/v1/types';
import { listPromotions } from '~/services/affiliates.server';
import { apiLocale } from '../http/api-locale.server';
import { CachePolicy } from '../http/cache-policy.server';
import { InvalidQueryError } from '../http/invalid-query.server';
import { parseOrThrow, queryValues } from '../http/query.server';
import { readRefinements } from '../http/refinements.server';
import { jsonResponse, type ApiCall, type FieldNames } from '../http/respond.server';
import { pagingMeta, type ListMeta } from '../mappers/list-meta.server';
import { promotionJson, promotionSorts, promotionStatuses } from '../mappers/promotion.server';
import { listQuery } from './list-query.server';

const FACETS = ['shop', 'brand', 'product', 'status'];

/** How affiliates names the list's fields in its violations. */
export const PROMOTION_FIELDS: FieldNames = {
  query: 'search',
  sort: 'sort',
  shop_id: 'refinements[shop]',
  brand_slug: 'refinements[brand]',
  product_id: 'refinements[product]',
  statuses: 'refinements[status]',
};

/**
 * GET /api/promotions (spec §7 list shape): the locale country's promotions (and those for
 * everywhere), the locale's language first; `search` over title and description;
 * refinements[shop|brand|product] (one value each) and refinements[status] (active by default;
 * scheduled, ended); sorts ending-soon (default), newest, starting-soon. No facets are counted.
 */
export async function promotionsList({ url }: ApiCall): Promise<Response> {
  const refinements = readRefinements(url, { allowedFacets: FACETS });
  const input = parseOrThrow(listQuery(20, promotionSorts.keys), queryValues(url));
  const locale = apiLocale(input.locale);
  const one = (facet: string) => {
    const values = refinements.terms.find((r) => r.facet === facet)?.values ?? [];
    if (values.length > 1)
      throw new InvalidQueryError([{ field: `refinements[${facet}]`, reason: 'takes one value', rule: 'max' }]);
    return values[0] ?? '';
  };
  const statusValues = refinements.terms.find((r) => r.facet === 'status')?.values ?? ['active'];
  const unknown = statusValues.find((value) => !(value in promotionStatuses));
  if (unknown !== undefined)
    throw new InvalidQueryError([
      { field: 'refinements[status]', reason: 'must be active, scheduled or ended', rule: 'in' },
    ]);
  const sort = promotionSorts.valueOf(input.sort, PromotionSort.PROMOTION_SORT_ENDING_SOON);
  const response = await listPromotions({
    country: locale.country,
    language: locale.language,
    statuses: statusValues.map((value) => promotionStatuses[value] ?? PromotionStatus.PROMOTION_STATUS_ACTIVE),
    sort,
    query: input.search,
    shopId: one('shop'),
    brandSlug: one('brand'),
    productId: one('product'),
    page: input.page,
    hitsPerPage: input.hitsPerPage,
  });
  const meta: ListMeta = {
    ...pagingMeta(response.page, input),
    facets: {},
    suggestions: [],
    suggest: {},
    sortOptions: promotionSorts.keys.map((key) => ({ key, selected: promotionSorts.valueOf(key, sort) === sort })),
    defaultSort: 'ending-soon',
    sort: promotionSorts.keyOf(sort),
    aggregations: { metrics: {} },
  };
  return jsonResponse({ data: response.promotions.map(promotionJson), meta }, CachePolicy.livePrices);
}
