import { z } from 'zod';
import { flag, grpcAddress, positiveInt } from '@pc/kit/config/env-types';
import { serviceConfigSchema } from '@pc/kit/config/service-config';
import { FetchPolicyError, parseFetchPolicy } from '@pc/safe-fetch/fetch-policy';

const UNIT_MS = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** A duration such as `500ms`, `30s`, `1h`, read as milliseconds; `fallback` when unset. */
const duration = (fallback: string) =>
  z
    .string()
    .regex(/^\d+(ms|s|m|h|d)$/, 'must be a whole number with a unit ms, s, m, h or d, e.g. "1h"')
    .prefault(fallback)
    .transform((value) => {
      const [, amount, unit] = /^(\d+)(ms|s|m|h|d)$/.exec(value)!;
      return Number(amount) * UNIT_MS[unit as keyof typeof UNIT_MS];
    });

/** The crawler's environment: the common variables, its peers, politeness, schedules and the fetch guard. */
export const crawlerConfigSchema = serviceConfigSchema({
  /** accounts, for the admin role of actors (local profile: 50054). */
  ACCOUNTS_GRPC_ADDR: grpcAddress.default('127.0.0.1:50054'),
  /** Sent with every request. Its product token (before "/") is what robots.txt groups name. */
  CRAWLER_USER_AGENT: z
    .string()
    .regex(/^[A-Za-z_-]+\/\S+( .*)?$/, 'must start with a product token such as "PriceCompareBot/1.0"')
    .default('PriceCompareBot/1.0 (+https://pricecompare.example/bot)'),
  /** Fetch pages at all (off: RPCs and robots checks only). */
  CRAWLER_ENABLED: flag.default(true),
  /** Learn shops' homepages from ShopChanged and crawl them (local demo shops); off: hosts come from staff. */
  CRAWLER_DISCOVER_SHOPS: flag.default(false),
  /** Visits in progress at once in this process (most wait for their host's turn). */
  CRAWLER_CONCURRENCY: z.coerce.number().int().min(1).max(2_000).default(256),
  /** Between two requests to one host (≤ 1 req/s), unless staff or robots.txt say otherwise. */
  CRAWLER_DEFAULT_DELAY: duration('1s'),
  /** The longest robots.txt Crawl-delay honoured. */
  CRAWLER_MAX_CRAWL_DELAY: duration('30s'),
  /** Added to every host's delay so a request never arrives early (the cache's clock is not the shop's). */
  CRAWLER_POLITENESS_MARGIN: duration('25ms'),
  /** Product pages are visited at most this often, static pages this rarely; new product pages start between. */
  CRAWLER_MIN_INTERVAL: duration('1h'),
  CRAWLER_MAX_INTERVAL: duration('24h'),
  CRAWLER_INITIAL_INTERVAL: duration('6h'),
  /** Category pages, start pages and sitemaps. */
  CRAWLER_LISTING_INTERVAL: duration('12h'),
  /** A page whose prices were seen changing at least this often (on average) is a fast mover (ADR 069). */
  CRAWLER_FAST_MOVER_CHANGES: duration('2h'),
  /**
   * Fast movers are visited this often and go first in their host's queue: a change is seen within
   * it, and searchable ~1 s later (40 s keeps the p95 from the shop to the site under a minute).
   */
  CRAWLER_FAST_MOVER_INTERVAL: duration('40s'),
  /** Largest page read; a larger one fails the visit. */
  CRAWLER_PAGE_MAX_BYTES: positiveInt.default(5 * 1024 * 1024),
  /** A page's whole exchange (connect, redirects, body). */
  CRAWLER_FETCH_TIMEOUT: duration('30s'),
  CRAWLER_MAX_URLS_PER_HOST: positiveInt.default(100_000),
  /** How often the dispatcher looks for due URLs (and the feed runner for due feeds). */
  CRAWLER_TICK: duration('100ms'),
  /** Largest feed read; a larger one ends its fetch with `limit:size` (items read until then stand). */
  CRAWLER_FEED_MAX_BYTES: positiveInt.default(512 * 1024 * 1024),
  /** A feed's whole download, connect to last byte. */
  CRAWLER_FEED_TIMEOUT: duration('15m'),
  /** Feeds fetched at once by this process. */
  CRAWLER_FEED_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /** Google taxonomy files for checking feeds' google_product_category; unset: found as catalog finds them, else form only. */
  GOOGLE_TAXONOMY_DIR: z.string().optional(),
  /** The fetch guard's exceptions (none by default; the local profile allows its demo shops). */
  FETCH_ALLOW_PORTS: z.string().default(''),
  FETCH_ALLOW_PRIVATE: z.string().default(''),
}).superRefine((env, ctx) => {
  try {
    parseFetchPolicy(env);
  } catch (error) {
    if (!(error instanceof FetchPolicyError)) throw error;
    ctx.addIssue({ code: 'custom', path: [error.variable], message: error.message.replace(/^\w+: /, '') });
  }
});

export type CrawlerConfig = z.infer<typeof crawlerConfigSchema>;
