import type { Logger } from 'pino';
import type { SubscriptionChanged } from '@pc/proto/billing/events/v1/events';
import type { ShopChanged, ShopDeleted, ShopRegistered } from '@pc/proto/offers/events/v1/events';
import type { EventMeta } from '@pc/kit/events/subscriber';
import {
  feedNoticeOfShopChange,
  noticeOfShopChange,
  noticeOfShopDeleted,
  noticeOfSubscriptionChange,
} from '../domain/owner-notice.js';
import type { OwnerMails, OwnerNotice } from '../mail/owner-mails.js';
import type { UserDirectory } from '@pc/staff-access/user-directory';

/** A notice about an older event is not sent: a new consumer group reading the log from its start. */
const STALE_AFTER_MS = 24 * 3_600_000;

/**
 * Tells shop owners each step of their shop's lifecycle by e-mail (spec §4), from the events
 * that record the step: offers' own ShopRegistered, ShopChanged and ShopDeleted, and billing's
 * SubscriptionChanged for a failed renewal; and a feed that turned failing or works again
 * (ShopChanged `feed_health`, ADR 128). A consumer of its own group, so a mail is queued at
 * least once for every step committed through the outbox; the mail is a durable job keyed by the
 * event's id (`offers.send-mail`), which a mailer outage retries with backoff. The recipient is the owner's account (e-mail, name, language) as
 * accounts has it now; a deleted account gets nothing.
 */
export class OwnerNotices {
  constructor(
    private readonly accounts: UserDirectory,
    private readonly mails: OwnerMails,
    private readonly clock: () => Date,
    private readonly logger: Logger,
  ) {}

  shopRegistered(event: ShopRegistered, meta: EventMeta): Promise<void> {
    if (event.directoryListing || !event.ownerUserId) return Promise.resolve();
    return this.tell(event.ownerUserId, { kind: 'registered', shopName: event.name, id: meta.eventId }, meta);
  }

  async shopChanged(event: ShopChanged, meta: EventMeta): Promise<void> {
    await this.lifecycleStep(event, meta);
    await this.feedHealth(event, meta);
  }

  private lifecycleStep(event: ShopChanged, meta: EventMeta): Promise<void> {
    const kind = noticeOfShopChange(event);
    const shop = event.shop;
    if (!kind || !shop) return Promise.resolve();
    const fetches = shop.feeds.flatMap((feed) => (feed.lastFetch?.succeeded ? [feed.lastFetch] : []));
    const products =
      kind === 'feedsAnalysed'
        ? { valid: sum(fetches.map((f) => f.itemsValid)), total: sum(fetches.map((f) => f.itemsTotal)) }
        : undefined;
    return this.tell(
      shop.ownerUserId,
      { kind, shopName: shop.name, id: meta.eventId, ...(products && { products }) },
      meta,
    );
  }

  /** Its own mail id: one ShopChanged may carry a lifecycle step too (a first good analysis that is also a recovery). */
  private feedHealth(event: ShopChanged, meta: EventMeta): Promise<void> {
    const feed = feedNoticeOfShopChange(event);
    const shop = event.shop;
    if (!feed || !shop) return Promise.resolve();
    return this.tell(
      shop.ownerUserId,
      { kind: feed.kind, shopName: shop.name, shopId: shop.id, feed, id: `${meta.eventId}.${feed.kind}` },
      meta,
    );
  }

  shopDeleted(event: ShopDeleted, meta: EventMeta, name: string): Promise<void> {
    const kind = noticeOfShopDeleted(event);
    return kind
      ? this.tell(event.ownerUserId, { kind, shopName: name || event.domain, id: meta.eventId }, meta)
      : Promise.resolve();
  }

  subscriptionChanged(event: SubscriptionChanged, meta: EventMeta): Promise<void> {
    const kind = noticeOfSubscriptionChange(event);
    return kind ? this.tell(event.userId, { kind, shopName: '', id: meta.eventId }, meta) : Promise.resolve();
  }

  private async tell(userId: string, notice: OwnerNotice, meta: EventMeta): Promise<void> {
    if (this.clock().getTime() - meta.occurredAt.getTime() > STALE_AFTER_MS) return;
    const owner = await this.accounts.find(userId);
    if (!owner?.email) return;
    await this.mails.send(owner, notice);
    this.logger.info({ userId, kind: notice.kind, eventId: meta.eventId }, 'shop owner notified');
  }
}

const sum = (values: readonly number[]): number => values.reduce((total, value) => total + value, 0);
