import { randomUUID } from 'node:crypto';
import type {
  GetVapidPublicKeyResponse,
  SendTestNotificationRequest,
  SendTestNotificationResponse,
  SubscribeRequest,
  SubscribeResponse,
  UnsubscribeRequest,
  UnsubscribeResponse,
} from '@pc/proto/notifications/v1/notifications';
import { Channel } from '@pc/proto/notifications/v1/types';
import { NotFoundError, PermissionDeniedError, RateLimitedError } from '@pc/kit/errors/domain-errors';
import type { SubscriptionRecord } from '../domain/delivery-records.js';
import { subscriptionId } from '../store/subscription-repository.js';
import type { NotificationsDependencies } from './dependencies.js';
import { FieldChecks } from './field-checks.js';
import { notificationMessage, subscriptionMessage } from './messages.js';

export const getVapidPublicKey = async (deps: NotificationsDependencies): Promise<GetVapidPublicKeyResponse> => ({
  publicKey: deps.vapidPublicKey,
});

/**
 * Stores a signed-in user's browser subscription (issue 43: anonymous subscriptions to any
 * endpoint made this service POST wherever they pointed). The endpoint must pass the policy (a
 * public https push service); an endpoint of one's own again updates its keys, another user's is
 * refused — a subscription never changes owner.
 */
export async function subscribe(
  request: SubscribeRequest,
  deps: NotificationsDependencies,
): Promise<SubscribeResponse> {
  const actor = await deps.directory.requireActor(request.actorUserId);
  const checks = new FieldChecks();
  const endpoint = checks.text('endpoint', request.endpoint, { required: true, max: 2_000 });
  checks.base64url('keys.p256dh', request.keys?.p256dh ?? '', 65, (bytes) => bytes[0] === 4);
  checks.base64url('keys.auth', request.keys?.auth ?? '', 16);
  const username = checks.text('username', request.username, { required: false, max: 100 });
  const language = checks.text('language', request.language, { required: false, max: 2 }).toLowerCase();
  if (endpoint) {
    const verdict = await deps.endpoints.check(endpoint);
    if (!verdict.ok) checks.add('endpoint', verdict.reason, 'url');
  }
  checks.done();
  const now = deps.clock().toISOString();
  const id = subscriptionId(endpoint);
  let created = false;
  const stored = await deps.subscriptions.collection.update(id, (current): SubscriptionRecord => {
    // A subscription stored without an owner (before subscriptions needed one) goes to the first user who claims it.
    if (current?.userId && current.userId !== actor.id) throw endpointOfAnotherUser();
    created = current === null;
    return {
      _id: id,
      endpoint,
      keys: { p256dh: request.keys?.p256dh ?? '', auth: request.keys?.auth ?? '' },
      expirationTime: request.expirationTime ? request.expirationTime.toISOString() : null,
      userId: actor.id,
      username,
      language,
      userAgent: request.userAgent.slice(0, 300),
      createdAt: current?.createdAt ?? now,
      lastDeliveredAt: current?.lastDeliveredAt ?? null,
    };
  });
  if (!stored) throw new Error('subscription not stored');
  return { subscription: subscriptionMessage(stored), created };
}

/** Removes one of the actor's subscriptions; someone else's endpoint is left alone and answers like an unknown one. */
export async function unsubscribe(
  request: UnsubscribeRequest,
  deps: NotificationsDependencies,
): Promise<UnsubscribeResponse> {
  const actor = await deps.directory.requireActor(request.actorUserId);
  const checks = new FieldChecks();
  const endpoint = checks.text('endpoint', request.endpoint, { required: true, max: 2_000 });
  checks.done();
  const id = subscriptionId(endpoint);
  const stored = await deps.subscriptions.collection.get(id);
  if (!stored || stored.userId !== actor.id) return { removed: false };
  return { removed: await deps.subscriptions.collection.delete(id) };
}

/**
 * The test widget (spec §2.8): a message to the actor's own subscriptions (those stored with the
 * username, if one is given), 10 a minute per user. It never reaches another user's browser, so
 * NO_SUBSCRIPTION says nothing about anyone else (issue 43).
 */
export async function sendTestNotification(
  request: SendTestNotificationRequest,
  deps: NotificationsDependencies,
): Promise<SendTestNotificationResponse> {
  const actor = await deps.directory.requireActor(request.actorUserId);
  const checks = new FieldChecks();
  const username = checks.text('username', request.username, { required: false, max: 100 });
  const message = checks.text('message', request.message, { required: true, max: 500 });
  const title = checks.text('title', request.title, { required: false, max: 100 });
  const url = checks.text('url', request.url, { required: false, max: 2_000 });
  if (url && !url.startsWith('/') && !/^https?:\/\//.test(url))
    checks.add('url', 'must be a site path or an http(s) URL', 'url');
  checks.done();
  const decision = await deps.cache.hit(`notify:${actor.id}`, 10, 60_000);
  if (!decision.allowed) {
    const seconds = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
    throw new RateLimitedError(`too many attempts, retry in ${seconds} seconds`, decision.retryAfterMs, {
      reason: 'RATE_LIMITED',
    });
  }
  const own = (await deps.subscriptions.ofUser(actor.id)).filter(
    (subscription) => !username || subscription.username === username,
  );
  if (own.length === 0)
    throw new NotFoundError('push subscription of', username || 'this user', { reason: 'NO_SUBSCRIPTION' });
  const notification = await deps.sender.send({
    id: `n_${randomUUID()}`,
    userId: actor.id,
    username,
    channel: Channel.CHANNEL_PUSH,
    title: title || deps.siteName,
    body: message,
    url: url || '/',
    iconUrl: '',
  });
  return { notification: notificationMessage(notification) };
}

const endpointOfAnotherUser = () =>
  new PermissionDeniedError(
    'this push endpoint belongs to another account: unsubscribe it in the browser and subscribe again',
    { reason: 'ENDPOINT_OF_ANOTHER_USER' },
  );
