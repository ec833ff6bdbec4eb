/** The crawler's politeness settings (CRAWLER_* variables). */
export interface PolitenessSettings {
  /** Between two requests to one host unless staff or robots.txt say otherwise (1 s: ≤ 1 req/s). */
  readonly defaultDelayMs: number;
  /** The largest robots.txt Crawl-delay honoured; a longer one would all but stop crawling a shop. */
  readonly maxCrawlDelayMs: number;
  /** A 429/503 without Retry-After slows the host down this long. */
  readonly throttleDelayMs: number;
  /** The longest Retry-After honoured. */
  readonly maxRetryAfterMs: number;
  /** First backoff after a failed request; doubled per further failure in a row. */
  readonly errorBackoffMs: number;
  readonly maxErrorBackoffMs: number;
}

export const DEFAULT_POLITENESS: PolitenessSettings = {
  defaultDelayMs: 1_000,
  maxCrawlDelayMs: 30_000,
  throttleDelayMs: 60_000,
  maxRetryAfterMs: 3_600_000,
  errorBackoffMs: 5_000,
  maxErrorBackoffMs: 3_600_000,
};

/**
 * The delay between two requests to a host: staff's override (or the default), but never less
 * than the host's robots.txt Crawl-delay (capped).
 */
export function effectiveDelayMs(settings: PolitenessSettings, host: { readonly overrideDelayMs: number; readonly crawlDelaySeconds: number | null }): number {
  const base = host.overrideDelayMs > 0 ? host.overrideDelayMs : settings.defaultDelayMs;
  const crawlDelay = host.crawlDelaySeconds === null ? 0 : Math.min(host.crawlDelaySeconds * 1000, settings.maxCrawlDelayMs);
  return Math.max(base, Math.round(crawlDelay));
}

/**
 * How long a 429/503 asks us to wait: Retry-After in seconds or as an HTTP date (RFC 9110
 * §10.2.3), capped; the throttle delay when absent or unreadable.
 */
export function retryAfterMs(settings: PolitenessSettings, header: string | undefined, now: Date): number {
  const value = header?.trim() ?? '';
  let wait = settings.throttleDelayMs;
  if (/^\d+$/.test(value)) wait = Number(value) * 1000;
  else if (value !== '' && !Number.isNaN(Date.parse(value))) wait = Date.parse(value) - now.getTime();
  return Math.min(Math.max(wait, settings.defaultDelayMs), settings.maxRetryAfterMs);
}

/** Exponential backoff after `failures` failed requests in a row (1 → the base). */
export function errorBackoffMs(settings: PolitenessSettings, failures: number): number {
  if (failures <= 0) return 0;
  return Math.min(settings.errorBackoffMs * 2 ** Math.min(failures - 1, 30), settings.maxErrorBackoffMs);
}
