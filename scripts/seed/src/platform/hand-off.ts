import { status as GrpcStatus } from '@grpc/grpc-js';
import { FeedFormat } from '@pc/proto/offers/v1/types';
import type { PlatformClients } from './clients.js';
import { mapConcurrently } from './concurrency.js';
import type { DemoFeed, DemoShopsManifest } from './demo-shops.js';
import { failedWith } from './rpc-status.js';

/** How often the demo shops' feeds are fetched (prices move every 15 minutes on fast movers, 6 hours on the others). */
export const DEMO_FEED_INTERVAL_MINUTES = 60;

const FORMATS: Readonly<Record<DemoFeed['format'], FeedFormat>> = {
  'google-merchant-xml': FeedFormat.FEED_FORMAT_GOOGLE_MERCHANT_XML,
  csv: FeedFormat.FEED_FORMAT_CSV,
  'idealo-csv': FeedFormat.FEED_FORMAT_CSV,
  tsv: FeedFormat.FEED_FORMAT_TSV,
};

export interface HandOff {
  /** Feeds registered with offers (or already there), by shop id. */
  readonly feedsByShop: ReadonlyMap<string, readonly string[]>;
  readonly feedsAdded: number;
  readonly feedsExisting: number;
  /** Shops without feeds whose sites the crawler was asked to crawl. */
  readonly crawledShops: number;
  readonly rulesSet: number;
}

/**
 * Hands the demo shops to the platform the way shop owners and staff would: their feeds added
 * to offers (AddFeed → ShopChanged → the crawler fetches each at once and then hourly), the CSS
 * rules of shops whose pages carry no structured data set in the crawler, and the sites of
 * shops without feeds crawled (ScheduleCrawl on the host: start page, sitemaps, links). Runs
 * after the history import is ingested: a current observation ingested before an offer's past
 * would make offers drop that past as outdated.
 */
export async function handShopsToCrawler(
  clients: PlatformClients,
  actorUserId: string,
  manifest: DemoShopsManifest,
  shopIds: readonly string[],
): Promise<HandOff> {
  const feedsByShop = new Map<string, string[]>();
  let feedsAdded = 0;
  let feedsExisting = 0;
  let crawledShops = 0;
  let rulesSet = 0;
  await mapConcurrently(manifest.shops, 4, async (entry) => {
    const shopId = shopIds[entry.index];
    if (!shopId) return;
    const host = new URL(entry.baseUrl).host;
    if (entry.selectorRules) {
      await clients.crawler.setExtractionRules({
        actorUserId,
        host,
        rules: { ...entry.selectorRules, currency: '', updatedAt: undefined },
      });
      rulesSet += 1;
    }
    const urls: string[] = [];
    for (const feed of entry.feeds) {
      try {
        await clients.offers.addFeed({
          shopId,
          actorUserId,
          url: feed.url,
          format: FORMATS[feed.format],
          country: feed.country,
          currency: feed.currency,
          language: feed.language,
          fetchIntervalMinutes: DEMO_FEED_INTERVAL_MINUTES,
        });
        feedsAdded += 1;
      } catch (error) {
        if (!failedWith(error, GrpcStatus.ALREADY_EXISTS)) throw error;
        feedsExisting += 1;
      }
      urls.push(feed.url);
    }
    feedsByShop.set(shopId, urls);
    if (entry.feeds.length === 0) {
      await clients.crawler.scheduleCrawl({
        actorUserId,
        target: { target: { $case: 'host', value: host } },
        priority: 5,
        reason: 'demo shop without feeds',
        runAt: undefined,
        interval: undefined,
      });
      crawledShops += 1;
    }
  });
  return { feedsByShop, feedsAdded, feedsExisting, crawledShops, rulesSet };
}
