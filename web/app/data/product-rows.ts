import { ROW_MIN_PRODUCTS } from '~/product/offer-view';
import type { ProductCardData } from './cards';
import type { ListMeta } from '~/api/mappers/list-meta.server';

type List = { readonly data: ProductCardData[]; readonly meta: Pick<ListMeta, 'total'> } | null;

/** The lists a product page asks search for, in this order: similar, then brand and category where it has them. */
export function productRowQueries(
  productId: string,
  brand?: string,
  category?: string,
): Readonly<Record<string, string | number>>[] {
  const row = { exclude: productId, hitsPerPage: 12, with_offers: 'true' };
  return [
    { ...row, similar: productId },
    ...(brand ? [{ ...row, brand }] : []),
    ...(category ? [{ ...row, category }] : []),
  ];
}

/**
 * The page's rows from the answers to `productRowQueries` (null where a list failed): a brand or
 * category row with too few products to be worth a row is left out.
 */
export function productRowsOf(lists: readonly List[], brand?: string) {
  const [similar, ...others] = lists;
  const [brandList, categoryList] = brand ? others : [undefined, ...others];
  const worthARow = (list: List | undefined) => (list && list.meta.total > ROW_MIN_PRODUCTS ? list.data : null);
  return { similar: similar?.data ?? null, brandRow: worthARow(brandList), categoryRow: worthARow(categoryList) };
}
