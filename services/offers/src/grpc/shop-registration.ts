import { randomUUID } from 'node:crypto';
import { ShopStatus } from '@pc/proto/offers/v1/types';
import type { RegisterShopRequest, RegisterShopResponse } from '@pc/proto/offers/v1/offers';
import { AlreadyExistsError } from '@pc/kit/errors/domain-errors';
import { newShopRecord, readShopRegistration, type ShopRegistration } from '../domain/shop-registration-input.js';
import { toShopMessage } from '../domain/shop-message.js';
import { shopChanged, shopRegistered } from '../events/shop-events.js';
import type { StoredShop } from '../store/shop-repository.js';
import type { OffersDependencies } from './dependencies.js';

/**
 * RegisterShop. A business user (actor_user_id) registers a shop they own; it starts
 * AWAITING_PAYMENT_METHOD (billing takes it from ShopRegistered). Staff and the seed list a
 * directory shop (directory_listing, no owner) that starts ACTIVE. The actor needs a business
 * account (NOT_BUSINESS_ACCOUNT); a taken domain is SHOP_ALREADY_REGISTERED (spec §8).
 */
export async function registerShop(
  request: RegisterShopRequest,
  deps: OffersDependencies,
): Promise<RegisterShopResponse> {
  if (request.directoryListing) await deps.actors.requireStaff(request.actorUserId, 'a directory listing');
  const business = !request.directoryListing;
  if (business) await deps.actors.requireBusiness(request.actorUserId);

  const input = readShopRegistration(request, business);
  await requireFreeDomain(deps, input.homepage.domain);
  const written = await writeNewShop(deps, input, {
    ownerUserId: business ? request.actorUserId : '',
    status: business ? ShopStatus.SHOP_STATUS_AWAITING_PAYMENT_METHOD : ShopStatus.SHOP_STATUS_ACTIVE,
  });
  // The registrant (owner or staff) sent the private fields: they get them back.
  return { shop: toShopMessage(written, { withPrivate: true }) };
}

/** SHOP_ALREADY_REGISTERED when a shop has the domain (spec §8). */
export async function requireFreeDomain(deps: Pick<OffersDependencies, 'shops'>, domain: string): Promise<void> {
  if (await deps.shops.getByDomain(domain)) {
    throw new AlreadyExistsError(`a shop with the domain ${domain} is already registered`, {
      reason: 'SHOP_ALREADY_REGISTERED',
    });
  }
}

/** Writes a checked registration as a new shop with ShopRegistered and ShopChanged (one outbox write). */
export async function writeNewShop(
  deps: Pick<OffersDependencies, 'shops' | 'outbox' | 'clock'>,
  input: ShopRegistration,
  placement: { readonly ownerUserId: string; readonly status: ShopStatus },
): Promise<StoredShop> {
  const now = deps.clock();
  const shop = newShopRecord(input, {
    ...placement,
    id: `sh_${randomUUID().replaceAll('-', '').slice(0, 20)}`,
    feedId: `fd_${randomUUID().replaceAll('-', '').slice(0, 20)}`,
    at: now.toISOString(),
  });
  // ShopChanged right after ShopRegistered carries the initial state (search, crawler, affiliates).
  const events = [shopRegistered(shop, now), shopChanged(shop, ShopStatus.SHOP_STATUS_UNSPECIFIED, [], now)];
  const written = await deps.shops.put({ ...shop, ...deps.outbox.stage(null, events, now) }, 0);
  await deps.outbox.flush(deps.shops.collection, written);
  return written;
}
