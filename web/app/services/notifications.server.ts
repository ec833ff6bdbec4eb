import { createServiceClient } from '@pc/kit/grpc/client';
import { NotificationsServiceService } from '@pc/proto/notifications/v1/notifications';
import { config, serviceAddress } from '~/config.server';

/**
 * Gateway to the notifications service. Routes call view-shaped functions added here (never grpc-js);
 * the client shares the process-wide channel to the service and puts a deadline on every call.
 */
export const notifications = createServiceClient(NotificationsServiceService, serviceAddress('notifications'), {
  deadlineMs: config.SERVICE_DEADLINE_MS,
});

/** The VAPID public key the browser subscribes with (applicationServerKey). */
export async function vapidPublicKey(): Promise<string> {
  return (await notifications.getVapidPublicKey({})).publicKey;
}
