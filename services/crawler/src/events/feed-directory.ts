import { CrawlJobStatus } from '@pc/proto/crawler/v1/types';
import { FeedStatus, type Feed } from '@pc/proto/offers/v1/types';
import { crawlUrlOf, hostKeyOf } from '../domain/crawl-url.js';
import type { FeedRecord, ScheduleRecord, ShopRecord } from '../domain/records.js';
import type { CrawlerStore } from '../store/crawler-store.js';
import type { CrawlRequests } from '../workflows/crawl-requests.js';

/** offers' default fetch interval (Feed.fetch_interval_minutes unset). */
const DEFAULT_INTERVAL_MINUTES = 1_440;

/** The schedule of a feed: one per feed, following ShopChanged (CrawlSchedule "feed schedules follow ShopChanged"). */
export const feedScheduleId = (feedId: string): string => `sch_feed_${feedId}`;

/**
 * The crawler's copy of a shop's feeds, kept from ShopChanged's feed list: a record per feed
 * (URL, format, the country, currency and language its items are for, interval), a schedule per
 * feed, and a fetch at once when a feed is new, points somewhere else, is enabled again, or its
 * shop was just listed (its offers come with the first fetch after activation). Feeds that left
 * the list, and those of shops no longer crawlable, stop being fetched.
 */
export class FeedDirectory {
  constructor(
    private readonly store: CrawlerStore,
    private readonly requests: CrawlRequests,
    private readonly now: () => Date,
  ) {}

  /**
   * `greenChanged`: the shop's green flag changed; its enabled feeds are read again at once and in
   * full (no conditional request, which could answer 304 and observe nothing), so every offer of
   * them is observed with the new flag.
   */
  async sync(shop: ShopRecord, feeds: readonly Feed[], justListed: boolean, greenChanged = false): Promise<void> {
    const now = this.now();
    const known = await this.store.feeds.find({ shopId: shop._id });
    const listed = new Set<string>();
    for (const feed of feeds) {
      const url = crawlUrlOf(feed.url);
      if (!feed.id || !url) continue;
      listed.add(feed.id);
      const previous = known.find((record) => record._id === feed.id) ?? null;
      const kept = this.recordOf(shop, feed, url, previous, now);
      const record = greenChanged ? { ...kept, etag: '', lastModified: '' } : kept;
      await this.store.feeds.put(record);
      await this.store.schedules.update(feedScheduleId(record._id), (current) =>
        this.scheduleOf(record, url, current, now),
      );
      const moved = !previous || previous.deleted || previous.url !== record.url || previous.format !== record.format;
      const enabledNow = record.enabled && (!previous?.enabled || justListed);
      if (record.enabled && (moved || enabledNow || greenChanged)) {
        await this.requests.fetchFeed(record, {
          priority: 8,
          runAt: now,
          reason: moved ? 'new feed' : enabledNow ? 'feed enabled' : 'shop green flag changed',
          scheduleId: feedScheduleId(record._id),
        });
      }
    }
    for (const gone of known.filter((record) => !listed.has(record._id) && !record.deleted)) {
      await this.store.feeds.put({ ...gone, enabled: false, deleted: true, updatedAt: now.toISOString() });
      await this.store.schedules.update(feedScheduleId(gone._id), (current) =>
        current ? { ...current, enabled: false } : null,
      );
      await this.cancelOpenFetch(gone._id);
    }
  }

  private recordOf(shop: ShopRecord, feed: Feed, url: URL, previous: FeedRecord | null, now: Date): FeedRecord {
    const sameTarget = previous !== null && previous.url === url.href && previous.format === feed.format;
    return {
      _id: feed.id,
      shopId: shop._id,
      url: url.href,
      format: feed.format,
      country: feed.country || shop.countries[0] || '',
      currency: feed.currency,
      language: feed.language,
      intervalMs: (feed.fetchIntervalMinutes > 0 ? feed.fetchIntervalMinutes : DEFAULT_INTERVAL_MINUTES) * 60_000,
      enabled: feed.status !== FeedStatus.FEED_STATUS_DISABLED && shop.crawlable && !shop.deleted,
      deleted: shop.deleted,
      // Validators of another URL say nothing about this one.
      etag: sameTarget ? previous.etag : '',
      lastModified: sameTarget ? previous.lastModified : '',
      lastReadAt: sameTarget ? previous.lastReadAt : null,
      lastFetchId: previous?.lastFetchId ?? '',
      // The items of the feed's last complete read: the next read is compared with them (ADR 040a).
      itemSetFetchId: previous?.itemSetFetchId ?? '',
      updatedAt: now.toISOString(),
    };
  }

  /** The feed's schedule: its interval and state follow the feed; when it last ran stays. */
  private scheduleOf(feed: FeedRecord, url: URL, current: ScheduleRecord | null, now: Date): ScheduleRecord {
    const lastRun = current?.lastRunAt ? Date.parse(current.lastRunAt) : now.getTime();
    return {
      _id: feedScheduleId(feed._id),
      target: { feed: { shopId: feed.shopId, feedId: feed._id } },
      host: hostKeyOf(url),
      shopId: feed.shopId,
      intervalMs: feed.intervalMs,
      enabled: feed.enabled,
      priority: 5,
      nextRunAt:
        current && current.intervalMs === feed.intervalMs
          ? current.nextRunAt
          : new Date(lastRun + feed.intervalMs).toISOString(),
      lastRunAt: current?.lastRunAt ?? null,
      lastStatus: current?.lastStatus ?? CrawlJobStatus.CRAWL_JOB_STATUS_UNSPECIFIED,
      reason: 'feed schedule',
    };
  }

  private async cancelOpenFetch(feedId: string): Promise<void> {
    const [open] = await this.store.jobs.find({ openKey: `feed:${feedId}` }, { limit: 1 });
    if (open?.status === CrawlJobStatus.CRAWL_JOB_STATUS_QUEUED)
      await this.requests.cancel(open._id).catch(() => undefined);
  }
}
