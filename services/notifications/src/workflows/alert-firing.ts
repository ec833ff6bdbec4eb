import type { Logger } from 'pino';
import { AlertKind, AlertState, Channel, DeliveryStatus } from '@pc/proto/notifications/v1/types';
import { conditionHolds } from '../domain/alert-conditions.js';
import type { AlertIndex } from '../domain/alert-index.js';
import type { AlertRecord, Amount, PricePicture } from '../domain/alert-record.js';
import { alertMailTexts, alertText, productPath } from '../domain/alert-texts.js';
import type { FiringRecord, NotificationRecord } from '../domain/delivery-records.js';
import type { AlertRepository, StoredAlert } from '../store/alert-repository.js';
import type { DeliveryRepositories } from '../store/delivery-repositories.js';
import type { AccountDirectory } from './account-directory.js';
import type { AlertMailLinks } from './alert-mail-links.js';
import type { NotificationSender } from './notification-sender.js';
import type { ProductNames } from './product-names.js';
import { notificationMetrics } from './notification-metrics.js';

/** Why and when an alert is checked: an event (its version makes the firing id) or a user action. */
export interface Occasion {
  /** Part of the firing id: the same occasion never fires an alert twice (redelivery). */
  readonly key: string;
  readonly picture: PricePicture;
  readonly previousPrice: Amount | null;
  readonly at: Date;
}

/**
 * Fires alerts. Order for at-least-once without double sends: (1) the firing is recorded
 * PENDING under a deterministic id, (2) the alert goes ARMED → FIRED, (3) the notifications
 * are sent and the firing records how. A crash after (1) or (2) leaves a PENDING firing that
 * `deliverPending` (at start) completes; a redelivered event finds the firing and sends nothing new.
 */
export class AlertFiring {
  constructor(
    private readonly parts: {
      alerts: AlertRepository;
      deliveries: DeliveryRepositories;
      index: AlertIndex;
      sender: NotificationSender;
      directory: AccountDirectory;
      names: ProductNames;
      mailLinks: AlertMailLinks;
      logger: Logger;
    },
  ) {}

  /** Fires the alert if it is ARMED and its condition holds; returns the fired alert or null. */
  async fireIfHolds(alertId: string, occasion: Occasion): Promise<StoredAlert | null> {
    const { alerts, deliveries, index } = this.parts;
    const alert = await alerts.get(alertId);
    if (!alert || alert.state !== AlertState.ALERT_STATE_ARMED || !conditionHolds(alert, occasion.picture)) {
      if (alert) index.upsert(alert);
      else index.remove(alertId);
      return null;
    }
    const firing: FiringRecord = {
      _id: `${alert._id}:${occasion.key}`,
      alertId: alert._id,
      userId: alert.userId,
      productId: alert.productId,
      country: alert.country,
      kind: alert.kind,
      price: occasion.picture.lowest,
      previousPrice: occasion.previousPrice,
      inStockOffers: occasion.picture.inStockOffers,
      notificationIds: [],
      deliveryStatus: DeliveryStatus.DELIVERY_STATUS_PENDING,
      firedAt: occasion.at.toISOString(),
    };
    const recorded =
      (await deliveries.firings.update(firing._id, (current) => (current ? null : firing))) ??
      (await deliveries.firings.get(firing._id));
    const at = occasion.at.toISOString();
    const fired = await alerts.collection.update(alert._id, (current): AlertRecord | null =>
      current?.state === AlertState.ALERT_STATE_ARMED
        ? {
            ...current,
            state: AlertState.ALERT_STATE_FIRED,
            lastFiredAt: at,
            lastPrice: occasion.picture.lowest ?? current.lastPrice,
            updatedAt: at,
          }
        : null,
    );
    if (fired) notificationMetrics.fired(AlertKind[fired.kind] ?? String(fired.kind));
    const now = fired ?? (await alerts.get(alert._id));
    if (now) index.upsert(now);
    if (recorded) await this.deliver(recorded);
    return fired;
  }

  /** Sends a firing's notifications (one per channel) and records the outcome. */
  async deliver(firing: FiringRecord): Promise<void> {
    if (firing.deliveryStatus !== DeliveryStatus.DELIVERY_STATUS_PENDING) return;
    const { alerts, deliveries, sender, directory, names } = this.parts;
    const alert = await alerts.get(firing.alertId);
    const channels = alert && alert.channels.length > 0 ? alert.channels : [Channel.CHANNEL_PUSH];
    const language = (await directory.find(firing.userId).catch(() => null))?.language || 'en';
    const name = await names.of(firing.productId, language);
    const text = alertText(firing.kind, language, firing.price, alert?.targetPrice ?? null, name);
    const url = productPath(firing.productId, firing.country, language);
    const mailLinks = channels.includes(Channel.CHANNEL_EMAIL) ? await this.mailLinks(firing, language) : undefined;
    const sent: NotificationRecord[] = [];
    for (const channel of channels) {
      sent.push(
        await sender.send({
          id: `n_${firing._id}_${channel}`,
          userId: firing.userId,
          username: '',
          channel,
          title: text.title,
          body: text.body,
          url,
          iconUrl: '',
          ...(channel === Channel.CHANNEL_EMAIL ? { mailLinks } : {}),
        }),
      );
    }
    const status = sent.some((n) => n.status === DeliveryStatus.DELIVERY_STATUS_DELIVERED)
      ? DeliveryStatus.DELIVERY_STATUS_DELIVERED
      : sent.every((n) => n.status === DeliveryStatus.DELIVERY_STATUS_NO_TARGET)
        ? DeliveryStatus.DELIVERY_STATUS_NO_TARGET
        : DeliveryStatus.DELIVERY_STATUS_FAILED;
    await deliveries.firings.update(firing._id, (current) =>
      current ? { ...current, notificationIds: sent.map((n) => n._id), deliveryStatus: status } : null,
    );
  }

  /** An alert mail's links: stop this alert's e-mails (ADR 152), and the user's alerts. */
  private async mailLinks(firing: FiringRecord, language: string) {
    const texts = alertMailTexts(language);
    const stop = await this.parts.mailLinks.stopUrl({ alertId: firing.alertId, userId: firing.userId }, language);
    const manage = this.parts.mailLinks.pageUrl(`/account/alerts?lang=${encodeURIComponent(language)}`);
    return {
      links: [
        { text: texts.stopEmails, url: stop },
        { text: texts.manage, url: manage },
      ],
      unsubscribe: stop,
    };
  }

  /** Completes firings a crash left PENDING (at start). */
  async deliverPending(): Promise<number> {
    const pending = await this.parts.deliveries.firings.find(
      { deliveryStatus: DeliveryStatus.DELIVERY_STATUS_PENDING },
      { limit: 1_000 },
    );
    for (const firing of pending) await this.deliver(firing);
    if (pending.length > 0) this.parts.logger.info({ firings: pending.length }, 'pending alert notifications sent');
    return pending.length;
  }
}
