import { EntitySort } from '@pc/proto/common/v1/sort';
import { ShopStatus } from '@pc/proto/offers/v1/types';
import type { GetShopRequest, GetShopResponse, ListShopsRequest, ListShopsResponse } from '@pc/proto/offers/v1/offers';
import { NotFoundError, PermissionDeniedError } from '@pc/kit/errors/domain-errors';
import type { Filter } from '@pc/kit/ports/document-store';
import { pageResponse, resolvePage } from '@pc/kit/paging/page';
import { toShopMessage } from '../domain/shop-message.js';
import { isDeleted, isListed } from '../domain/shop-record.js';
import { isOwner } from './actor.js';
import type { OffersDependencies } from './dependencies.js';
import { enumValues, RequestChecks } from './request-fields.js';

const SHOPS_PAGE = { defaultSize: 24, maxSize: 100 }; // spec §9: lookups page by 24

/** GetShop: directory fields for everyone (ACTIVE shops only); private fields and any status for the owner or an admin. */
export async function getShop(request: GetShopRequest, deps: OffersDependencies): Promise<GetShopResponse> {
  const checks = new RequestChecks();
  const shopId = checks.id('shop_id', request.shopId);
  checks.done();
  const shop = await deps.shops.get(shopId);
  if (!shop || isDeleted(shop)) throw new NotFoundError('shop', shopId);
  const privileged = await deps.actors.isPrivileged(request.actorUserId, shop);
  if (!isListed(shop) && !privileged) throw new NotFoundError('shop', shopId);
  const offersCount = await deps.offers.countActiveOfShop(shop._id);
  return { shop: toShopMessage(shop, { withPrivate: privileged, offersCount }) };
}

const SORTS: Partial<Record<EntitySort, Record<string, 1 | -1>>> = {
  [EntitySort.ENTITY_SORT_PRODUCT_COUNT]: { offersCount: -1 },
  // Click popularity lives in affiliates; until search serves it, the offer count stands in.
  [EntitySort.ENTITY_SORT_POPULARITY]: { offersCount: -1 },
  [EntitySort.ENTITY_SORT_NEWEST]: { registeredAt: -1 },
};

/**
 * ListShops: the directory (ACTIVE shops, optionally selling to a country), a business user's
 * own shops in any status, or (admins) any shops, e.g. by domain.
 */
export async function listShops(request: ListShopsRequest, deps: OffersDependencies): Promise<ListShopsResponse> {
  const checks = new RequestChecks();
  const country = checks.country('country', request.country, { required: false });
  const readable = enumValues(ShopStatus).filter(
    (status) => status !== ShopStatus.SHOP_STATUS_UNSPECIFIED && status !== ShopStatus.SHOP_STATUS_DELETED,
  );
  const statuses = request.statuses.map((status, index) => checks.oneOf(`statuses[${index}]`, status, readable));
  const sort = checks.oneOf('sort', request.sort, enumValues(EntitySort));
  const domain = request.domain.trim().toLowerCase();
  checks.done();
  const page = resolvePage(request.page, SHOPS_PAGE);
  const wanted = statuses.length > 0 ? [...new Set(statuses)] : [ShopStatus.SHOP_STATUS_ACTIVE];
  // Beyond the directory (by owner, or other statuses than ACTIVE): the owner's own shops, an
  // admin's, or — without a user — only a caller the staff rule lets through on its own (never a
  // front: the BFF sends an empty actor for visitors). Private fields go to the owner or an admin.
  const beyondDirectory =
    request.ownerUserId !== '' || wanted.some((status) => status !== ShopStatus.SHOP_STATUS_ACTIVE);
  const admin = await deps.actors.isAdmin(request.actorUserId);
  if (beyondDirectory && !request.actorUserId) {
    await deps.actors.requireStaff('', 'listing shops beyond the directory');
  } else if (beyondDirectory && request.actorUserId !== request.ownerUserId && !admin) {
    throw new PermissionDeniedError(
      'only the owner (or an admin) may list shops by owner or in other statuses than ACTIVE',
    );
  }
  const filter: Record<string, Filter[string]> = { status: { $in: wanted } };
  if (request.ownerUserId) filter.ownerUserId = request.ownerUserId;
  if (country) filter.countries = country;
  if (domain) filter.domain = domain;
  const order = SORTS[sort] ?? { sortName: 1 };
  const [shops, total] = await Promise.all([
    deps.shops.find(filter, { sort: order, skip: page.skip, limit: page.hitsPerPage }),
    deps.shops.count(filter),
  ]);
  return {
    shops: shops.map((shop) => toShopMessage(shop, { withPrivate: admin || isOwner(request.actorUserId, shop) })),
    page: pageResponse(page, total),
  };
}
