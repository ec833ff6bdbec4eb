import { FailedPreconditionError, NotFoundError } from '@pc/kit/errors/domain-errors';
import { FieldChecks } from '@pc/kit/errors/field-checks';
import type { ServiceHandlers } from '@pc/kit/grpc/service-types';
import type { CatalogServiceService } from '@pc/proto/catalog/v1/catalog';
import type { CatalogAdmin } from '../catalog-components.js';
import { productIdFromSegment } from '../domain/ids.js';
import { offerLinkId } from '../store/offer-link-repository.js';
import { MAX_REASON } from './request-fields.js';

type Handlers = ServiceHandlers<typeof CatalogServiceService>;

/** Offers split off in one call: a staff decision about a product's offers, not a bulk job. */
const MAX_SPLIT_OFFERS = 100;

/** MoveOfferLinks: staff split offers off a product (ADR 060); audited as `product.split`. */
export function splitHandlers(admin: CatalogAdmin): Pick<Handlers, 'moveOfferLinks'> {
  return {
    moveOfferLinks: async (request) => {
      const actorUserId = request.actorUserId.trim();
      await admin.staff.require(actorUserId, 'splitting offers off a product');
      const checks = new FieldChecks();
      const productId = productIdFromSegment(
        checks.text('product_id', request.productId, { required: true, max: 100 }),
      );
      const targetId = productIdFromSegment(
        checks.text('target_product_id', request.targetProductId, { required: true, max: 100 }),
      );
      if (targetId && targetId === productId)
        checks.add('target_product_id', 'is the product itself', 'different', { other: 'product_id' });
      if (request.offers.length === 0) checks.add('offers', 'is required', 'required');
      checks.maxItems('offers', request.offers.length, MAX_SPLIT_OFFERS);
      const ids = request.offers.map((offer, i) =>
        offerLinkId(
          checks.text(`offers[${i}].shop_id`, offer.shopId, { required: true, max: 200 }),
          checks.text(`offers[${i}].shop_offer_id`, offer.shopOfferId, { required: true, max: 500 }),
        ),
      );
      const reason = checks.text('reason', request.reason, { max: MAX_REASON });
      checks.done();
      const [product, target] = await Promise.all([admin.products.get(productId), admin.products.get(targetId)]);
      if (!product) throw new NotFoundError('product', productId);
      if (!target) throw new NotFoundError('product', targetId);
      if (target.status !== 'active')
        throw new FailedPreconditionError(`product ${targetId} is ${target.status}`, {
          reason: target.status === 'merged' ? 'PRODUCT_MERGED' : 'PRODUCT_HIDDEN',
        });
      const links = await admin.links.getMany(ids);
      const moving = ids.map((id) => links.get(id));
      const linked = new FieldChecks();
      moving.forEach((link, i) => {
        if (link?.productId !== productId) linked.add(`offers[${i}]`, 'is not linked to the product', 'linked');
      });
      linked.done();
      const records = moving.flatMap((link) => (link ? [link] : []));
      await admin.audit.around(
        {
          actorUserId,
          panel: 'shopping',
          action: 'product.split',
          entityType: 'product',
          entityId: productId,
          before: { productId, links: records },
        },
        () => admin.links.moveTo(records, targetId, new Date().toISOString()),
        () => ({ targetProductId: targetId, offers: records.map((link) => link._id), reason }),
      );
      return { moved: records.length };
    },
  };
}
