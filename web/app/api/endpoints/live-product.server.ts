import type { Product } from '@pc/proto/catalog/v1/types';
import { ProductStatus } from '@pc/proto/catalog/v1/types';
import { getProduct } from '~/services/catalog.server';
import { movedPermanently } from '../http/respond.server';

/** Where the same resource of another product lives, e.g. `/api/products/{id}/offers?…`. */
export type ProductUrl = (productId: string) => string;

/** The same path under a product id, query kept: for the `/api/products/{id}…` endpoints. */
export const productPathUrl =
  (url: URL, resource: string): ProductUrl =>
  (productId) =>
    `/api/products/${encodeURIComponent(productId)}${resource}${url.search}`;

/**
 * The product a call addresses. A product merged into another (a duplicate) answers a permanent
 * redirect to the same resource of the surviving product; NOT_FOUND from catalog becomes the
 * endpoint's 404. `read`: how the product is read (the product page keeps it between changes).
 */
export async function liveProduct(
  productId: string,
  language: string,
  movedTo: ProductUrl,
  read: typeof getProduct = getProduct,
): Promise<Product> {
  const product = await read(productId, language);
  if (product.status === ProductStatus.PRODUCT_STATUS_MERGED && product.mergedIntoProductId) {
    throw movedPermanently(movedTo(product.mergedIntoProductId));
  }
  return product;
}

/**
 * Runs a call about a product (its offers, its price history) next to the product lookup. When
 * both fail, the product's failure wins: an unknown or merged product is a 404 or a redirect
 * whatever the other service said.
 */
export async function alongsideProduct<T>(product: Promise<Product> | undefined, related: Promise<T>): Promise<T> {
  const [lookup, result] = await Promise.allSettled([product, related]);
  if (lookup.status === 'rejected') throw lookup.reason;
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}
