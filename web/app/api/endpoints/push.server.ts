import { z } from 'zod';
import { requireApiUser } from '~/auth/api-user.server';
import { notifyForm } from '~/push/forms';
import { notifications, vapidPublicKey } from '~/services/notifications.server';
import { jsonBody, privateJson, type ActionCall } from '../http/api-action.server';

const subscription = z.object({
  endpoint: z.string().min(1, 'is required').max(2_000),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
  expirationTime: z.number().int().nullable().optional(),
  username: z.string().max(100).default(''),
  language: z.string().max(2).default(''),
});

/** GET /api/vapid-public-key: the applicationServerKey for pushManager.subscribe. */
export async function vapidKey(): Promise<Response> {
  return Response.json({ publicKey: await vapidPublicKey() }, { headers: { 'Cache-Control': 'public, max-age=3600' } });
}

/** POST /api/subscribe (spec §7): the signed-in user's browser subscription (401 for a visitor). */
export async function subscribe({ request }: ActionCall): Promise<Response> {
  const user = await requireApiUser(request);
  const body = await jsonBody(request, subscription);
  const answer = await notifications.subscribe({
    endpoint: body.endpoint,
    keys: body.keys,
    expirationTime: body.expirationTime ? new Date(body.expirationTime) : undefined,
    actorUserId: user.id,
    username: body.username,
    language: body.language,
    userAgent: (request.headers.get('user-agent') ?? '').slice(0, 300),
  });
  return privateJson({ subscribed: true, created: answer.created }, answer.created ? 201 : 200);
}

/** POST /api/unsubscribe (spec §7): { endpoint } — one of the user's own subscriptions. */
export async function unsubscribe({ request }: ActionCall): Promise<Response> {
  const user = await requireApiUser(request);
  const body = await jsonBody(request, z.object({ endpoint: z.string().min(1, 'is required').max(2_000) }));
  const { removed } = await notifications.unsubscribe({ endpoint: body.endpoint, actorUserId: user.id });
  return privateJson({ removed });
}

/** POST /api/notify (spec §7, the test widget of §2.8): { username, message } to the user's own browsers (subscribed with that username). */
export async function notify({ request }: ActionCall): Promise<Response> {
  const user = await requireApiUser(request);
  const body = await jsonBody(request, notifyForm);
  const { notification } = await notifications.sendTestNotification({
    actorUserId: user.id,
    username: body.username,
    message: body.message,
    title: body.title,
    url: '',
  });
  return privateJson({ sent: true, delivered: notification?.delivered ?? 0, failed: notification?.failed ?? 0 });
}
