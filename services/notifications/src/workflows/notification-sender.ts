import type { Logger } from 'pino';
import { Channel, DeliveryStatus } from '@pc/proto/notifications/v1/types';
import type { Mailer } from '@pc/kit/ports/mailer';
import type { NotificationRecord, SubscriptionRecord } from '../domain/delivery-records.js';
import type { PushSender } from '../push/push-sender.js';
import type { DeliveryRepositories } from '../store/delivery-repositories.js';
import type { SubscriptionRepository } from '../store/subscription-repository.js';
import type { AccountDirectory } from './account-directory.js';
import { notificationMetrics } from './notification-metrics.js';

/** What to send: the log record's content, and its id. */
export type NotificationSpec = Pick<
  NotificationRecord,
  'userId' | 'username' | 'channel' | 'title' | 'body' | 'url' | 'iconUrl'
> & {
  /** Stable id (a firing's notification is the same on redelivery); a new one otherwise. */
  readonly id: string;
  /** An e-mail's links under its text (named, absolute), and the one that stops such mails (RFC 8058). */
  readonly mailLinks?: { readonly links: readonly { text: string; url: string }[]; readonly unsubscribe: string };
};

/**
 * Sends one notification on one channel and logs it: push to every subscription of the user
 * (those stored with the username, when one is given: the test widget), removing those the push
 * service reports gone;
 * e-mail to the account's address through the Mailer port. A notification already delivered
 * (same id) is not sent again.
 */
export class NotificationSender {
  constructor(
    private readonly parts: {
      deliveries: DeliveryRepositories;
      subscriptions: SubscriptionRepository;
      push: PushSender;
      mailer: Mailer;
      directory: AccountDirectory;
      siteUrl: string;
      clock: () => Date;
      logger: Logger;
    },
  ) {}

  async send(spec: NotificationSpec): Promise<NotificationRecord> {
    const { deliveries, clock } = this.parts;
    const existing = await deliveries.notifications.get(spec.id);
    if (existing && existing.status !== DeliveryStatus.DELIVERY_STATUS_PENDING) return existing;
    const pending: NotificationRecord = {
      _id: spec.id,
      userId: spec.userId,
      username: spec.username,
      channel: spec.channel,
      title: spec.title,
      body: spec.body,
      url: spec.url,
      iconUrl: spec.iconUrl,
      status: DeliveryStatus.DELIVERY_STATUS_PENDING,
      delivered: 0,
      failed: 0,
      error: '',
      createdAt: existing?.createdAt ?? clock().toISOString(),
      deliveredAt: null,
    };
    await deliveries.notifications.put(pending);
    const outcome = spec.channel === Channel.CHANNEL_EMAIL ? await this.mail(spec) : await this.pushAll(spec);
    const status =
      outcome.delivered > 0
        ? DeliveryStatus.DELIVERY_STATUS_DELIVERED
        : outcome.targets === 0
          ? DeliveryStatus.DELIVERY_STATUS_NO_TARGET
          : DeliveryStatus.DELIVERY_STATUS_FAILED;
    const done: NotificationRecord = {
      ...pending,
      status,
      delivered: outcome.delivered,
      failed: outcome.failed,
      error: outcome.error,
      deliveredAt: outcome.delivered > 0 ? clock().toISOString() : null,
    };
    return deliveries.notifications.put(done);
  }

  private async pushAll(
    spec: NotificationSpec,
  ): Promise<{ targets: number; delivered: number; failed: number; error: string }> {
    const { subscriptions, push, clock, logger } = this.parts;
    const targets: SubscriptionRecord[] = (await subscriptions.ofUser(spec.userId)).filter(
      (target) => !spec.username || target.username === spec.username,
    );
    const payload = JSON.stringify({
      id: spec.id,
      title: spec.title,
      body: spec.body,
      url: spec.url,
      icon: spec.iconUrl || undefined,
    });
    let delivered = 0;
    const errors: string[] = [];
    await Promise.all(
      targets.map(async (target) => {
        const outcome = await push.send(target, payload);
        notificationMetrics.push(outcome.kind);
        if (outcome.kind === 'delivered') {
          delivered += 1;
          await subscriptions.collection.update(target._id, (current) =>
            current ? { ...current, lastDeliveredAt: clock().toISOString() } : null,
          );
        } else if (outcome.kind === 'gone') {
          // The browser unsubscribed or the push service expired it: it will never work again.
          await subscriptions.collection.delete(target._id);
          errors.push(`subscription gone (${outcome.status})`);
          logger.info(
            { subscription: target._id.slice(0, 12), status: outcome.status },
            'expired push subscription removed',
          );
        } else {
          errors.push(outcome.error);
        }
      }),
    );
    return {
      targets: targets.length,
      delivered,
      failed: targets.length - delivered,
      error: [...new Set(errors)].join('; '),
    };
  }

  private async mail(
    spec: NotificationSpec,
  ): Promise<{ targets: number; delivered: number; failed: number; error: string }> {
    const user = spec.userId ? await this.parts.directory.find(spec.userId) : null;
    if (!user?.email) return { targets: 0, delivered: 0, failed: 0, error: '' };
    const link = new URL(spec.url, this.parts.siteUrl).toString();
    const links = spec.mailLinks?.links ?? [];
    const unsubscribe = spec.mailLinks?.unsubscribe;
    try {
      const sent = await this.parts.mailer.send({
        id: spec.id,
        to: user.email,
        subject: spec.title,
        text: [`${spec.body}\n\n${link}`, ...links.map((l) => `${l.text}: ${l.url}`)].join('\n\n'),
        html: [
          `<p>${escapeHtml(spec.body)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
          ...links.map((l) => `<p><a href="${escapeHtml(l.url)}">${escapeHtml(l.text)}</a></p>`),
        ].join('\n'),
        headers: {
          'X-Pricecompare-Kind': 'price-alert',
          // One click in the mail client stops them, without opening the site (RFC 2369, RFC 8058).
          ...(unsubscribe
            ? { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
            : {}),
        },
      });
      if (sent.queued) {
        // Its durable job (ADR 063) retries it with backoff; the same id never sends it twice.
        notificationMetrics.mail('failed');
        return { targets: 1, delivered: 0, failed: 1, error: 'mail server unavailable; retried in the background' };
      }
      notificationMetrics.mail('sent');
      return { targets: 1, delivered: 1, failed: 0, error: '' };
    } catch (error) {
      notificationMetrics.mail('failed');
      this.parts.logger.warn({ err: error, notificationId: spec.id }, 'alert e-mail not sent');
      return { targets: 1, delivered: 0, failed: 1, error: 'mail server unavailable' };
    }
  }
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
