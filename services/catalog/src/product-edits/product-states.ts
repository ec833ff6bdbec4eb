import { ConflictError, FailedPreconditionError, NotFoundError } from '@pc/kit/errors/domain-errors';
import type { StoredProduct } from '../store/product-repository.js';

/** The product a staff write starts from: NOT_FOUND when missing, FAILED_PRECONDITION when merged
 *  (its data lives in the target now), ABORTED when it is not at the version the caller saw. */
export function editableProduct(product: StoredProduct | null, id: string, expectedVersion = 0): StoredProduct {
  if (!product) throw new NotFoundError('product', id);
  if (product.status === 'merged') {
    throw new FailedPreconditionError(`product ${id} was merged into ${product.mergedIntoProductId}: edit that one`, {
      reason: 'PRODUCT_MERGED',
      metadata: { merged_into_product_id: product.mergedIntoProductId },
    });
  }
  if (expectedVersion !== 0 && product._version !== expectedVersion)
    throw versionConflict('product', id, expectedVersion, product._version);
  return product;
}

/** ABORTED: another write changed the record since the caller read it. */
export function versionConflict(what: string, id: string, expected: number, actual: number): ConflictError {
  return new ConflictError(`${what} ${id} is at version ${actual}, not ${expected}: read it again and retry`, {
    reason: 'VERSION_MISMATCH',
    metadata: { expected_version: String(expected), version: String(actual) },
  });
}
