import { ConflictError, AlreadyExistsError } from '@pc/kit/errors/domain-errors';
import { crawlUrlOf, hostKeyOf, urlIdOf } from '../domain/crawl-url.js';
import { newUrlRecord } from '../domain/new-url.js';
import type { UrlKind } from '../domain/records.js';
import type { UrlRepository } from '../store/url-repository.js';

export interface DiscoverySettings {
  /** Links followed from a page at most. */
  readonly maxLinksPerPage: number;
  /** URLs kept per host at most (a shop's catalogue, not an endless calendar). */
  readonly maxUrlsPerHost: number;
  /** Links followed from the start page at most this deep. */
  readonly maxDepth: number;
}

export const DEFAULT_DISCOVERY: DiscoverySettings = { maxLinksPerPage: 500, maxUrlsPerHost: 100_000, maxDepth: 6 };

/** Files no product page is made of. */
const NOT_PAGES = /\.(?:jpe?g|png|gif|webp|svg|ico|css|js|mjs|pdf|zip|gz|mp4|mp3|woff2?|ttf|json)$/i;

/**
 * Adds the URLs a page or sitemap links to, on the same host, that the frontier does not know
 * yet; each due at once. Returns how many were new.
 */
export async function discoverUrls(
  urls: UrlRepository,
  settings: DiscoverySettings,
  from: {
    readonly host: string;
    readonly shopId: string;
    readonly depth: number;
    readonly intervalMs: number;
    readonly now: Date;
  },
  links: readonly { readonly href: string; readonly kind: UrlKind }[],
): Promise<number> {
  if (from.depth + 1 > settings.maxDepth) return 0;
  const candidates = new Map<string, { url: URL; kind: UrlKind }>();
  for (const link of links) {
    if (candidates.size >= settings.maxLinksPerPage) break;
    const url = crawlUrlOf(link.href);
    if (!url || hostKeyOf(url) !== from.host || NOT_PAGES.test(url.pathname)) continue;
    candidates.set(urlIdOf(url.href), { url, kind: link.kind });
  }
  if (candidates.size === 0) return 0;
  const known = new Set((await urls.getMany([...candidates.keys()])).map((record) => record._id));
  const fresh = [...candidates.entries()].filter(([id]) => !known.has(id));
  const room = settings.maxUrlsPerHost - (await urls.countOfHost(from.host));
  // Submitted together, the inserts share the store's commits (a sitemap names a thousand URLs).
  const inserted = await Promise.all(
    fresh.slice(0, Math.max(0, room)).map(async ([, { url, kind }]) => {
      try {
        await urls.put(
          newUrlRecord(url, {
            kind,
            depth: from.depth + 1,
            shopId: from.shopId,
            intervalMs: from.intervalMs,
            now: from.now,
          }),
          { expectedVersion: 0 },
        );
        return 1;
      } catch (error) {
        // Another replica added it meanwhile.
        if (!(error instanceof ConflictError) && !(error instanceof AlreadyExistsError)) throw error;
        return 0;
      }
    }),
  );
  return inserted.reduce<number>((sum, one) => sum + one, 0);
}
