import type { ServiceHandlers } from '@pc/kit/grpc/service-types';
import type { CatalogServiceService } from '@pc/proto/catalog/v1/catalog';
import type { CatalogAdmin } from '../catalog-components.js';
import { readSplit } from '../product-edits/split-input.js';
import type { SplitResult } from '../product-edits/product-splitter.js';

type Handlers = ServiceHandlers<typeof CatalogServiceService>;

/**
 * MoveOfferLinks: staff split offers, and GTINs, off a product to another or to one the split
 * creates (ADR 060, 065). Audited as `product.split` on the source (links and GTINs before, the
 * target and what moved after) and, when it created the target, `product.create` on the new product.
 */
export function splitHandlers(admin: CatalogAdmin): Pick<Handlers, 'moveOfferLinks'> {
  return {
    moveOfferLinks: async (request) => {
      const actorUserId = request.actorUserId.trim();
      await admin.staff.require(actorUserId, 'splitting offers off a product');
      const input = readSplit(request);
      const [source, links] = await Promise.all([
        admin.products.get(input.productId),
        admin.links.getMany(input.linkIds),
      ]);
      const result: SplitResult = await admin.audit.around(
        {
          actorUserId,
          panel: 'shopping',
          action: 'product.split',
          entityType: 'product',
          entityId: input.productId,
          before: { productId: input.productId, gtins: source?.gtins ?? [], links: [...links.values()] },
        },
        () => admin.productSplitter.split(input),
        (done) => ({
          targetProductId: done.target._id,
          createdTarget: done.created,
          offers: done.links.map((link) => link._id),
          gtins: done.gtins,
          reason: input.reason,
        }),
      );
      if (result.created)
        await admin.audit.record({
          actorUserId,
          panel: 'shopping',
          action: 'product.create',
          entityType: 'product',
          entityId: result.target._id,
          before: null,
          after: { ...result.target, splitFromProductId: input.productId, reason: input.reason },
        });
      return { moved: result.links.length, targetProductId: result.target._id, movedGtins: [...result.gtins] };
    },
  };
}
