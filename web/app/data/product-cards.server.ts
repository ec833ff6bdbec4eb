import { productJson } from '~/api/mappers/product.server';
import { lookUpPrices } from '~/api/endpoints/product-prices.server';
import { batchGetProducts } from '~/services/catalog.server';
import type { SiteContext } from '~/site/site-context.server';
import { cardOf, type ProductCardData } from './cards';
import { apiLocaleOf } from './site-locale.server';

/**
 * The cards of products named by id (recently viewed, favourites, alerts), in the order of the
 * ids, with the locale's prices; ids the catalogue no longer knows are left out.
 */
export async function productCards(context: SiteContext, ids: readonly string[]): Promise<ProductCardData[]> {
  if (ids.length === 0) return [];
  const locale = apiLocaleOf(context);
  const products = await batchGetProducts([...new Set(ids)], locale.language);
  const prices = await lookUpPrices(
    products.map((p) => p.id),
    locale,
  );
  const cards = new Map(products.map((p) => [p.id, cardOf(productJson(p, prices.of(p.id), locale))]));
  return ids.flatMap((id) => cards.get(id) ?? []);
}
