import { z } from 'zod';
import { Condition } from '@pc/proto/common/v1/commerce';
import { OfferSort, type ListOffersResponse } from '@pc/proto/offers/v1/offers';
import { listOffers, type OffersQuery } from '~/services/offers.server';
import { apiLocale, type ApiLocale } from '../http/api-locale.server';
import { CachePolicy } from '../http/cache-policy.server';
import { InvalidQueryError } from '../http/invalid-query.server';
import { hitsPerPageParam, localeParam, pageParam, sortParam } from '../http/params.server';
import { parseOrThrow, queryValues } from '../http/query.server';
import { readRefinements, refinementValues, type Refinements } from '../http/refinements.server';
import { jsonResponse, type ApiCall } from '../http/respond.server';
import { pagingMeta, type FacetJson, type ListMeta } from '../mappers/list-meta.server';
import { offerClickCounts } from '~/services/affiliates.server';
import { offerJson } from '../mappers/offer.server';
import { offerSorts } from '../mappers/sort-keys.server';
import { alongsideProduct, liveProduct, productPathUrl, type ProductUrl } from './live-product.server';
import { productIdOf } from './path-ids.server';

const OFFER_FACETS = ['country', 'product', 'in_stock'] as const;
type OfferFacet = (typeof OFFER_FACETS)[number];

const CONDITIONS: Readonly<Record<string, Condition>> = {
  new: Condition.CONDITION_NEW,
  used: Condition.CONDITION_USED,
  refurbished: Condition.CONDITION_REFURBISHED,
  damaged: Condition.CONDITION_DAMAGED,
  unknown: Condition.CONDITION_UNKNOWN,
};

const query = z.object({
  locale: localeParam,
  page: pageParam,
  hitsPerPage: hitsPerPageParam(20),
  sort: sortParam(offerSorts.keys),
  facets: z
    .string()
    .transform((value) => [
      ...new Set(
        value
          .split(',')
          .map((item) => item.trim())
          .filter((item) => item !== ''),
      ),
    ])
    .pipe(z.array(z.enum([...OFFER_FACETS, '*'], { error: `must list ${OFFER_FACETS.join(', ')} or *` })))
    .default([]),
});

/** Filters of an offers list, read from its refinements (the same grammar as the other lists). */
export interface OfferFilters {
  readonly productId: string;
  readonly shopId: string;
  readonly country: string;
  readonly inStockOnly: boolean;
  readonly greenOnly: boolean;
  readonly conditions: Condition[];
}

const single = (refinements: Refinements, facet: string, pattern: RegExp, expected: string): string | undefined => {
  const values = refinementValues(refinements, facet);
  if (values === undefined) return undefined;
  const [value] = values;
  if (values.length !== 1 || value === undefined || !pattern.test(value)) {
    throw new InvalidQueryError([{ field: `refinements[${facet}]`, reason: `must be ${expected}`, rule: 'regex' }]);
  }
  return value;
};

function offerFilters(refinements: Refinements, locale: ApiLocale, pathProductId: string | undefined): OfferFilters {
  const productId = pathProductId ?? single(refinements, 'product', /^[A-Za-z0-9_-]{1,128}$/, 'one product id') ?? '';
  const shopId = single(refinements, 'shop', /^[A-Za-z0-9_-]{1,128}$/, 'one shop id') ?? '';
  if (!productId && !shopId) {
    throw new InvalidQueryError([
      {
        field: 'refinements[product]',
        reason: 'refinements[product] or refinements[shop] is required',
        rule: 'required',
      },
    ]);
  }
  const country =
    single(refinements, 'country', /^([A-Za-z]{2}|\*)$/, 'one ISO country code or *')?.toUpperCase() ?? locale.country;
  const flag = (facet: string) => single(refinements, facet, /^(true|false|1|0)$/, 'true or false');
  const conditions = (refinementValues(refinements, 'condition') ?? []).map((key) => {
    const condition = CONDITIONS[key];
    if (condition === undefined) {
      throw new InvalidQueryError([
        { field: 'refinements[condition]', reason: `must list ${Object.keys(CONDITIONS).join(', ')}`, rule: 'in' },
      ]);
    }
    return condition;
  });
  const isTrue = (value: string | undefined) => value === 'true' || value === '1';
  return {
    productId,
    shopId,
    country,
    inStockOnly: isTrue(flag('in_stock')),
    greenOnly: isTrue(flag('green')),
    conditions,
  };
}

function offerFacets(
  response: ListOffersResponse,
  wanted: readonly string[],
  filters: OfferFilters,
): Record<string, FacetJson> {
  const include = (facet: OfferFacet) => wanted.includes('*') || wanted.includes(facet);
  const facets: Record<string, FacetJson> = {};
  if (include('country')) {
    facets.country = {
      type: 'terms',
      values: response.countries.map((c) => ({
        value: c.value,
        label: c.value,
        count: c.count,
        selected: c.value === filters.country,
      })),
    };
  }
  if (include('product')) {
    // A product's listing: that product with every matching offer. A shop's listing: the products
    // of the offers answered (offers pages a shop's offers; it does not count them per product).
    const counts = new Map<string, number>();
    if (filters.productId) counts.set(filters.productId, Number(response.allCount));
    else for (const offer of response.offers) counts.set(offer.productId, (counts.get(offer.productId) ?? 0) + 1);
    facets.product = {
      type: 'terms',
      values: [...counts].map(([value, count]) => ({
        value,
        label: value,
        count,
        selected: value === filters.productId,
      })),
    };
  }
  if (include('in_stock')) {
    facets.in_stock = {
      type: 'terms',
      values: [{ value: 'true', label: 'in stock', count: response.inStockCount, selected: filters.inStockOnly }],
    };
  }
  return facets;
}

/** /api/offers with the product refinement pointing at another product. */
const refinedUrl =
  (url: URL): ProductUrl =>
  (productId) => {
    const moved = new URL(url);
    moved.searchParams.set('refinements[product]', productId);
    return `${moved.pathname}${moved.search}`;
  };

/** What an offers URL asks for: the offers query, the facets to show and the locale. */
export interface OfferListing {
  readonly query: OffersQuery;
  readonly filters: OfferFilters;
  readonly facets: readonly string[];
  readonly locale: ApiLocale;
  /** Where the same listing of another product lives (after a merge). */
  readonly movedTo: ProductUrl;
}

/** Reads an offers URL: the product from the path (/api/products/{id}/offers) or from refinements. */
export function offerListing(url: URL, pathSegment: string | undefined): OfferListing {
  const pathProductId = pathSegment === undefined ? undefined : productIdOf(pathSegment);
  const allowedFacets = ['country', 'in_stock', 'green', 'condition', ...(pathProductId ? [] : ['product', 'shop'])];
  const refinements = readRefinements(url, { allowedFacets });
  const input = parseOrThrow(query, queryValues(url));
  const locale = apiLocale(input.locale);
  const filters = offerFilters(refinements, locale, pathProductId);
  const sort = offerSorts.valueOf(input.sort, OfferSort.OFFER_SORT_CHEAPEST);
  return {
    query: { ...filters, sort, page: input.page, hitsPerPage: input.hitsPerPage, displayCurrency: locale.currency },
    filters,
    facets: input.facets,
    locale,
    movedTo: pathProductId ? productPathUrl(url, '/offers') : refinedUrl(url),
  };
}

/**
 * The offers of a product (GET /api/products/{id}/offers) or of the product or shop named by
 * the refinements (GET /api/offers): cheapest first, in the locale's country unless
 * refinements[country] says another or "*" (every country), prices in the locale's currency.
 */
export async function offersList({ url, params }: ApiCall): Promise<Response> {
  const { query: offersQuery, filters, facets, locale, movedTo } = offerListing(url, params.id);
  const { sort } = offersQuery;
  const response = await alongsideProduct(
    // Offers does not know products: catalog says whether the product exists (404) or moved.
    filters.productId ? liveProduct(filters.productId, locale.language, movedTo) : undefined,
    listOffers(offersQuery),
  );
  const meta: ListMeta = {
    ...pagingMeta(response.page, offersQuery),
    facets: offerFacets(response, facets, filters),
    suggestions: [],
    suggest: {},
    sortOptions: offerSorts.keys.map((key) => ({ key, selected: offerSorts.valueOf(key, sort) === sort })),
    defaultSort: 'cheapest',
    sort: offerSorts.keyOf(sort),
    aggregations: { metrics: { offersCount: response.allCount, inStockCount: response.inStockCount } },
  };
  const clicks = await offerClickCounts(response.offers);
  return jsonResponse(
    { data: response.offers.map((offer) => offerJson(offer, clicks?.get(offer.id) ?? null)), meta },
    CachePolicy.livePrices,
  );
}
