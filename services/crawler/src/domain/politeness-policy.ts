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
 * than the host's robots.txt Crawl-delay (capped); a host that throttled us lately gets its
 * slowdown on top.
 */
export function effectiveDelayMs(
  settings: PolitenessSettings,
  host: { readonly overrideDelayMs: number; readonly crawlDelaySeconds: number | null; readonly slowdownMs?: number },
): number {
  const base = host.overrideDelayMs > 0 ? host.overrideDelayMs : settings.defaultDelayMs;
  const crawlDelay =
    host.crawlDelaySeconds === null ? 0 : Math.min(host.crawlDelaySeconds * 1000, settings.maxCrawlDelayMs);
  return Math.max(base, Math.round(crawlDelay)) + (host.slowdownMs ?? 0);
}

/** A throttle's slowdown lapses this long after the host's last 429/503. */
export const SLOWDOWN_LAPSES_AFTER_MS = 3_600_000;

/**
 * The slowdown after a 429/503 (RFC 6585 asks clients to slow down, not only to wait): the
 * default delay the first time, doubled on each throttle while the last one is recent, at most
 * the longest Crawl-delay honoured. A shop that wants two seconds between requests gets them
 * after its first 429 instead of a 429 every few requests.
 */
export function slowdownAfterThrottle(
  settings: PolitenessSettings,
  host: { readonly slowdownMs?: number; readonly lastThrottledAt: string | null },
  now: Date,
): number {
  const current = activeSlowdownMs(host, now);
  return Math.min(current > 0 ? current * 2 : settings.defaultDelayMs, settings.maxCrawlDelayMs);
}

/** The slowdown in force now (0 once an hour has passed without a throttle). */
export function activeSlowdownMs(
  host: { readonly slowdownMs?: number; readonly lastThrottledAt: string | null } | null,
  now: Date,
): number {
  if (!host?.slowdownMs || !host.lastThrottledAt) return 0;
  return now.getTime() - Date.parse(host.lastThrottledAt) < SLOWDOWN_LAPSES_AFTER_MS ? host.slowdownMs : 0;
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
