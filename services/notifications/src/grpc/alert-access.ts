import { AlertState } from '@pc/proto/notifications/v1/types';
import { NotFoundError } from '@pc/kit/errors/domain-errors';
import { conditionHolds } from '../domain/alert-conditions.js';
import type { PricePicture } from '../domain/alert-record.js';
import type { StoredAlert } from '../store/alert-repository.js';
import type { NotificationsDependencies } from './dependencies.js';

/** The actor's alert, or NOT_FOUND (also for another user's: ids of others cannot be probed). */
export async function ownedAlert(
  deps: NotificationsDependencies,
  actorUserId: string,
  alertId: string,
): Promise<StoredAlert> {
  const actor = await deps.directory.requireActor(actorUserId);
  const alert = await deps.alerts.get(alertId);
  if (!alert || alert.userId !== actor.id) throw new NotFoundError('price alert', alertId);
  return alert;
}

/** An alert armed while its condition already holds fires at once (creation, re-arming). */
export async function fireIfAlreadyHolds(
  deps: NotificationsDependencies,
  alert: StoredAlert,
  picture: PricePicture,
  occasion: string,
): Promise<StoredAlert | null> {
  if (alert.state !== AlertState.ALERT_STATE_ARMED || !conditionHolds(alert, picture)) return null;
  return deps.firing.fireIfHolds(alert._id, {
    key: `${occasion}-${alert._version}`,
    picture,
    previousPrice: null,
    at: deps.clock(),
  });
}
