import { status as GrpcStatus } from '@grpc/grpc-js';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { CrawlerServiceService } from '@pc/proto/crawler/v1/crawler';
import { HostStatus, type Host, type RobotsInfo } from '@pc/proto/crawler/v1/types';
import { config } from '../config.server';
import { HOST_STATUSES, type HostStatusName } from '../panels/crawler/host-statuses';
import type { TablePage, TableQuery } from '../tables/table-query';
import { client } from './grpc.server';
import { pageRequest, tablePage } from '../tables/table-page';

const crawler = client(CrawlerServiceService, config.CRAWLER_GRPC_ADDR);
// GetRobots and CheckUrl fetch robots.txt first when the crawler holds none fresh (politely, in the host's turn).
const robotsReading = client(
  CrawlerServiceService,
  config.CRAWLER_GRPC_ADDR,
  Math.max(config.SERVICE_DEADLINE_MS, 15_000),
);

const STATUS_ENUM: Readonly<Record<HostStatusName, HostStatus>> = {
  active: HostStatus.HOST_STATUS_ACTIVE,
  paused: HostStatus.HOST_STATUS_PAUSED,
  backing_off: HostStatus.HOST_STATUS_BACKING_OFF,
  disallowed: HostStatus.HOST_STATUS_DISALLOWED,
};

/** A crawled host as the crawler panel lists it. */
export interface HostRow {
  readonly host: string;
  readonly status: string;
  readonly delayMs: number;
  readonly consecutiveErrors: number;
  readonly lastError: string;
  readonly urlsKnown: number;
  readonly urlsDue: number;
  readonly pagesFetched24h: number;
  readonly lastFetchedAt: string;
  readonly robotsStatus: number;
}

const hostRow = (host: Host): HostRow => ({
  host: host.host,
  status: HOST_STATUSES.find((name) => STATUS_ENUM[name] === host.status) ?? 'active',
  delayMs: Number(host.effectiveDelayMs),
  consecutiveErrors: host.consecutiveErrors,
  lastError: host.lastErrors[0]?.error ?? '',
  urlsKnown: Number(host.urlsKnown),
  urlsDue: Number(host.urlsDue),
  pagesFetched24h: Number(host.pagesFetched24h),
  lastFetchedAt: host.lastFetchedAt?.toISOString() ?? '',
  robotsStatus: host.robotsHttpStatus,
});

/** The host table: a host-name substring and a status, paged by the crawler (its own order). */
export async function hostTable(actorUserId: string, query: TableQuery): Promise<TablePage<HostRow>> {
  const status = HOST_STATUSES.find((name) => name === query.filters.status);
  const answer = await crawler.listHosts({
    actorUserId,
    query: (query.filters.q ?? '').trim().toLowerCase(),
    statuses: status ? [STATUS_ENUM[status]] : [],
    page: pageRequest(query),
  });
  return tablePage(answer.hosts.map(hostRow), answer.page, query);
}

/** One host (null when the crawler does not know it). */
export async function hostByName(actorUserId: string, host: string): Promise<HostRow | null> {
  const answer = await crawler.listHosts({
    actorUserId,
    query: host,
    statuses: [],
    page: { page: 1, hitsPerPage: 100 },
  });
  const found = answer.hosts.find((candidate) => candidate.host === host);
  return found ? hostRow(found) : null;
}

/** Pauses or resumes a host; the crawler checks staff:crawler. */
export async function setHostPaused(actorUserId: string, host: string, paused: boolean): Promise<void> {
  await crawler.updateHost({ actorUserId, host, paused, clearBackoff: false });
}

/** One host as its page shows it: the table's facts and the rest of what the crawler holds of it. */
export interface HostDetail extends HostRow {
  /** The shop it belongs to; '' when none is known. */
  readonly shopId: string;
  /** Staff's override of the delay; 0 for none. */
  readonly overrideDelayMs: number;
  readonly maxConcurrency: number;
  readonly backoffUntil: string;
  readonly lastThrottledAt: string;
  readonly robotsFetchedAt: string;
  /** The most recent failed fetches, newest first. */
  readonly recentErrors: readonly { at: string; url: string; error: string; httpStatus: number }[];
}

const NOT_A_HOST = [GrpcStatus.NOT_FOUND, GrpcStatus.INVALID_ARGUMENT];

/** One host (GetHost); null when the crawler does not know it, or it is no host name. */
export async function hostDetail(host: string): Promise<HostDetail | null> {
  try {
    const { host: found } = await crawler.getHost({ host });
    if (!found) return null;
    return {
      ...hostRow(found),
      shopId: found.shopId,
      overrideDelayMs: Number(found.overrideDelayMs),
      maxConcurrency: found.maxConcurrency,
      backoffUntil: found.backoffUntil?.toISOString() ?? '',
      lastThrottledAt: found.lastThrottledAt?.toISOString() ?? '',
      robotsFetchedAt: found.robotsFetchedAt?.toISOString() ?? '',
      recentErrors: found.lastErrors.map((error) => ({
        at: error.at?.toISOString() ?? '',
        url: error.url,
        error: error.error,
        httpStatus: error.httpStatus,
      })),
    };
  } catch (error) {
    if (error instanceof RpcError && NOT_A_HOST.includes(error.code)) return null;
    throw error;
  }
}

/** A host's robots.txt as the crawler holds it (RobotsInfo). */
export interface RobotsView {
  readonly httpStatus: number;
  readonly body: string;
  readonly fetchedAt: string;
  readonly expiresAt: string;
  /** The user agent token the crawler matches groups with. */
  readonly userAgent: string;
  /** For the crawler's group; 0 when none. */
  readonly crawlDelaySeconds: number;
  readonly sitemaps: readonly string[];
}

const robotsView = (robots: RobotsInfo): RobotsView => ({
  httpStatus: robots.httpStatus,
  body: robots.body,
  fetchedAt: robots.fetchedAt?.toISOString() ?? '',
  expiresAt: robots.expiresAt?.toISOString() ?? '',
  userAgent: robots.userAgent,
  crawlDelaySeconds: robots.crawlDelaySeconds,
  sitemaps: robots.sitemaps,
});

/** GetRobots's answer, or why there is none now (nothing cached and the fetch failed, or the host busy). */
export type RobotsAnswer =
  { readonly ok: true; readonly robots: RobotsView } | { readonly ok: false; readonly reason: string };

const unavailable = (error: unknown): string | null =>
  error instanceof RpcError && [GrpcStatus.UNAVAILABLE, GrpcStatus.DEADLINE_EXCEEDED].includes(error.code)
    ? error.details
    : null;

/** A host's robots.txt: the cached one while fresh, else fetched by the crawler; `refresh` fetches it again now. */
export async function hostRobots(host: string, refresh: boolean): Promise<RobotsAnswer> {
  try {
    const { robots } = await robotsReading.getRobots({ host, refresh });
    return robots ? { ok: true, robots: robotsView(robots) } : { ok: false, reason: '' };
  } catch (error) {
    const reason = unavailable(error);
    if (reason !== null) return { ok: false, reason };
    throw error;
  }
}

/** CheckUrl's verdict for the crawler's user agent, or why there is none. */
export type UrlCheck =
  | {
      readonly kind: 'verdict';
      readonly allowed: boolean;
      /** The deciding rule, e.g. "Disallow: /cart"; '' when none matched. */
      readonly rule: string;
      /** Its line in robots.txt; 0 when none. */
      readonly line: number;
      /** The user agent group that applied, e.g. "*". */
      readonly group: string;
    }
  /** The crawler refused the URL (not http(s)). */
  | { readonly kind: 'invalid'; readonly reason: string }
  /** robots.txt not obtainable now. */
  | { readonly kind: 'unavailable'; readonly reason: string };

/** Whether robots.txt lets the crawler fetch a URL, and the rule that decided (CheckUrl). */
export async function checkUrlAgainstRobots(url: string): Promise<UrlCheck> {
  try {
    const answer = await robotsReading.checkUrl({ url, userAgent: '' });
    return {
      kind: 'verdict',
      allowed: answer.allowed,
      rule: answer.matchedRule,
      line: answer.matchedLine,
      group: answer.matchedGroup,
    };
  } catch (error) {
    if (error instanceof RpcError && error.code === GrpcStatus.INVALID_ARGUMENT)
      return { kind: 'invalid', reason: error.violations[0]?.reason ?? error.details };
    const reason = unavailable(error);
    if (reason !== null) return { kind: 'unavailable', reason };
    throw error;
  }
}

/**
 * Where a host's pages are (`https://host`, or `http://host:port`): the origin of a URL the crawler
 * knows of it, else https.
 */
export async function originOfHost(actorUserId: string, host: string): Promise<string> {
  const { urls } = await crawler.listUrls({
    actorUserId,
    host,
    statuses: [],
    query: '',
    page: { page: 1, hitsPerPage: 1 },
  });
  try {
    if (urls[0]) return new URL(urls[0].url).origin;
  } catch {
    // An unreadable URL: the default below.
  }
  return `https://${host}`;
}
