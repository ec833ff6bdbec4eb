import {
  AlertKind,
  AlertState,
  Channel,
  DeliveryStatus,
  type AlertFiring,
  type Notification,
  type PriceAlert,
} from '@pc/proto/notifications/v1/types';
import { isoTime, moneyJson } from './money.server';

export const ALERT_KINDS = {
  target_price: AlertKind.ALERT_KIND_TARGET_PRICE,
  percentage_drop: AlertKind.ALERT_KIND_PERCENTAGE_DROP,
  back_in_stock: AlertKind.ALERT_KIND_BACK_IN_STOCK,
} as const;
export const ALERT_STATES = {
  armed: AlertState.ALERT_STATE_ARMED,
  fired: AlertState.ALERT_STATE_FIRED,
  paused: AlertState.ALERT_STATE_PAUSED,
} as const;
export const CHANNELS = { push: Channel.CHANNEL_PUSH, email: Channel.CHANNEL_EMAIL } as const;
const DELIVERY = {
  [DeliveryStatus.DELIVERY_STATUS_PENDING]: 'pending',
  [DeliveryStatus.DELIVERY_STATUS_DELIVERED]: 'delivered',
  [DeliveryStatus.DELIVERY_STATUS_FAILED]: 'failed',
  [DeliveryStatus.DELIVERY_STATUS_NO_TARGET]: 'no_target',
} as Record<number, string>;

/** The JSON key of a proto enum value, from one of the tables above. */
const keyOf = (table: Record<string, number>, value: number): string =>
  Object.entries(table).find(([, v]) => v === value)?.[0] ?? 'unknown';

export function alertJson(alert: PriceAlert) {
  return {
    id: alert.id,
    product_id: alert.productId,
    country: alert.country,
    kind: keyOf(ALERT_KINDS, alert.kind),
    target_price: moneyJson(alert.targetPrice),
    drop_percent: alert.dropPercent || null,
    reference_price: moneyJson(alert.referencePrice),
    state: keyOf(ALERT_STATES, alert.state),
    rearm_automatically: alert.rearmAutomatically,
    channels: alert.channels.map((c) => keyOf(CHANNELS, c)),
    last_price: moneyJson(alert.lastPrice),
    created_at: isoTime(alert.createdAt),
    armed_at: isoTime(alert.armedAt),
    last_fired_at: isoTime(alert.lastFiredAt),
    version: alert.version,
  };
}

export function firingJson(firing: AlertFiring) {
  return {
    id: firing.id,
    alert_id: firing.alertId,
    product_id: firing.productId,
    country: firing.country,
    kind: keyOf(ALERT_KINDS, firing.kind),
    price: moneyJson(firing.price),
    previous_price: moneyJson(firing.previousPrice),
    delivery: DELIVERY[firing.deliveryStatus] ?? 'unknown',
    fired_at: isoTime(firing.firedAt),
  };
}

export function notificationJson(notification: Notification) {
  return {
    id: notification.id,
    channel: keyOf(CHANNELS, notification.channel),
    title: notification.title,
    body: notification.body,
    url: notification.url,
    status: DELIVERY[notification.status] ?? 'unknown',
    delivered: notification.delivered,
    failed: notification.failed,
    created_at: isoTime(notification.createdAt),
  };
}
