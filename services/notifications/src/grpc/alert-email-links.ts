import type {
  GetAlertEmailLinkRequest,
  GetAlertEmailLinkResponse,
  StopAlertEmailsRequest,
  StopAlertEmailsResponse,
} from '@pc/proto/notifications/v1/notifications';
import { AlertState, Channel } from '@pc/proto/notifications/v1/types';
import { InvalidArgumentError, NotFoundError } from '@pc/kit/errors/domain-errors';
import type { StoredAlert } from '../store/alert-repository.js';
import type { NotificationsDependencies } from './dependencies.js';
import { alertMessage } from './messages.js';

/** Whether the alert would e-mail its owner when it fires or is resumed: an e-mail-only alert paused does not. */
const emails = (alert: StoredAlert) =>
  alert.channels.includes(Channel.CHANNEL_EMAIL) &&
  (alert.channels.length > 1 || alert.state !== AlertState.ALERT_STATE_PAUSED);

/** The alert a link's token names: its owner's still (INVALID_ARGUMENT for a bad token, NOT_FOUND once deleted). */
async function linkedAlert(deps: NotificationsDependencies, token: string): Promise<StoredAlert> {
  const link = token.length <= 2_000 ? await deps.mailLinks.read(token) : null;
  if (!link)
    throw new InvalidArgumentError(
      [{ field: 'token', reason: 'is not a link of ours, or it was changed', rule: 'invalid' }],
      {
        reason: 'LINK_INVALID',
      },
    );
  const alert = await deps.alerts.get(link.alertId);
  if (!alert || alert.userId !== link.userId) throw new NotFoundError('alert', link.alertId);
  return alert;
}

/** What a stop link is about (ADR 152): the page shows the alert before the visitor confirms. */
export async function getAlertEmailLink(
  request: GetAlertEmailLinkRequest,
  deps: NotificationsDependencies,
): Promise<GetAlertEmailLinkResponse> {
  const alert = await linkedAlert(deps, request.token);
  return { alert: alertMessage(alert), emailsOn: emails(alert) };
}

/** Stops the alert's e-mails; an alert with e-mail as its only channel is paused instead. */
export async function stopAlertEmails(
  request: StopAlertEmailsRequest,
  deps: NotificationsDependencies,
): Promise<StopAlertEmailsResponse> {
  const alert = await linkedAlert(deps, request.token);
  if (!emails(alert)) return { alert: alertMessage(alert) };
  const channels = alert.channels.filter((channel) => channel !== Channel.CHANNEL_EMAIL);
  const now = deps.clock().toISOString();
  const stored = await deps.alerts.collection.update(alert._id, (current) =>
    current
      ? {
          ...current,
          channels: channels.length > 0 ? channels : current.channels,
          state: channels.length > 0 ? current.state : AlertState.ALERT_STATE_PAUSED,
          updatedAt: now,
        }
      : null,
  );
  if (!stored) throw new NotFoundError('alert', alert._id);
  deps.index.upsert(stored);
  if (alert.state !== stored.state) await deps.watches.touched([alert.productId]);
  deps.logger.info({ alertId: alert._id, paused: channels.length === 0 }, 'alert e-mails stopped from the mail link');
  return { alert: alertMessage(stored) };
}
