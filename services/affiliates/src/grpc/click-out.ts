import { LocationKind } from '@pc/proto/affiliates/v1/types';
import type { ResolveClickOutRequest, ResolveClickOutResponse } from '@pc/proto/affiliates/v1/affiliates';
import { InvalidArgumentError, NotFoundError, NotImplementedError } from '@pc/kit/errors/domain-errors';
import { promotionIdOfLocation } from '../domain/promotion-record.js';
import type { AffiliatesDependencies } from './dependencies.js';

/**
 * ResolveClickOut for promotion locations (`pr_…`, ADR 015): the promotion's landing page, or —
 * once it was deleted — its shop's homepage (`fallback`). Offer locations are still resolved by
 * the BFF through offers (ADR 012) and answer UNIMPLEMENTED here; clicks are not recorded yet
 * (no click store), so `counted` is false and there is no click id.
 */
export async function resolveClickOut(request: ResolveClickOutRequest, deps: AffiliatesDependencies): Promise<ResolveClickOutResponse> {
  const locationId = request.locationId.trim();
  if (!locationId) throw new InvalidArgumentError([{ field: 'location_id', reason: 'is required', rule: 'required' }]);
  const promotionId = promotionIdOfLocation(locationId);
  if (promotionId === null) throw new NotImplementedError('only promotion locations (pr_…) are resolved here yet; offer locations go through offers (ADR 012)');
  const promotion = await deps.promotions.getIncludingDeleted(promotionId);
  if (!promotion) throw new NotFoundError('location', locationId);
  const answer = { clickId: '', locationKind: LocationKind.LOCATION_KIND_PROMOTION, shopId: promotion.shopId, offerId: '', price: undefined, counted: false };
  if (!promotion.deleted) return { ...answer, targetUrl: promotion.url, fallback: false };
  const shop = await deps.shops.find(promotion.shopId);
  if (!shop?.homepageUrl) throw new NotFoundError('location', locationId);
  return { ...answer, targetUrl: shop.homepageUrl, fallback: true };
}
