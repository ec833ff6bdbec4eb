import type {
  ListPushSubscriptionsRequest,
  ListPushSubscriptionsResponse,
} from '@pc/proto/notifications/v1/notifications';
import type { OwnPushSubscription } from '@pc/proto/notifications/v1/types';
import { pageResponse, resolvePage } from '@pc/kit/paging/page';
import type { SubscriptionRecord } from '../domain/delivery-records.js';
import type { NotificationsDependencies } from './dependencies.js';

const date = (iso: string | null): Date | undefined => (iso ? new Date(iso) : undefined);

/** The push service's host: the endpoint itself lets whoever holds it push to the browser. */
export function endpointHost(endpoint: string): string {
  try {
    return new URL(endpoint).hostname;
  } catch {
    return '';
  }
}

export function ownSubscriptionMessage(subscription: SubscriptionRecord): OwnPushSubscription {
  return {
    endpointHost: endpointHost(subscription.endpoint),
    createdAt: date(subscription.createdAt),
    expirationTime: date(subscription.expirationTime),
    lastDeliveredAt: date(subscription.lastDeliveredAt),
    username: subscription.username,
    language: subscription.language,
    userAgent: subscription.userAgent,
  };
}

/** The actor's own subscriptions, newest first (the copy of their data, ADR 148). */
export async function listPushSubscriptions(
  request: ListPushSubscriptionsRequest,
  deps: NotificationsDependencies,
): Promise<ListPushSubscriptionsResponse> {
  const actor = await deps.directory.requireActor(request.actorUserId);
  const page = resolvePage(request.page, { defaultSize: 100, maxSize: 100 });
  const filter = { userId: actor.id };
  const [subscriptions, total] = await Promise.all([
    deps.subscriptions.collection.find(filter, {
      sort: { createdAt: -1, _id: 1 },
      skip: page.skip,
      limit: page.hitsPerPage,
    }),
    deps.subscriptions.collection.count(filter),
  ]);
  return { subscriptions: subscriptions.map(ownSubscriptionMessage), page: pageResponse(page, total) };
}
