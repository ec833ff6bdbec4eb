import type { Language } from '../../i18n/languages';
import { formatVisitInterval } from './visit-rate';

/**
 * How often a crawl staff start repeats, in seconds: once (0: a job, no schedule), or an interval
 * of at least the crawler's 15 minutes (a schedule).
 */
export const CRAWL_INTERVALS = {
  once: 0,
  '1h': 3_600,
  '6h': 21_600,
  '12h': 43_200,
  '1d': 86_400,
  '7d': 604_800,
} as const;
export type CrawlIntervalName = keyof typeof CRAWL_INTERVALS;
export const CRAWL_INTERVAL_NAMES = Object.keys(CRAWL_INTERVALS) as [CrawlIntervalName, ...CrawlIntervalName[]];

/** Start URLs one form schedules at most. */
export const MAX_START_URLS = 10;
/** The longest URL the crawler keeps. */
const MAX_URL_LENGTH = 2_048;

/** Shop statuses whose sites the crawler crawls (its ShopDirectory's: listed, or about to be). */
export const CRAWLED_SHOP_STATUSES: readonly string[] = ['active', 'pending_activation'];

/**
 * Where a crawl starts: a site's root ("https://shop.ch/") crawls the whole site — its start page,
 * its sitemaps and their links (the crawler's host target) —; any other page crawls that page,
 * and the links of it when it lists products (a URL target).
 */
export interface CrawlStart {
  readonly kind: 'site' | 'page';
  readonly url: string;
  /** The crawler's host key: the name and a non-default port, lower case. */
  readonly host: string;
}

/** The non-empty lines of a text area, trimmed. */
export const startLines = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/** An absolute http(s) URL as the crawler takes one (no user or password, at most 2,048 characters, no fragment), or null. */
export function startUrlOf(text: string): URL | null {
  if (text.length > MAX_URL_LENGTH) return null;
  try {
    const url = new URL(text);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.username || url.password || url.hostname === '') return null;
    url.hash = '';
    return url.href.length > MAX_URL_LENGTH ? null : url;
  } catch {
    return null;
  }
}

export const crawlStartOf = (url: URL): CrawlStart => ({
  kind: url.pathname === '/' && url.search === '' ? 'site' : 'page',
  url: url.href,
  host: url.host.toLowerCase(),
});

/**
 * The hosts the crawler files under a shop, as its ShopDirectory reads ShopChanged: its
 * homepage's host, its domain and the domain's www. A page on another host is observed for no shop.
 */
export function shopHostsOf(domain: string, homepageUrl: string): string[] {
  const hosts = new Set<string>();
  const homepage = startUrlOf(homepageUrl);
  if (homepage) hosts.add(homepage.host.toLowerCase());
  const bare = domain.trim().toLowerCase();
  if (bare && !/[/?#@\s]/.test(bare)) {
    try {
      const host = new URL(`http://${bare}`).host;
      hosts.add(host);
      if (!host.startsWith('www.') && !/^[\d.:[\]]+$/.test(host)) hosts.add(`www.${host}`);
    } catch {
      // Not a host: the homepage's alone.
    }
  }
  return [...hosts];
}

/** A schedule's interval: "45 min", "6 hr", whole days as days ("1 day", "7 days"). */
export function formatCrawlInterval(seconds: number, language: Language): string {
  if (seconds >= 86_400 && seconds % 86_400 === 0)
    return new Intl.NumberFormat(language, { style: 'unit', unit: 'day', unitDisplay: 'long' }).format(
      seconds / 86_400,
    );
  return formatVisitInterval(seconds, language);
}
