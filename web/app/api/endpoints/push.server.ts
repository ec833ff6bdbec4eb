import { z } from 'zod';
import { currentUser } from '~/auth/current-user.server';
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

/** POST /api/subscribe (spec §7): the browser's subscription, tied to the user when signed in. */
export async function subscribe({ request }: ActionCall): Promise<Response> {
  const body = await jsonBody(request, subscription);
  const user = await currentUser(request);
  const answer = await notifications.subscribe({
    endpoint: body.endpoint,
    keys: body.keys,
    expirationTime: body.expirationTime ? new Date(body.expirationTime) : undefined,
    actorUserId: user?.id ?? '',
    username: body.username,
    language: body.language,
    userAgent: (request.headers.get('user-agent') ?? '').slice(0, 300),
  });
  return privateJson({ subscribed: true, created: answer.created }, answer.created ? 201 : 200);
}

/** POST /api/unsubscribe (spec §7): { endpoint }. */
export async function unsubscribe({ request }: ActionCall): Promise<Response> {
  const body = await jsonBody(request, z.object({ endpoint: z.string().min(1, 'is required').max(2_000) }));
  const { removed } = await notifications.unsubscribe({ endpoint: body.endpoint });
  return privateJson({ removed });
}

/** POST /api/notify (spec §7, the test widget of §2.8): { username, message }. */
export async function notify({ request }: ActionCall): Promise<Response> {
  const body = await jsonBody(request, notifyForm);
  const { notification } = await notifications.sendTestNotification({ username: body.username, message: body.message, title: body.title, url: '' });
  return privateJson({ sent: true, delivered: notification?.delivered ?? 0, failed: notification?.failed ?? 0 });
}
