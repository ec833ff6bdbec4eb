import type {
  CreatePriceAlertRequest,
  CreatePriceAlertResponse,
  DeletePriceAlertRequest,
  DeletePriceAlertResponse,
  GetPriceAlertRequest,
  GetPriceAlertResponse,
  ListPriceAlertsRequest,
  ListPriceAlertsResponse,
} from '@pc/proto/notifications/v1/notifications';
import { AlertKind, AlertState } from '@pc/proto/notifications/v1/types';
import { AlreadyExistsError, FailedPreconditionError } from '@pc/kit/errors/domain-errors';
import type { Filter } from '@pc/kit/ports/document-store';
import { pageResponse, resolvePage } from '@pc/kit/paging/page';
import { randomBytes } from 'node:crypto';
import type { AlertRecord } from '../domain/alert-record.js';
import type { StoredAlert } from '../store/alert-repository.js';
import { ALERT_KINDS, checkChannels, checkDropPercent, checkMarket, checkTargetPrice } from './alert-input.js';
import type { NotificationsDependencies } from './dependencies.js';
import { FieldChecks } from './field-checks.js';
import { alertMessage } from './messages.js';
import { fireIfAlreadyHolds, ownedAlert } from './alert-access.js';

/** Proto: at most 100 alerts per user. */
export const MAX_ALERTS_PER_USER = 100;

/**
 * Creates an alert with the current price (asked of offers) as its reference. When the
 * condition already holds, the alert fires at once and the response says so.
 */
export async function createPriceAlert(
  request: CreatePriceAlertRequest,
  deps: NotificationsDependencies,
): Promise<CreatePriceAlertResponse> {
  const checks = new FieldChecks();
  const productId = checks.text('product_id', request.productId, { required: true, max: 200 });
  const { country, currency } = checkMarket(checks, request.country, deps.markets);
  if (!ALERT_KINDS.includes(request.kind))
    checks.add('kind', 'must be target price, percentage drop or back in stock', 'in');
  const targetPrice =
    request.kind === AlertKind.ALERT_KIND_TARGET_PRICE ? checkTargetPrice(checks, request.targetPrice, currency) : null;
  const dropPercent =
    request.kind === AlertKind.ALERT_KIND_PERCENTAGE_DROP ? checkDropPercent(checks, request.dropPercent) : 0;
  const channels = checkChannels(checks, request.channels);
  checks.done();
  const actor = await deps.directory.requireActor(request.actorUserId);
  if ((await deps.alerts.count({ userId: actor.id })) >= MAX_ALERTS_PER_USER)
    throw new FailedPreconditionError(`at most ${MAX_ALERTS_PER_USER} alerts`, { reason: 'TOO_MANY_ALERTS' });
  const picture = await deps.prices.of(productId, country);
  const now = deps.clock().toISOString();
  const record: AlertRecord = {
    _id: `al_${randomBytes(12).toString('base64url')}`,
    userId: actor.id,
    productId,
    country,
    kind: request.kind,
    targetPrice,
    dropPercent,
    referencePrice: request.kind === AlertKind.ALERT_KIND_PERCENTAGE_DROP ? picture.lowest : null,
    state: AlertState.ALERT_STATE_ARMED,
    rearmAutomatically: request.rearmAutomatically,
    channels,
    lastPrice: picture.lowest,
    createdAt: now,
    armedAt: now,
    lastFiredAt: null,
    updatedAt: now,
  };
  let stored: StoredAlert;
  try {
    stored = await deps.alerts.collection.put(record, { expectedVersion: 0 });
  } catch (error) {
    if (error instanceof AlreadyExistsError)
      throw new AlreadyExistsError('you already have this alert for the product and country', {
        cause: error,
        reason: 'ALERT_EXISTS',
      });
    throw error;
  }
  deps.index.upsert(stored);
  await deps.watches.touched([stored.productId]);
  const fired = await fireIfAlreadyHolds(deps, stored, picture, 'created');
  return { alert: alertMessage(fired ?? stored), firedOnCreation: fired !== null };
}

export async function getPriceAlert(
  request: GetPriceAlertRequest,
  deps: NotificationsDependencies,
): Promise<GetPriceAlertResponse> {
  return { alert: alertMessage(await ownedAlert(deps, request.actorUserId, request.alertId)) };
}

export async function listPriceAlerts(
  request: ListPriceAlertsRequest,
  deps: NotificationsDependencies,
): Promise<ListPriceAlertsResponse> {
  const checks = new FieldChecks();
  const states = [AlertState.ALERT_STATE_ARMED, AlertState.ALERT_STATE_FIRED, AlertState.ALERT_STATE_PAUSED];
  request.states.forEach((state, i) => {
    if (!states.includes(state)) checks.add(`states[${i}]`, 'must be armed, fired or paused', 'in');
  });
  const country = request.country ? checks.country('country', request.country) : '';
  checks.done();
  const page = resolvePage(request.page, { defaultSize: 20, maxSize: 100 });
  const actor = await deps.directory.requireActor(request.actorUserId);
  const filter: Record<string, unknown> = { userId: actor.id };
  if (request.productId) filter.productId = request.productId;
  if (country) filter.country = country;
  if (request.states.length > 0) filter.state = { $in: [...new Set(request.states)] };
  const [alerts, total] = await Promise.all([
    deps.alerts.find(filter as Filter, { sort: { createdAt: -1 }, skip: page.skip, limit: page.hitsPerPage }),
    deps.alerts.count(filter as Filter),
  ]);
  return { alerts: alerts.map(alertMessage), page: pageResponse(page, total) };
}

export async function deletePriceAlert(
  request: DeletePriceAlertRequest,
  deps: NotificationsDependencies,
): Promise<DeletePriceAlertResponse> {
  const alert = await ownedAlert(deps, request.actorUserId, request.alertId);
  await deps.alerts.collection.delete(alert._id);
  deps.index.remove(alert._id);
  await deps.watches.touched([alert.productId]);
  return {};
}
