import { ProductSort } from '@pc/proto/common/v1/sort';
import { SearchProductsRequest } from '@pc/proto/search/v1/search';
import { EntitySort } from '@pc/proto/common/v1/sort';
import { productHitJson, shopHitJson } from '~/api/mappers/search-hits.server';
import { sitePaths } from '~/api/mappers/site-paths.server';
import { popularBrands, rootCategories } from '~/services/catalog.server';
import { listPopularProducts, listTrendingQueries, searchProducts, searchShops } from '~/services/search.server';
import type { SiteContext } from '~/site/site-context.server';
import { cardOf, type EntityCardData, type ProductCardData } from './cards';
import { DEAL_REFERENCE_DAYS, topDeals } from './deals.server';
import { optional } from './load.server';
import { productCards } from './product-cards.server';
import { apiLocaleOf } from './site-locale.server';

const ROW = 12;

/** Popular by the last week's clicks (search fills the row by its ranking, ADR 105). */
async function popularProducts(context: SiteContext): Promise<ProductCardData[]> {
  const locale = apiLocaleOf(context);
  // Should the list fail or come back empty, the ranking alone stands in.
  const hits = (await optional(listPopularProducts(locale.country, locale.language, locale.currency, ROW))) ?? [];
  if (hits.length > 0) return hits.map((hit) => cardOf(productHitJson(hit, locale)));
  const ranked = await searchProducts(
    SearchProductsRequest.fromPartial({
      language: locale.language,
      country: locale.country,
      displayCurrency: locale.currency,
      page: { page: 1, hitsPerPage: ROW },
      sort: ProductSort.PRODUCT_SORT_RANK,
      filter: { withOffersOnly: true },
    }),
  );
  return ranked.hits.map((hit) => cardOf(productHitJson(hit, locale)));
}

async function shops(context: SiteContext): Promise<EntityCardData[]> {
  const locale = apiLocaleOf(context);
  const response = await searchShops({
    query: '',
    language: locale.language,
    country: locale.country,
    page: { page: 1, hitsPerPage: ROW },
    sort: EntitySort.ENTITY_SORT_PRODUCT_COUNT,
    facets: [],
    suggest: [],
    refinements: [],
  });
  return response.hits.map((hit) => {
    const json = shopHitJson(hit, locale);
    return { key: json.id, name: json.name, route: json.route, image: json.favicon, count: json.offers_count };
  });
}

/**
 * The home page of spec §2.8; each section is left out when its service fails. The deals row is
 * the deals page's first twelve (ADR 145), left out when there are none.
 */
export async function homeData(context: SiteContext, recentIds: readonly string[]) {
  const locale = apiLocaleOf(context);
  const [mostSearched, popular, deals, recent, categories, brands, shopCards] = await Promise.all([
    optional(listTrendingQueries(locale.country, locale.language, 10)),
    optional(popularProducts(context)),
    optional(topDeals(context, ROW)),
    recentIds.length > 0 ? optional(productCards(context, recentIds)) : Promise.resolve([]),
    optional(rootCategories(locale.language)),
    optional(popularBrands(locale.language)),
    optional(shops(context)),
  ]);
  return {
    mostSearched: mostSearched?.map((q) => q.query) ?? null,
    popular,
    deals: deals ?? [],
    dealDays: DEAL_REFERENCE_DAYS,
    recent,
    categories:
      categories?.items.map((c): EntityCardData => ({
        key: c.id,
        name: c.name,
        route: sitePaths.category(locale.id, c.id),
        image: null,
        count: c.productsCount,
      })) ?? null,
    brands:
      brands?.items.map((b): EntityCardData => ({
        key: b.slug,
        name: b.name,
        route: sitePaths.brand(locale.id, b.slug),
        image: null,
        count: b.productsCount,
      })) ?? null,
    shops: shopCards,
  };
}
