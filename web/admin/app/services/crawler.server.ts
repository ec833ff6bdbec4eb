import { CrawlerServiceService } from '@pc/proto/crawler/v1/crawler';
import { HostStatus, type Host } from '@pc/proto/crawler/v1/types';
import { config } from '../config.server';
import { HOST_STATUSES, type HostStatusName } from '../panels/crawler/host-statuses';
import type { TablePage, TableQuery } from '../tables/table-query';
import { client } from './grpc.server';

const crawler = client(CrawlerServiceService, config.CRAWLER_GRPC_ADDR);

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
    page: { page: query.page, hitsPerPage: query.size },
  });
  return {
    rows: answer.hosts.map(hostRow),
    page: answer.page?.page ?? query.page,
    size: query.size,
    total: answer.page?.total ?? 0,
    pages: answer.page?.pages ?? 0,
  };
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
