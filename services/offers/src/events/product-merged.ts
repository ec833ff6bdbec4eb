import type { ProductChanged } from '@pc/proto/catalog/events/v1/events';
import { ProductStatus } from '@pc/proto/catalog/v1/types';
import type { ProductMergeFollower } from '../workflows/product-merge-follower.js';

/** catalog's ProductChanged: only a merge concerns offers (its offers follow the product). */
export function handleProductChanged(follower: ProductMergeFollower): (event: ProductChanged) => Promise<void> {
  return async (event) => {
    const product = event.product;
    if (product?.status !== ProductStatus.PRODUCT_STATUS_MERGED || !product.mergedIntoProductId) return;
    await follower.follow(event.productId, product.mergedIntoProductId);
  };
}
