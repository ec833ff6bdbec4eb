import { brandJson, categoryJson, shopJson } from '~/api/mappers/entities.server';
import { getBrand, getCategory } from '~/services/catalog.server';
import { getShop } from '~/services/offers.server';
import type { SiteContext } from '~/site/site-context.server';
import { productList } from './lists.server';
import { required } from './load.server';
import { apiLocaleOf } from './site-locale.server';

/** The product grid of an entity page: the page's own sort and page parameters, one fixed filter. */
async function productsOf(context: SiteContext, url: URL, filter: Record<string, string>) {
  const { data, meta } = await productList(context, {
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

export async function categoryPage(context: SiteContext, id: string, url: URL) {
  const [category, products] = await Promise.all([
    required(getCategory(id, context.language)),
    productsOf(context, url, { category: id }),
  ]);
  return { category: categoryJson(category, apiLocaleOf(context)), products };
}

export async function shopPage(context: SiteContext, id: string, url: URL) {
  const [shop, products] = await Promise.all([required(getShop(id)), productsOf(context, url, { shop: id })]);
  return { shop: shopJson(shop, apiLocaleOf(context)), products };
}
