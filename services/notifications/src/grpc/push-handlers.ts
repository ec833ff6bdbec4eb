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
import { NotFoundError, RateLimitedError } from '@pc/kit/errors/domain-errors';
import type { SubscriptionRecord } from '../domain/delivery-records.js';
import { subscriptionId } from '../store/subscription-repository.js';
import type { NotificationsDependencies } from './dependencies.js';
import { FieldChecks } from './field-checks.js';
import { notificationMessage, subscriptionMessage } from './messages.js';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export const getVapidPublicKey = async (deps: NotificationsDependencies): Promise<GetVapidPublicKeyResponse> => ({ publicKey: deps.vapidPublicKey });

function checkEndpoint(checks: FieldChecks, endpoint: string, allowLocalHttp: boolean): string {
  const value = checks.text('endpoint', endpoint, { required: true, max: 2_000 });
  if (!value) return value;
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    url = null;
  }
  const secure = url?.protocol === 'https:';
  const localHttp = allowLocalHttp && url?.protocol === 'http:' && LOOPBACK.has(url.hostname);
  if (!url || !(secure || localHttp)) checks.add('endpoint', 'must be an https URL of a push service', 'url');
  return value;
}

/** Stores a browser subscription; the same endpoint again updates keys and owner. */
export async function subscribe(request: SubscribeRequest, deps: NotificationsDependencies): Promise<SubscribeResponse> {
  const checks = new FieldChecks();
  const endpoint = checkEndpoint(checks, request.endpoint, deps.allowLocalHttpPush);
  checks.base64url('keys.p256dh', request.keys?.p256dh ?? '', 65, (bytes) => bytes[0] === 4);
  checks.base64url('keys.auth', request.keys?.auth ?? '', 16);
  const username = checks.text('username', request.username, { required: false, max: 100 });
  const language = checks.text('language', request.language, { required: false, max: 2 }).toLowerCase();
  checks.done();
  if (request.actorUserId) await deps.directory.requireActor(request.actorUserId);
  const now = deps.clock().toISOString();
  const id = subscriptionId(endpoint);
  let created = false;
  const stored = await deps.subscriptions.collection.update(id, (current): SubscriptionRecord => {
    created = current === null;
    return {
      _id: id,
      endpoint,
      keys: { p256dh: request.keys?.p256dh ?? '', auth: request.keys?.auth ?? '' },
      expirationTime: request.expirationTime ? request.expirationTime.toISOString() : null,
      userId: request.actorUserId,
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

export async function unsubscribe(request: UnsubscribeRequest, deps: NotificationsDependencies): Promise<UnsubscribeResponse> {
  const checks = new FieldChecks();
  const endpoint = checks.text('endpoint', request.endpoint, { required: true, max: 2_000 });
  checks.done();
  return { removed: await deps.subscriptions.collection.delete(subscriptionId(endpoint)) };
}

/** The test widget (spec §2.8): a message to every subscription of a username, 10 a minute. */
export async function sendTestNotification(request: SendTestNotificationRequest, deps: NotificationsDependencies): Promise<SendTestNotificationResponse> {
  const checks = new FieldChecks();
  const username = checks.text('username', request.username, { required: true, max: 100 });
  const message = checks.text('message', request.message, { required: true, max: 500 });
  const title = checks.text('title', request.title, { required: false, max: 100 });
  const url = checks.text('url', request.url, { required: false, max: 2_000 });
  if (url && !url.startsWith('/') && !/^https?:\/\//.test(url)) checks.add('url', 'must be a site path or an http(s) URL', 'url');
  checks.done();
  const decision = await deps.cache.hit(`notify:${username}`, 10, 60_000);
  if (!decision.allowed) {
    const seconds = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
    throw new RateLimitedError(`too many attempts, retry in ${seconds} seconds`, decision.retryAfterMs, { reason: 'RATE_LIMITED' });
  }
  if ((await deps.subscriptions.ofUsername(username)).length === 0) throw new NotFoundError('push subscription of', username, { reason: 'NO_SUBSCRIPTION' });
  const notification = await deps.sender.send({ id: `n_${randomUUID()}`, userId: '', username, channel: Channel.CHANNEL_PUSH, title: title || deps.siteName, body: message, url: url || '/', iconUrl: '' });
  return { notification: notificationMessage(notification) };
}
