import { FieldChecks } from '@pc/kit/errors/field-checks';
import type { ServiceHandlers } from '@pc/kit/grpc/service-types';
import type { CatalogServiceService, MergeProductsRequest } from '@pc/proto/catalog/v1/catalog';
import type { CatalogAdmin } from '../catalog-components.js';
import { productIdFromSegment } from '../domain/ids.js';
import { FALLBACK_LANGUAGE } from '../domain/localized.js';
import { toProductMessage } from '../domain/product-message.js';
import { readProductUpdate } from '../product-edits/product-update-input.js';
import type { ProductRelationsLoader } from '../store/product-relations.js';
import type { StoredProduct } from '../store/product-repository.js';
import { languageOf } from './request-fields.js';

type Handlers = ServiceHandlers<typeof CatalogServiceService>;

/** Duplicates merged in one call: more is a bulk job, not a staff decision. */
const MAX_MERGE_SOURCES = 50;

/** UpdateProduct, MergeProducts: staff only (the staff rule: a verified user with the role, ADR 052). */
export function productAdminHandlers(
  relations: ProductRelationsLoader,
  admin: CatalogAdmin,
): Pick<Handlers, 'updateProduct' | 'mergeProducts'> {
  const toMessage = async (product: StoredProduct, language: string) =>
    toProductMessage(product, language, (await relations.load([product]))(product));
  return {
    updateProduct: async (request) => {
      const actorUserId = request.actorUserId.trim();
      await admin.staff.require(actorUserId, 'changing a product');
      const language = languageOf(request.language);
      const update = readProductUpdate(request);
      const before = await admin.products.get(update.productId);
      const updated = await admin.audit.around(
        {
          actorUserId,
          panel: 'shopping',
          action: 'product.update',
          entityType: 'product',
          entityId: update.productId,
          before,
        },
        () => admin.productUpdater.update(update),
        (after) => after,
      );
      return { product: await toMessage(updated, language) };
    },

    mergeProducts: async (request) => {
      const actorUserId = request.actorUserId.trim();
      await admin.staff.require(actorUserId, 'merging products');
      const { targetId, sourceIds } = readMerge(request);
      const before = await admin.products.getMany([targetId, ...sourceIds]);
      const target = await admin.audit.around(
        {
          actorUserId,
          panel: 'shopping',
          action: 'product.merge',
          entityType: 'product',
          entityId: targetId,
          before: { target: before.get(targetId) ?? null, sources: sourceIds.map((id) => before.get(id) ?? null) },
        },
        () => admin.productMerger.merge(targetId, sourceIds),
        (merged) => ({ target: merged, mergedSourceIds: sourceIds }),
      );
      return { product: await toMessage(target, FALLBACK_LANGUAGE) };
    },
  };
}

function readMerge(request: MergeProductsRequest): { targetId: string; sourceIds: string[] } {
  const checks = new FieldChecks();
  const targetId = productIdFromSegment(
    checks.text('target_product_id', request.targetProductId, { required: true, max: 100 }),
  );
  if (request.sourceProductIds.length === 0) checks.add('source_product_ids', 'is required', 'required');
  checks.maxItems('source_product_ids', request.sourceProductIds.length, MAX_MERGE_SOURCES);
  const sourceIds = request.sourceProductIds.map((id, i) =>
    productIdFromSegment(checks.text(`source_product_ids[${i}]`, id, { required: true, max: 100 })),
  );
  sourceIds.forEach((id, i) => {
    if (id && id === targetId)
      checks.add(`source_product_ids[${i}]`, 'is the target: a product cannot be merged into itself', 'different', {
        other: 'target_product_id',
      });
  });
  checks.done();
  return { targetId, sourceIds: [...new Set(sourceIds)] };
}
