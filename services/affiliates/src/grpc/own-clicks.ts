import type { ListOwnClicksRequest, ListOwnClicksResponse } from '@pc/proto/affiliates/v1/affiliates';
import type { OwnClick } from '@pc/proto/affiliates/v1/types';
import { UnauthenticatedError } from '@pc/kit/errors/domain-errors';
import { pageResponse, resolvePage } from '@pc/kit/paging/page';
import type { ClickRecord } from '../domain/click-record.js';
import type { AffiliatesDependencies } from './dependencies.js';

/**
 * A click as its user may see it. Left out: the visitor key (a keyed hash for counting, not
 * theirs to read), the bot / duplicate filter and whether it counted (our fraud screening), the
 * target URL (the networks' tracking parameters) and the location id (an internal handle).
 */
export function ownClickMessage(click: ClickRecord): OwnClick {
  return {
    id: click._id,
    clickedAt: new Date(click.clickedAt),
    locationKind: click.locationKind,
    shopId: click.shopId,
    offerId: click.offerId,
    productId: click.productId,
    promotionId: click.promotionId,
    advertisementId: click.advertisementId,
    price: click.price ? { amountMinor: click.price.amountMinor, currency: click.price.currency } : undefined,
    isGreen: click.isGreen,
    country: click.country,
    language: click.language,
    origin: click.origin,
    placement: click.placement,
    referrerPageType: click.referrerPageType,
    userAgentClass: click.userAgentClass,
  };
}

/**
 * ListOwnClicks: the click-outs recorded for the signed-in actor, newest first (the copy of their
 * data, ADR 148). The actor is the call's verified user (ADR 052), so the filter on it is the
 * whole access check: nothing in the request names another user.
 */
export async function listOwnClicks(
  request: ListOwnClicksRequest,
  deps: Pick<AffiliatesDependencies, 'clickLog'>,
): Promise<ListOwnClicksResponse> {
  const actor = request.actorUserId.trim();
  if (!actor) throw new UnauthenticatedError('actor_user_id is required');
  const page = resolvePage(request.page, { defaultSize: 100, maxSize: 100 });
  const [clicks, total] = await Promise.all([
    deps.clickLog.ofUser(actor, { skip: page.skip, limit: page.hitsPerPage }),
    deps.clickLog.countOfUser(actor),
  ]);
  return { clicks: clicks.map(ownClickMessage), page: pageResponse(page, total) };
}
