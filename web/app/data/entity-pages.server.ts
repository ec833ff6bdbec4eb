import { attributeName } from '~/api/mappers/attribute-names.server';
import { brandJson, categoryJson, shopJson } from '~/api/mappers/entities.server';
import { CATEGORY_FACETS, categoryFilters, chosenFilters, refinementQuery } from '~/search/category-filters';
import { getBrand, getCategory } from '~/services/catalog.server';
import { getShop } from '~/services/offers.server';
import type { SiteContext } from '~/site/site-context.server';
import { reviewNotice } from '~/shop-reviews/review-query';
import { productList } from './lists.server';
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

export async function brandPage(context: SiteContext, slug: string, url: URL) {
  const [brand, products] = await Promise.all([
    required(getBrand(slug, context.language)),
    productsOf(context, url, { brand: slug }),
  ]);
  return { brand: brandJson(brand, apiLocaleOf(context)), products };
}

/**
 * A category with its products, filtered by the URL's filters (specifications, brands, in stock
 * only), and the filter panel: what search counted in the category for each filter.
 */
export async function categoryPage(context: SiteContext, id: string, url: URL) {
  const chosen = chosenFilters(url);
  const [category, products] = await Promise.all([
    required(getCategory(id, context.language)),
    productsOf(context, url, { category: id }, { facets: CATEGORY_FACETS, ...refinementQuery(chosen) }),
  ]);
  const page = categoryJson(category, apiLocaleOf(context));
  // The facets become the panel; the list's meta goes without them (a smaller page).
  const { facets, ...meta } = products.meta;
  const filters = categoryFilters(facets, chosen, page.route, url.searchParams.get('sort'), (key) =>
    attributeName(key, context.language),
  );
  return { category: page, products: { hits: products.hits, meta }, filters };
}

/**
 * A shop's directory entry, the products it offers and its visitors' reviews (ADR 119): the page
 * and order of reviews the URL asks for, with the rating they add up to, and the notice after the
 * visitor wrote one.
 */
export async function shopPage(context: SiteContext, id: string, url: URL) {
  const [shop, products, reviews] = await Promise.all([
    required(getShop(id)),
    productsOf(context, url, { shop: id }),
    shopPageReviews(id, url),
  ]);
  return { shop: shopJson(shop, apiLocaleOf(context)), products, reviews, notice: reviewNotice(url) };
}
