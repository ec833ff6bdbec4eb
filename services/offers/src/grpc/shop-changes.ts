import { ShopDeletionReason } from '@pc/proto/offers/events/v1/events';
import { ShopStatus, SuspensionReason } from '@pc/proto/offers/v1/types';
import type {
  DeleteShopRequest,
  DeleteShopResponse,
  SetShopStatusRequest,
  SetShopStatusResponse,
  UpdateShopRequest,
  UpdateShopResponse,
} from '@pc/proto/offers/v1/offers';
import { ConflictError, FailedPreconditionError, InvalidArgumentError } from '@pc/kit/errors/domain-errors';
import type { Logger } from 'pino';
import { ShopInputChecks } from '../domain/shop-input.js';
import { toShopMessage } from '../domain/shop-message.js';
import { mayBeActivated } from '../domain/shop-billing.js';
import { isGreen, suspensionOf, type ShopRecord } from '../domain/shop-record.js';
import { offersCleanupAfter, protoFieldName } from '../domain/shop-status.js';
import { shopChanged } from '../events/shop-events.js';
import { isOwner } from './actor.js';
import type { OffersDependencies } from './dependencies.js';
import { RequestChecks } from './request-fields.js';
import { deleteShopRecord } from '../workflows/shop-deletion.js';
import { mutateShop } from '../workflows/shop-mutation.js';

function shopIdOf(value: string): string {
  const checks = new RequestChecks();
  const id = checks.id('shop_id', value);
  checks.done();
  return id;
}

/** UpdateShop: only the set fields change; ShopChanged lists them. Nothing changed: no write, no event. */
export async function updateShop(request: UpdateShopRequest, deps: OffersDependencies): Promise<UpdateShopResponse> {
  const shopId = shopIdOf(request.shopId);
  const checks = new ShopInputChecks();
  const name = request.name === undefined ? undefined : checks.text('name', request.name, { required: true, max: 120 });
  const homepage =
    request.homepageUrl === undefined ? undefined : checks.homepage('homepage_url', request.homepageUrl, true);
  const description =
    request.description === undefined ? undefined : checks.text('description', request.description, { max: 2_000 });
  const company = request.company === undefined ? undefined : checks.text('company', request.company, { max: 200 });
  const register =
    request.commercialRegisterNumber === undefined
      ? undefined
      : checks.text('commercial_register_number', request.commercialRegisterNumber, { max: 64 });
  const address = request.address === undefined ? undefined : checks.address('address', request.address, true);
  const phone =
    request.phone === undefined ? undefined : checks.phone('phone', request.phone, request.address?.country ?? '');
  const email = request.email === undefined ? undefined : checks.email('email', request.email, true);
  const countries = request.replaceCountries ? checks.countries('countries', request.countries) : undefined;
  if (countries?.length === 0)
    checks.violations.push({ field: 'countries', reason: 'at least one country', rule: 'required' });
  const faviconUrl = request.faviconUrl === undefined ? undefined : checks.url('favicon_url', request.faviconUrl);
  const logoUrl = request.logoUrl === undefined ? undefined : checks.url('logo_url', request.logoUrl);
  if (checks.violations.length > 0) throw new InvalidArgumentError(checks.violations);

  const patch: Partial<Record<keyof ShopRecord, unknown>> = {
    ...(name !== undefined && { name, sortName: name.toLowerCase() }),
    ...(homepage && { homepageUrl: homepage.url, domain: homepage.domain, domainKey: homepage.domain }),
    ...(description !== undefined && { description }),
    ...(company !== undefined && { company }),
    ...(register !== undefined && { commercialRegisterNumber: register }),
    ...(address !== undefined && { address }),
    ...(phone !== undefined && { phone }),
    ...(email !== undefined && { email }),
    ...(countries !== undefined && { countries }),
    ...(faviconUrl !== undefined && { faviconUrl }),
    ...(logoUrl !== undefined && { logoUrl }),
  };
  const written = await mutateShop(deps, shopId, async (shop, now) => {
    await deps.actors.requireShopWriter(request.actorUserId, shop);
    if (request.expectedVersion && request.expectedVersion !== shop.version) {
      throw new ConflictError(`the shop is at version ${shop.version}, not ${request.expectedVersion}`);
    }
    const changed = Object.keys(patch).filter(
      (field) => JSON.stringify(shop[field as keyof ShopRecord]) !== JSON.stringify(patch[field as keyof ShopRecord]),
    );
    if (changed.length === 0) return null;
    const next = { ...shop, ...patch, version: shop.version + 1, updatedAt: now.toISOString() } as ShopRecord;
    const fields = changed.filter((field) => field !== 'sortName' && field !== 'domainKey').map(protoFieldName);
    return { next, events: [shopChanged(next, shop.status, fields, now)] };
  });
  return { shop: toShopMessage(written, { withPrivate: true }) };
}

/** Statuses staff may set (DELETED goes through DeleteShop). */
const SETTABLE = [
  ShopStatus.SHOP_STATUS_AWAITING_PAYMENT_METHOD,
  ShopStatus.SHOP_STATUS_PENDING_ACTIVATION,
  ShopStatus.SHOP_STATUS_ACTIVE,
  ShopStatus.SHOP_STATUS_SUSPENDED,
];

/**
 * SetShopStatus (staff): activate, suspend, confirm, certify green (the crawler marks the shop's
 * observations green from ShopChanged; offers change with their next observation, ADR 108). An
 * owned shop is activated only while a subscription pays for it (NO_ACTIVE_SUBSCRIPTION). A
 * suspension by staff is one payments never lift. Leaving ACTIVE delists the shop's offers (in the
 * background: the shop is flagged and the sweep finishes what the immediate clean-up does not);
 * back to ACTIVE, offers return with their next observation.
 */
export async function setShopStatus(
  request: SetShopStatusRequest,
  deps: OffersDependencies,
  logger: Logger,
): Promise<SetShopStatusResponse> {
  const checks = new RequestChecks();
  const shopId = checks.id('shop_id', request.shopId);
  if (request.status !== ShopStatus.SHOP_STATUS_UNSPECIFIED) checks.oneOf('status', request.status, SETTABLE);
  else if (request.confirmed === undefined && request.green === undefined)
    checks.add('status', 'give a status (not DELETED), confirmed or green', 'required');
  if (request.reason.length > 500) checks.add('reason', 'at most 500 characters', 'max');
  checks.done();
  const actorUserId = request.actorUserId.trim();
  await deps.actors.requireStaff(actorUserId, 'changing a shop status');
  let before = null as ShopRecord | null;
  const written = await mutateShop(deps, shopId, (shop, now) => {
    before = shop;
    const status = request.status === ShopStatus.SHOP_STATUS_UNSPECIFIED ? shop.status : request.status;
    const confirmed = request.confirmed ?? shop.confirmed;
    const green = request.green ?? isGreen(shop);
    if (status === shop.status && confirmed === shop.confirmed && green === isGreen(shop)) return null;
    if (status === ShopStatus.SHOP_STATUS_ACTIVE && status !== shop.status && !mayBeActivated(shop)) {
      throw new FailedPreconditionError('the shop has no subscription that pays for it', {
        reason: 'NO_ACTIVE_SUBSCRIPTION',
      });
    }
    const suspended = status === ShopStatus.SHOP_STATUS_SUSPENDED;
    const next: ShopRecord = {
      ...shop,
      status,
      confirmed,
      confirmedAt: confirmed === shop.confirmed ? shop.confirmedAt : confirmed ? now.toISOString() : null,
      green,
      offersCleanup: offersCleanupAfter(shop, status),
      suspensionReason: suspended
        ? status === shop.status
          ? suspensionOf(shop)
          : SuspensionReason.SUSPENSION_REASON_STAFF
        : SuspensionReason.SUSPENSION_REASON_UNSPECIFIED,
      resumeStatus: suspended && status === shop.status ? shop.resumeStatus : ShopStatus.SHOP_STATUS_UNSPECIFIED,
      version: shop.version + 1,
      updatedAt: now.toISOString(),
    };
    const fields = [
      ...(status !== shop.status ? ['status', 'suspension_reason'] : []),
      ...(confirmed !== shop.confirmed ? ['confirmed', 'confirmed_at'] : []),
      ...(green !== isGreen(shop) ? ['green'] : []),
    ];
    return { next, events: [shopChanged(next, shop.status, fields, now)] };
  });
  const previous = before as ShopRecord | null;
  if (previous !== written) {
    const lifecycle = !previous || previous.status !== written.status || previous.confirmed !== written.confirmed;
    await deps.audit.record({
      actorUserId,
      panel: 'admin',
      // A change of the green certification alone is named as such in the audit log.
      action: lifecycle ? 'shop.set_status' : 'shop.set_green',
      entityType: 'shop',
      entityId: shopId,
      before: toShopMessage(previous ?? written, { withPrivate: true }),
      after: toShopMessage(written, { withPrivate: true }),
    });
  }
  if (written.offersCleanup) cleanInBackground(deps, shopId, logger);
  logger.info(
    {
      shopId,
      status: written.status,
      confirmed: written.confirmed,
      green: isGreen(written),
      by: request.actorUserId || 'internal',
      reason: request.reason,
    },
    'shop status set',
  );
  return { shop: toShopMessage(written, { withPrivate: true }) };
}

/** DeleteShop (shop settings): the owner or an admin; see workflows/shop-deletion.ts. */
export async function deleteShop(
  request: DeleteShopRequest,
  deps: OffersDependencies,
  logger: Logger,
): Promise<DeleteShopResponse> {
  const shopId = shopIdOf(request.shopId);
  const deletion = { ...deps, cleanShop: (id: string) => cleanInBackground(deps, id, logger) };
  const deletedAt = await deleteShopRecord(deletion, shopId, async (shop) => {
    await deps.actors.requireShopWriter(request.actorUserId, shop);
    return isOwner(request.actorUserId, shop)
      ? ShopDeletionReason.SHOP_DELETION_REASON_OWNER
      : ShopDeletionReason.SHOP_DELETION_REASON_ADMIN;
  });
  return { deletedAt };
}

/** Starts delisting a shop's offers now; a failure is left to the sweep (the shop stays flagged). */
export function cleanInBackground(deps: Pick<OffersDependencies, 'sweep'>, shopId: string, logger: Logger): void {
  void deps.sweep
    .cleanShop(shopId)
    .catch((error: unknown) => logger.warn({ err: error, shopId }, 'shop offer clean-up failed; the sweep retries it'));
}
