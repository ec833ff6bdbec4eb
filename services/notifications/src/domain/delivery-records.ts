import type { AlertKind, Channel, DeliveryStatus } from '@pc/proto/notifications/v1/types';
import type { Amount } from './alert-record.js';

/** A browser's push subscription (collection `push_subscriptions`), keyed by the endpoint's SHA-256. */
export interface SubscriptionRecord {
  readonly _id: string;
  readonly endpoint: string;
  readonly keys: { readonly p256dh: string; readonly auth: string };
  readonly expirationTime: string | null;
  /** '' for a guest. */
  readonly userId: string;
  /** The name the test widget addresses; '' when none. */
  readonly username: string;
  readonly language: string;
  readonly userAgent: string;
  readonly createdAt: string;
  readonly lastDeliveredAt: string | null;
}

/** One notification sent (collection `notifications`): the notification log. */
export interface NotificationRecord {
  readonly _id: string;
  readonly userId: string;
  readonly username: string;
  readonly channel: Channel;
  readonly title: string;
  readonly body: string;
  readonly url: string;
  readonly iconUrl: string;
  readonly status: DeliveryStatus;
  readonly delivered: number;
  readonly failed: number;
  readonly error: string;
  readonly createdAt: string;
  readonly deliveredAt: string | null;
}

/** One time an alert fired (collection `alert_firings`), keyed `<alertId>:<event version>`. */
export interface FiringRecord {
  readonly _id: string;
  readonly alertId: string;
  readonly userId: string;
  readonly productId: string;
  readonly country: string;
  readonly kind: AlertKind;
  readonly price: Amount | null;
  readonly previousPrice: Amount | null;
  readonly inStockOffers: number;
  /** The notification(s) it sent, one per channel; empty while delivery is pending. */
  readonly notificationIds: readonly string[];
  readonly deliveryStatus: DeliveryStatus;
  readonly firedAt: string;
}
