import { Rng } from '@pc/seed/random/prng';
import type { SeedShop } from '@pc/seed/shops/seed-shop';
import type { FeedFormat } from '@pc/product-feeds/read/feed-format';

/** How product data appears on a shop's pages. */
export type Markup = 'json-ld' | 'microdata' | 'opengraph' | 'html';

/** What a shop's robots.txt says (see site/robots-txt.ts). */
export type RobotsStyle = 'open' | 'disallow-paths' | 'crawl-delay' | 'bot-group' | 'missing' | 'server-error';

/** One of the feeds a shop publishes. */
export interface PublishedFeed {
  readonly format: FeedFormat;
  readonly path: string;
  /** CSV only: ";" with decimal commas (continental spreadsheets) or ",". */
  readonly delimiter: ',' | ';' | '\t';
}

/**
 * A shop's site and its habits, drawn from the seed (so the same seed gives the same sites): the
 * markup of its product pages, its robots.txt, sitemaps, feeds, and how it misbehaves.
 */
export interface SiteProfile {
  readonly markup: Markup;
  /** Which class names the page template uses (visible-HTML shops need per-shop selectors). */
  readonly template: 0 | 1 | 2;
  /** Some JSON-LD pages are broken (trailing commas, comments, raw control characters). */
  readonly brokenJsonLd: boolean;
  /** Some JSON-LD pages list two offers with different prices. */
  readonly conflictingPrices: boolean;
  readonly robots: RobotsStyle;
  /** robots.txt Crawl-delay in seconds (0: none). */
  readonly crawlDelaySeconds: number;
  readonly sitemap: boolean;
  readonly feeds: readonly PublishedFeed[];
  /** Extra time before product pages answer, ms (0: prompt). */
  readonly slowMs: number;
  /** The shop answers 429 with Retry-After to requests closer than this (ms; 0: never). */
  readonly minIntervalMs: number;
  /** The shop answers 503 in bursts: `burstSeconds` out of every `burstEverySeconds` (0: never). */
  readonly burstSeconds: number;
  readonly burstEverySeconds: number;
  /** Category pages link products through /item/{id}, which redirects (301) to the product page. */
  readonly redirects: boolean;
  /** /deals redirects to itself through /deals/today: a loop a crawler must give up on. */
  readonly redirectLoop: boolean;
  /** Delisted products answer 410 Gone (else 404). */
  readonly gone410: boolean;
  /** Prices move every 15 minutes (fast movers) instead of every 6 hours. */
  readonly fastMover: boolean;
  /** Whole-franc prices written "Fr. 49.–" (Swiss shops with visible prices only). */
  readonly swissDash: boolean;
}

export function siteProfileOf(seed: string, shop: SeedShop): SiteProfile {
  const rng = Rng.derive(seed, 'demo-site', shop.index);
  const markup = rng.weighted<Markup>([
    ['json-ld', 0.45],
    ['microdata', 0.2],
    ['opengraph', 0.1],
    ['html', 0.25],
  ]);
  const robots = rng.weighted<RobotsStyle>([
    ['open', 0.35],
    ['disallow-paths', 0.3],
    ['crawl-delay', 0.15],
    ['bot-group', 0.12],
    ['missing', 0.05],
    ['server-error', 0.03],
  ]);
  const continental = shop.country !== 'GB' && shop.country !== 'CH';
  const feeds: PublishedFeed[] = [];
  if (rng.chance(0.55)) feeds.push({ format: 'google-merchant-xml', path: '/feeds/google.xml', delimiter: ',' });
  if (rng.chance(0.35))
    feeds.push(
      continental && rng.chance(0.7)
        ? { format: 'csv', path: '/feeds/products.csv', delimiter: ';' }
        : { format: 'csv', path: '/feeds/products.csv', delimiter: ',' },
    );
  if (rng.chance(0.15)) feeds.push({ format: 'tsv', path: '/feeds/products.tsv', delimiter: '\t' });
  if ((shop.country === 'DE' || shop.country === 'AT') && rng.chance(0.5))
    feeds.push({ format: 'idealo-csv', path: '/feeds/idealo.csv', delimiter: ';' });
  return {
    markup,
    template: rng.int(0, 2) as 0 | 1 | 2,
    brokenJsonLd: markup === 'json-ld' && rng.chance(0.3),
    conflictingPrices: markup === 'json-ld' && rng.chance(0.3),
    robots,
    crawlDelaySeconds: robots === 'crawl-delay' ? rng.int(2, 5) : 0,
    sitemap: rng.chance(0.85),
    feeds,
    slowMs: rng.chance(0.15) ? rng.int(300, 1500) : 0,
    minIntervalMs: rng.chance(0.1) ? 2000 : 0,
    burstSeconds: rng.chance(0.1) ? 60 : 0,
    burstEverySeconds: 900,
    redirects: rng.chance(0.2),
    redirectLoop: rng.chance(0.1),
    gone410: rng.chance(0.5),
    fastMover: shop.repricing >= 0.1 || rng.chance(0.1),
    swissDash: shop.country === 'CH' && markup === 'html' && rng.chance(0.5),
  };
}
