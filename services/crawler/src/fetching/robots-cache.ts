import { FetchLimitError, FetchRefusedError, fetchErrorLabel } from '@pc/safe-fetch/errors';
import type { SafeFetcher } from '@pc/safe-fetch/safe-fetcher';
import type { RobotsRecord } from '../domain/records.js';
import { ROBOTS_MAX_AGE_MS, ROBOTS_MAX_BYTES, ROBOTS_MAX_REDIRECTS } from '../robots/robots-limits.js';
import { parseRobotsTxt, type RobotsTxt } from '../robots/robots-txt.js';
import type { SimpleRepository } from '../store/simple-repository.js';

/** How a host's robots.txt rules its URLs (RFC 9309 §2.3.1). */
export type RobotsRule =
  /** 2xx: the file's rules. */
  | { readonly kind: 'rules'; readonly robots: RobotsTxt }
  /** 4xx: no restrictions. */
  | { readonly kind: 'allow-all' }
  /** 5xx, 429, unreachable, refused: nothing may be fetched until it answers. */
  | { readonly kind: 'disallow-all'; readonly reason: string };

const EMPTY: RobotsTxt = { groups: [], sitemaps: [] };

export interface RobotsCacheOptions {
  readonly userAgent: string;
  /** How long a fetched robots.txt is used (at most 24 h, RFC 9309 §2.4). */
  readonly maxAgeMs: number;
  /** After a failed fetch, the first wait before trying again; doubled per failure, at most maxAgeMs. */
  readonly retryAfterFailureMs: number;
  readonly timeoutMs: number;
}

/**
 * robots.txt per host, fetched through the SSRF guard and kept in the store (shared by replicas)
 * for at most 24 hours. Fetching is the caller's turn at the host: it holds the host's lease and
 * has waited for its request window, so a robots.txt request is as polite as a page request.
 */
export class RobotsCache {
  private readonly parsed = new Map<string, { readonly fetchedAt: string; readonly robots: RobotsTxt }>();

  constructor(
    private readonly store: SimpleRepository<RobotsRecord>,
    private readonly fetcher: SafeFetcher,
    private readonly options: RobotsCacheOptions,
  ) {}

  /** The stored record when it is still fresh, else null (the caller then fetches). */
  async fresh(host: string, now: Date): Promise<RobotsRecord | null> {
    const record = await this.store.get(host);
    return record && Date.parse(record.expiresAt) > now.getTime() ? record : null;
  }

  stored(host: string): Promise<RobotsRecord | null> {
    return this.store.get(host);
  }

  /** Fetches and stores the host's robots.txt now (the caller holds its turn and may pace its redirects). */
  async fetch(
    origin: string,
    host: string,
    now: () => Date,
    beforeRedirect?: (from: URL, to: URL) => Promise<boolean>,
  ): Promise<RobotsRecord> {
    const previous = await this.store.get(host);
    const started = now();
    let record: RobotsRecord;
    try {
      const response = await this.fetcher.fetch(`${origin}/robots.txt`, {
        headers: { accept: 'text/plain,*/*;q=0.5' },
        maxBytes: ROBOTS_MAX_BYTES,
        overflow: 'truncate',
        maxRedirects: ROBOTS_MAX_REDIRECTS,
        timeoutMs: this.options.timeoutMs,
        beforeRedirect,
      });
      const body = response.status >= 200 && response.status < 300 ? await response.buffer() : Buffer.alloc(0);
      if (body.length === 0) response.body.destroy();
      const failed = response.status >= 500 || response.status === 429;
      record = this.record(
        host,
        started,
        response.status,
        body.toString('utf8'),
        response.truncated,
        failed ? `http ${response.status}` : '',
        failed ? (previous?.failures ?? 0) + 1 : 0,
      );
    } catch (error) {
      if (error instanceof FetchLimitError && (error.limit === 'redirects' || error.limit === 'redirect_loop')) {
        // RFC 9309 §2.3.1.2: no robots.txt within five redirects means it is unavailable (allow all).
        return this.store.put(this.record(host, started, 0, '', false, '', 0));
      }
      const label =
        error instanceof FetchRefusedError ? `${fetchErrorLabel(error)}: ${error.message}` : fetchErrorLabel(error);
      record = this.record(host, started, 0, '', false, label, (previous?.failures ?? 0) + 1);
    }
    return this.store.put(record);
  }

  /** How the stored robots.txt rules the host (parsed once per fetch). */
  ruleOf(record: RobotsRecord): RobotsRule {
    if (record.error !== '') return { kind: 'disallow-all', reason: record.error };
    // 4xx, or no file within five redirects: unavailable, so no restrictions.
    if (record.httpStatus < 200 || record.httpStatus >= 300) return { kind: 'allow-all' };
    const cached = this.parsed.get(record._id);
    if (cached?.fetchedAt === record.fetchedAt) return { kind: 'rules', robots: cached.robots };
    const robots = record.body === '' ? EMPTY : parseRobotsTxt(Buffer.from(record.body, 'utf8'));
    this.parsed.set(record._id, { fetchedAt: record.fetchedAt, robots });
    return { kind: 'rules', robots };
  }

  private record(
    host: string,
    at: Date,
    httpStatus: number,
    body: string,
    truncated: boolean,
    error: string,
    failures: number,
  ): RobotsRecord {
    // A failed fetch is retried sooner than a good file expires, later after each failure.
    const ttl =
      error === ''
        ? this.options.maxAgeMs
        : Math.min(this.options.retryAfterFailureMs * 2 ** Math.min(failures - 1, 20), this.options.maxAgeMs);
    return {
      _id: host,
      httpStatus,
      body,
      truncated,
      fetchedAt: at.toISOString(),
      expiresAt: new Date(at.getTime() + ttl).toISOString(),
      error,
      failures,
    };
  }
}

export const DEFAULT_ROBOTS_CACHE: Omit<RobotsCacheOptions, 'userAgent'> = {
  maxAgeMs: ROBOTS_MAX_AGE_MS,
  retryAfterFailureMs: 60_000,
  timeoutMs: 30_000,
};
