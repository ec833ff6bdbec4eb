import { status as GrpcStatus } from '@grpc/grpc-js';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { CrawlerServiceService } from '@pc/proto/crawler/v1/crawler';
import { CrawlJobStatus, type CrawlJob, type CrawlTarget } from '@pc/proto/crawler/v1/types';
import { config } from '../config.server';
import {
  CRAWL_JOB_STATUSES,
  isOpenCrawlJob,
  statusesOfFilter,
  type CrawlJobStatusName,
} from '../panels/crawler/crawl-job-statuses';
import type { TablePage, TableQuery } from '../tables/table-query';
import { client } from './grpc.server';
import { emptyTablePage, pageRequest, tablePage } from '../tables/table-page';

const crawler = client(CrawlerServiceService, config.CRAWLER_GRPC_ADDR);

const STATUS_ENUM: Readonly<Record<CrawlJobStatusName, CrawlJobStatus>> = {
  queued: CrawlJobStatus.CRAWL_JOB_STATUS_QUEUED,
  running: CrawlJobStatus.CRAWL_JOB_STATUS_RUNNING,
  backing_off: CrawlJobStatus.CRAWL_JOB_STATUS_BACKING_OFF,
  succeeded: CrawlJobStatus.CRAWL_JOB_STATUS_SUCCEEDED,
  failed: CrawlJobStatus.CRAWL_JOB_STATUS_FAILED,
  blocked_by_robots: CrawlJobStatus.CRAWL_JOB_STATUS_BLOCKED_BY_ROBOTS,
  canceled: CrawlJobStatus.CRAWL_JOB_STATUS_CANCELED,
};

/** One crawl job as the crawler panel lists it. */
export interface CrawlJobRow {
  readonly id: string;
  /** page: one URL; site: a host's discovery; feed: a shop's product feed. */
  readonly kind: 'page' | 'site' | 'feed';
  /** The URL, the host or the feed id. */
  readonly target: string;
  /** The host it crawls ('' for a feed: its URL is the crawler's). */
  readonly host: string;
  /** A feed's shop ('' otherwise). */
  readonly shopId: string;
  /** queued, running, backing_off, succeeded, failed, blocked_by_robots, canceled. */
  readonly status: string;
  /** Queued, running or backing off: CancelCrawl stops it. */
  readonly open: boolean;
  readonly priority: number;
  readonly attempts: number;
  readonly reason: string;
  readonly createdAt: string;
  readonly runAt: string;
  readonly startedAt: string;
  readonly finishedAt: string;
  readonly httpStatus: number;
  readonly error: string;
  readonly pagesFetched: number;
  readonly offersObserved: number;
  /** The recurring schedule that made it; '' when none. */
  readonly scheduleId: string;
}

const hostOfUrl = (url: string): string => {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return '';
  }
};

function targetOf(target: CrawlTarget | undefined): Pick<CrawlJobRow, 'kind' | 'target' | 'host' | 'shopId'> {
  const chosen = target?.target;
  if (chosen?.$case === 'url') return { kind: 'page', target: chosen.value, host: hostOfUrl(chosen.value), shopId: '' };
  if (chosen?.$case === 'feed')
    return { kind: 'feed', target: chosen.value.feedId, host: '', shopId: chosen.value.shopId };
  return { kind: 'site', target: chosen?.value ?? '', host: chosen?.value ?? '', shopId: '' };
}

const statusName = (status: CrawlJobStatus): string =>
  CRAWL_JOB_STATUSES.find((name) => STATUS_ENUM[name] === status) ?? 'queued';

const iso = (date: Date | undefined): string => date?.toISOString() ?? '';

const jobRow = (job: CrawlJob): CrawlJobRow => {
  const status = statusName(job.status);
  return {
    id: job.id,
    ...targetOf(job.target),
    status,
    open: isOpenCrawlJob(status),
    priority: job.priority,
    attempts: job.attempts,
    reason: job.reason,
    createdAt: iso(job.createdAt),
    runAt: iso(job.runAt),
    startedAt: iso(job.startedAt),
    finishedAt: iso(job.finishedAt),
    httpStatus: job.httpStatus,
    error: job.error,
    pagesFetched: Number(job.pagesFetched),
    offersObserved: Number(job.offersObserved),
    scheduleId: job.scheduleId,
  };
};

/** The jobs table and the filters the crawler refused (`host`: not a host name). */
export interface CrawlJobTable {
  readonly page: TablePage<CrawlJobRow>;
  readonly refused: readonly string[];
}

/**
 * The crawl jobs, newest first (the crawler's one order), by status (one, or `open`), host and
 * shop; the crawler pages them. A host the crawler does not read as one is refused, over an empty
 * table.
 */
export async function crawlJobTable(actorUserId: string, query: TableQuery): Promise<CrawlJobTable> {
  try {
    const answer = await crawler.listCrawlJobs({
      actorUserId,
      statuses: statusesOfFilter(query.filters.status).map((name) => STATUS_ENUM[name]),
      host: (query.filters.host ?? '').trim().toLowerCase(),
      shopId: (query.filters.shop ?? '').trim(),
      page: pageRequest(query),
    });
    return {
      page: tablePage(answer.jobs.map(jobRow), answer.page, query),
      refused: [],
    };
  } catch (error) {
    if (error instanceof RpcError && error.code === GrpcStatus.INVALID_ARGUMENT) {
      const fields = error.violations.map((violation) => violation.field.split('.')[0] ?? '');
      if (fields.length > 0 && fields.every((field) => field === 'host'))
        return { page: emptyTablePage<CrawlJobRow>(query), refused: ['host'] };
    }
    throw error;
  }
}

/** A host's newest jobs (at most `size`) and how many it has in all. */
export async function jobsOfHost(actorUserId: string, host: string, size: number): Promise<TablePage<CrawlJobRow>> {
  const answer = await crawler.listCrawlJobs({
    actorUserId,
    statuses: [],
    host,
    shopId: '',
    page: pageRequest({ page: 1, size }),
  });
  return tablePage(answer.jobs.map(jobRow), answer.page, { page: 1, size });
}

/** One job (GetCrawlStatus); null when the crawler has none of this id. */
export async function crawlJobById(jobId: string): Promise<CrawlJobRow | null> {
  try {
    const { job } = await crawler.getCrawlStatus({ jobId, target: undefined });
    return job ? jobRow(job) : null;
  } catch (error) {
    if (error instanceof RpcError && [GrpcStatus.NOT_FOUND, GrpcStatus.INVALID_ARGUMENT].includes(error.code))
      return null;
    throw error;
  }
}

/**
 * Cancels a queued or running job (CancelCrawl; the crawler checks staff:crawler and audits it):
 * `finished` when it had finished by then (FAILED_PRECONDITION JOB_FINISHED), nothing changed.
 */
export async function cancelCrawlJob(actorUserId: string, jobId: string): Promise<'canceled' | 'finished'> {
  try {
    await crawler.cancelCrawl({ actorUserId, jobId, scheduleId: '' });
    return 'canceled';
  } catch (error) {
    if (error instanceof RpcError && error.code === GrpcStatus.FAILED_PRECONDITION && error.reason === 'JOB_FINISHED')
      return 'finished';
    throw error;
  }
}
