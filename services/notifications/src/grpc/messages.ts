import type { Money } from '@pc/proto/common/v1/money';
import type { AlertFiring, Notification, PriceAlert, PushSubscription } from '@pc/proto/notifications/v1/types';
import type { Amount } from '../domain/alert-record.js';
import type { FiringRecord, NotificationRecord, SubscriptionRecord } from '../domain/delivery-records.js';
import type { StoredAlert } from '../store/alert-repository.js';

const date = (iso: string | null): Date | undefined => (iso ? new Date(iso) : undefined);
const money = (amount: Amount | null): Money | undefined =>
  amount ? { amountMinor: amount.amountMinor, currency: amount.currency } : undefined;

export function alertMessage(alert: StoredAlert): PriceAlert {
  return {
    id: alert._id,
    userId: alert.userId,
    productId: alert.productId,
    country: alert.country,
    kind: alert.kind,
    targetPrice: money(alert.targetPrice),
    dropPercent: alert.dropPercent,
    referencePrice: money(alert.referencePrice),
    state: alert.state,
    rearmAutomatically: alert.rearmAutomatically,
    channels: [...alert.channels],
    lastPrice: money(alert.lastPrice),
    createdAt: date(alert.createdAt),
    armedAt: date(alert.armedAt),
    lastFiredAt: date(alert.lastFiredAt),
    version: alert._version,
  };
}

export function firingMessage(firing: FiringRecord): AlertFiring {
  return {
    id: firing._id,
    alertId: firing.alertId,
    userId: firing.userId,
    productId: firing.productId,
    country: firing.country,
    kind: firing.kind,
    price: money(firing.price),
    previousPrice: money(firing.previousPrice),
    notificationId: firing.notificationIds[0] ?? '',
    deliveryStatus: firing.deliveryStatus,
    firedAt: date(firing.firedAt),
  };
}

export function notificationMessage(notification: NotificationRecord): Notification {
  return {
    id: notification._id,
    userId: notification.userId,
    username: notification.username,
    channel: notification.channel,
    title: notification.title,
    body: notification.body,
    url: notification.url,
    iconUrl: notification.iconUrl,
    status: notification.status,
    delivered: notification.delivered,
    failed: notification.failed,
    error: notification.error,
    createdAt: date(notification.createdAt),
    deliveredAt: date(notification.deliveredAt),
  };
}

/** A subscription without its keys: they only ever go to the push service. */
export function subscriptionMessage(subscription: SubscriptionRecord): PushSubscription {
  return {
    id: subscription._id,
    endpoint: subscription.endpoint,
    keys: undefined,
    expirationTime: date(subscription.expirationTime),
    userId: subscription.userId,
    username: subscription.username,
    language: subscription.language,
    userAgent: subscription.userAgent,
    createdAt: date(subscription.createdAt),
    lastDeliveredAt: date(subscription.lastDeliveredAt),
  };
}
