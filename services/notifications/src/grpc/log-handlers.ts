import type {
  ListAlertFiringsRequest,
  ListAlertFiringsResponse,
  ListNotificationsRequest,
  ListNotificationsResponse,
} from '@pc/proto/notifications/v1/notifications';
import type { Filter } from '@pc/kit/ports/document-store';
import { pageResponse, resolvePage } from '@pc/kit/paging/page';
import { ownedAlert } from './alert-access.js';
import type { NotificationsDependencies } from './dependencies.js';
import { firingMessage, notificationMessage } from './messages.js';

/** The actor's firings (of one alert, which must be theirs), newest first. */
export async function listAlertFirings(
  request: ListAlertFiringsRequest,
  deps: NotificationsDependencies,
): Promise<ListAlertFiringsResponse> {
  const page = resolvePage(request.page, { defaultSize: 20, maxSize: 100 });
  const actor = await deps.directory.requireActor(request.actorUserId);
  if (request.alertId) await ownedAlert(deps, request.actorUserId, request.alertId);
  const filter: Filter = request.alertId ? { userId: actor.id, alertId: request.alertId } : { userId: actor.id };
  const [firings, total] = await Promise.all([
    deps.deliveries.firings.find(filter, { sort: { firedAt: -1 }, skip: page.skip, limit: page.hitsPerPage }),
    deps.deliveries.firings.count(filter),
  ]);
  return { firings: firings.map(firingMessage), page: pageResponse(page, total) };
}

/** The notification log: the actor's own, or (admins) another user's or a username's. */
export async function listNotifications(
  request: ListNotificationsRequest,
  deps: NotificationsDependencies,
): Promise<ListNotificationsResponse> {
  const page = resolvePage(request.page, { defaultSize: 20, maxSize: 100 });
  const actor = await deps.directory.requireActor(request.actorUserId);
  const other = (request.userId && request.userId !== actor.id) || request.username;
  if (other) await deps.directory.requireAdmin(request.actorUserId);
  const filter: Filter = request.username ? { username: request.username } : { userId: request.userId || actor.id };
  const [notifications, total] = await Promise.all([
    deps.deliveries.notifications.find(filter, { sort: { createdAt: -1 }, skip: page.skip, limit: page.hitsPerPage }),
    deps.deliveries.notifications.count(filter),
  ]);
  return { notifications: notifications.map(notificationMessage), page: pageResponse(page, total) };
}
