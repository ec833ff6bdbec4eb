import { attributeName } from '~/api/mappers/attribute-names.server';
import { brandJson, categoryJson, shopJson } from '~/api/mappers/entities.server';
import {
  chosenFilters,
  listFilters,
  refinementQuery,
  searchFacets,
  type Field,
  type ListKind,
} from '~/search/list-filters';
import { getBrand, getCategory } from '~/services/catalog.server';
import { getShop } from '~/services/offers.server';
import type { SiteContext } from '~/site/site-context.server';
import { REVIEW_PARAMS, reviewNotice, reviewQuery } from '~/shop-reviews/review-query';
import { productList } from './lists.server';
import { shopPagePrices } from './shop-page-prices.server';
import { required } from './load.server';
import { shopPageReviews } from './shop-reviews.server';
import { apiLocaleOf } from './site-locale.server';

/**
 * The product grid of an entity page: the page's own sort and page parameters, one fixed filter,
 * and what else the page asks of the list (facets, the visitor's filters).
 */
async function productsOf(
  context: SiteContext,
  url: URL,
  filter: Record<string, string>,
  more: Record<string, string> = {},
) {
  const { data, meta } = await productList(context, {
    ...more,
    ...filter,
    page: url.searchParams.get('page'),
    sort: url.searchParams.get('sort'),
  });
  return { hits: data, meta };
}

/**
 * The products of an entity page filtered by the URL's filters (in stock only, price, categories
 * or brands, specifications: what that kind of page filters by), and a maker of its filter panel
 * once the page's path is known: what search counted in the list for each filter.
 */
async function filteredProductsOf(context: SiteContext, url: URL, kind: ListKind, filter: Record<string, string>) {
  const chosen = chosenFilters(url, kind, context.tag);
  const products = await productsOf(context, url, filter, {
    facets: searchFacets(kind),
    ...refinementQuery(chosen),
  });
  // The facets become the panel; the list's meta goes without them (a smaller page).
  const { facets, ...meta } = products.meta;
  const sort = url.searchParams.get('sort');
  return {
    products: { hits: products.hits, meta },
    filtersAt: (path: string, kept: readonly Field[] = []) =>
      listFilters(kind, facets, chosen, { path, kept: [...(sort ? [['sort', sort] as const] : []), ...kept] }, (key) =>
        attributeName(key, context.language),
      ),
  };
}

/** A brand with its products, filtered by category, specifications and stock (ADR 122). */
export async function brandPage(context: SiteContext, slug: string, url: URL) {
  const [brand, list] = await Promise.all([
    required(getBrand(slug, context.language)),
    filteredProductsOf(context, url, 'brand', { brand: slug }),
  ]);
  const page = brandJson(brand, apiLocaleOf(context));
  return { brand: page, products: list.products, filters: list.filtersAt(page.route) };
}

/**
 * A category with its products, filtered by the URL's filters (specifications, brands, in stock
 * only), and the filter panel: what search counted in the category for each filter (ADR 118).
 */
export async function categoryPage(context: SiteContext, id: string, url: URL) {
  const [category, list] = await Promise.all([
    required(getCategory(id, context.language)),
    filteredProductsOf(context, url, 'category', { category: id }),
  ]);
  const page = categoryJson(category, apiLocaleOf(context));
  return { category: page, products: list.products, filters: list.filtersAt(page.route) };
}

/**
 * A shop's directory entry, the products it offers filtered by category, brand, specifications
 * and stock (ADR 122) with the shop's own price of each (ADR 139), and its visitors' reviews (ADR 119): the page and order of reviews the URL
 * asks for, with the rating they add up to, and the notice after the visitor wrote one. A change
 * of filters keeps the reviews' page and order.
 */
export async function shopPage(context: SiteContext, id: string, url: URL) {
  const listed = filteredProductsOf(context, url, 'shop', { shop: id });
  // The shop's own prices of the listed products (ADR 139), asked as soon as search answered,
  // while the shop and its reviews may still be read.
  const ownPrices = listed.then((list) =>
    shopPagePrices(
      context,
      id,
      list.products.hits.map((product) => product.id),
    ),
  );
  const [shop, list, reviews, prices] = await Promise.all([
    required(getShop(id)),
    listed,
    shopPageReviews(id, url),
    ownPrices,
  ]);
  const page = shopJson(shop, apiLocaleOf(context));
  const asked = reviewQuery(url);
  const kept: Field[] = [];
  if (asked.page > 1) kept.push([REVIEW_PARAMS.page, String(asked.page)]);
  if (asked.sort !== 'newest') kept.push([REVIEW_PARAMS.sort, asked.sort]);
  return {
    shop: page,
    products: list.products,
    prices,
    filters: list.filtersAt(page.route, kept),
    reviews,
    notice: reviewNotice(url),
  };
}
