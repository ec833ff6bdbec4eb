import { status as GrpcStatus } from '@grpc/grpc-js';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import type { PriceAlert } from '@pc/proto/notifications/v1/types';
import { batchGetProducts } from '~/services/catalog.server';
import { notifications } from '~/services/notifications.server';

/** What the page of an alert mail's "stop e-mails" link shows (ADR 152). */
export type StopEmailsView =
  /** The link is good and the alert still mails: the page asks to confirm. */
  | { readonly state: 'confirm'; readonly token: string; readonly product: string; readonly country: string }
  /** The alert mails no more (now, or already). */
  | { readonly state: 'stopped'; readonly product: string; readonly country: string }
  /** A link that is not ours or was cut short. */
  | { readonly state: 'invalid' }
  /** The alert was deleted since. */
  | { readonly state: 'gone' };

/** The HTTP status of each view: a bad link is the visitor's 400, a deleted alert a 404. */
export const stopEmailsStatus = (view: StopEmailsView): number =>
  view.state === 'invalid' ? 400 : view.state === 'gone' ? 404 : 200;

async function describe(alert: PriceAlert | undefined, language: string) {
  const [product] = alert ? await batchGetProducts([alert.productId], language) : [];
  return { product: product?.name ?? '', country: alert?.country ?? '' };
}

/** A refusal of notifications as the page says it; anything else is the service failing. */
function refused(error: unknown): StopEmailsView {
  if (error instanceof RpcError && error.code === GrpcStatus.INVALID_ARGUMENT) return { state: 'invalid' };
  if (error instanceof RpcError && error.code === GrpcStatus.NOT_FOUND) return { state: 'gone' };
  throw error;
}

/** The link as opened (GET): nothing changes until the visitor confirms (mail scanners open links too). */
export async function stopEmailsLink(token: string, language: string): Promise<StopEmailsView> {
  if (!token) return { state: 'invalid' };
  try {
    const { alert, emailsOn } = await notifications.getAlertEmailLink({ token });
    const about = await describe(alert, language);
    return emailsOn ? { state: 'confirm', token, ...about } : { state: 'stopped', ...about };
  } catch (error) {
    return refused(error);
  }
}

/** The link confirmed (the page's button, or a mail client's one-click POST): the e-mails stop. */
export async function stopEmails(token: string, language: string): Promise<StopEmailsView> {
  if (!token) return { state: 'invalid' };
  try {
    const { alert } = await notifications.stopAlertEmails({ token });
    return { state: 'stopped', ...(await describe(alert, language)) };
  } catch (error) {
    return refused(error);
  }
}
