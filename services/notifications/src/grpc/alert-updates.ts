import type { UpdatePriceAlertRequest, UpdatePriceAlertResponse } from '@pc/proto/notifications/v1/notifications';
import { AlertKind, AlertState } from '@pc/proto/notifications/v1/types';
import { ConflictError } from '@pc/kit/errors/domain-errors';
import type { AlertRecord, PricePicture } from '../domain/alert-record.js';
import { rearmed } from '../workflows/alert-evaluation.js';
import { fireIfAlreadyHolds, ownedAlert } from './alert-access.js';
import { checkChannels, checkDropPercent, checkTargetPrice } from './alert-input.js';
import type { NotificationsDependencies } from './dependencies.js';
import { FieldChecks } from './field-checks.js';
import { alertMessage } from './messages.js';

/**
 * Threshold, channels, automatic re-arming, or state: ARMED resumes or re-arms (a drop alert
 * then measures from today's price), PAUSED pauses. A new threshold on a FIRED alert re-arms
 * it. FIRED cannot be set. expected_version guards against a concurrent change (ABORTED).
 */
export async function updatePriceAlert(
  request: UpdatePriceAlertRequest,
  deps: NotificationsDependencies,
): Promise<UpdatePriceAlertResponse> {
  const alert = await ownedAlert(deps, request.actorUserId, request.alertId);
  const checks = new FieldChecks();
  const targetPrice = request.targetPrice
    ? checkTargetPrice(checks, request.targetPrice, deps.markets.get(alert.country) ?? '')
    : null;
  if (targetPrice && alert.kind !== AlertKind.ALERT_KIND_TARGET_PRICE)
    checks.add('target_price', 'only a target price alert has a target price', 'prohibited');
  const dropPercent = request.dropPercent === undefined ? undefined : checkDropPercent(checks, request.dropPercent);
  if (dropPercent !== undefined && alert.kind !== AlertKind.ALERT_KIND_PERCENTAGE_DROP)
    checks.add('drop_percent', 'only a percentage drop alert has a percentage', 'prohibited');
  const channels = request.replaceChannels ? checkChannels(checks, request.channels) : alert.channels;
  if (
    ![AlertState.ALERT_STATE_UNSPECIFIED, AlertState.ALERT_STATE_ARMED, AlertState.ALERT_STATE_PAUSED].includes(
      request.state,
    )
  )
    checks.add('state', 'can be set to armed or paused only', 'in');
  checks.done();
  if (request.expectedVersion && request.expectedVersion !== alert._version)
    throw new ConflictError(`the alert changed meanwhile (version ${alert._version})`);

  const thresholdChanged = targetPrice !== null || dropPercent !== undefined;
  const rearm =
    request.state === AlertState.ALERT_STATE_ARMED ||
    (thresholdChanged && alert.state === AlertState.ALERT_STATE_FIRED);
  const now = deps.clock();
  let next: AlertRecord = {
    ...alert,
    targetPrice: targetPrice ?? alert.targetPrice,
    dropPercent: dropPercent ?? alert.dropPercent,
    rearmAutomatically: request.rearmAutomatically ?? alert.rearmAutomatically,
    channels,
    updatedAt: now.toISOString(),
  };
  let picture: PricePicture | null = null;
  if (request.state === AlertState.ALERT_STATE_PAUSED) next = { ...next, state: AlertState.ALERT_STATE_PAUSED };
  else if (rearm) {
    picture = await deps.prices.of(alert.productId, alert.country);
    next = rearmed(next, picture, now);
  }
  const stored = await deps.alerts.collection.put(next, { expectedVersion: alert._version });
  deps.index.upsert(stored);
  const paused = (state: AlertState) => state === AlertState.ALERT_STATE_PAUSED;
  if (paused(alert.state) !== paused(stored.state)) await deps.watches.touched([alert.productId]);
  const fired = picture ? await fireIfAlreadyHolds(deps, stored, picture, 'rearmed') : null;
  return { alert: alertMessage(fired ?? stored) };
}
