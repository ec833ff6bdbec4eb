import { ShopStatus } from '@pc/proto/offers/v1/types';
import type { ShopChanged, ShopDeleted } from '@pc/proto/offers/events/v1/events';
import { crawlUrlOf, hostKeyFrom, hostKeyOf } from '../domain/crawl-url.js';
import type { ShopRecord } from '../domain/records.js';
import type { CrawlerStore } from '../store/crawler-store.js';
import type { CrawlRequests } from '../workflows/crawl-requests.js';
import type { FeedDirectory } from './feed-directory.js';

/** The hosts a shop's pages live on: its homepage's, its domain and the domain's www. */
function hostsOf(domain: string, homepageUrl: string): string[] {
  const hosts = new Set<string>();
  const homepage = crawlUrlOf(homepageUrl);
  if (homepage) hosts.add(hostKeyOf(homepage));
  const bare = hostKeyFrom(domain);
  if (bare) {
    hosts.add(bare);
    if (!bare.startsWith('www.') && !/^[\d.:[\]]+$/.test(bare)) hosts.add(`www.${bare}`);
  }
  return [...hosts];
}

const CRAWLABLE = [ShopStatus.SHOP_STATUS_ACTIVE, ShopStatus.SHOP_STATUS_PENDING_ACTIVATION];

/**
 * The crawler's view of offers' shops (docs/architecture.md §2: it consumes ShopChanged): which hosts are
 * whose, where a shop's site starts, its country and currency for what pages leave unsaid, whether
 * it is green (its observations are green offers, ADR 108), and its feeds (feed-directory.ts).
 * Handlers are idempotent: an older version than the stored one changes nothing.
 */
export class ShopDirectory {
  constructor(
    private readonly store: CrawlerStore,
    private readonly requests: CrawlRequests,
    private readonly feeds: FeedDirectory,
    /** Crawl a crawlable shop's site from its homepage as soon as it is known (CRAWLER_DISCOVER_SHOPS). */
    private readonly discover: boolean,
    private readonly now: () => Date,
  ) {}

  async shopChanged(event: ShopChanged): Promise<void> {
    const shop = event.shop;
    if (!shop) return;
    const stored = await this.store.shops.get(event.shopId);
    if (stored && stored.version >= event.version) return;
    const feed = shop.feeds[0];
    const record: ShopRecord = {
      _id: event.shopId,
      version: event.version,
      name: shop.name,
      hosts: hostsOf(shop.domain, shop.homepageUrl),
      homepageUrl: shop.homepageUrl,
      countries: shop.countries,
      currency: feed?.currency ?? '',
      language: feed?.language ?? '',
      crawlable: CRAWLABLE.includes(shop.status),
      listed: shop.status === ShopStatus.SHOP_STATUS_ACTIVE,
      deleted: shop.status === ShopStatus.SHOP_STATUS_DELETED,
      ownerUserId: shop.ownerUserId,
      green: shop.green,
    };
    await this.store.shops.put(record);
    // A change of the green flag reads the shop's feeds again, in full and at once (ADR 108).
    const greenChanged = stored !== null && (stored.green === true) !== shop.green;
    await this.feeds.sync(
      record,
      shop.feeds,
      record.listed === true && stored?.listed !== true && stored !== null,
      greenChanged,
    );
    await Promise.all(
      record.hosts.map((host) =>
        this.store.hosts.update(host, (current) =>
          current && current.shopId !== record._id ? { ...current, shopId: record._id } : null,
        ),
      ),
    );
    const homepage = crawlUrlOf(shop.homepageUrl);
    const isNew = !stored || !stored.crawlable || stored.homepageUrl !== shop.homepageUrl;
    if (this.discover && record.crawlable && homepage && isNew) {
      await this.requests.discoverHost(homepage, {
        reason: 'shop listed',
        priority: 0,
        runAt: this.now(),
        scheduleId: '',
      });
    }
  }

  async shopDeleted(event: ShopDeleted): Promise<void> {
    const shop = await this.store.shops.update(event.shopId, (current) =>
      current ? { ...current, deleted: true, crawlable: false, listed: false } : null,
    );
    if (shop) await this.feeds.sync(shop, [], false);
  }
}
