import { status as GrpcStatus } from '@grpc/grpc-js';
import { JobsServiceService, type Job } from '@pc/proto/staff/v1/jobs';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { JOB_SORTS, JOB_STATES } from '../panels/infrastructure/jobs';
import type { TablePage, TableQuery } from '../tables/table-query';
import { SERVICE_ADDRESSES, SERVICE_NAMES, type ServiceName } from './addresses.server';
import { client } from './grpc.server';

/** JobsService answers at most this many jobs per call. */
const MAX_PER_CALL = 100;

export interface JobRow {
  readonly id: string;
  readonly service: string;
  readonly kind: string;
  readonly state: string;
  readonly attempts: number;
  readonly maxAttempts: number;
  readonly createdAt: string;
  readonly runAt: string;
  readonly startedAt: string;
  readonly finishedAt: string;
  readonly durationMs: number;
  readonly error: string;
  readonly requestedBy: string;
  readonly cancelRequested: boolean;
}

export interface JobDetail extends JobRow {
  readonly payloadJson: string;
  readonly resultJson: string;
  readonly logLines: readonly string[];
}

const iso = (date: Date | undefined): string => date?.toISOString() ?? '';

function jobRow(job: Job): JobRow {
  return {
    id: job.id,
    service: job.service,
    kind: job.kind,
    state: job.state,
    attempts: job.attempts,
    maxAttempts: job.maxAttempts,
    createdAt: iso(job.createdAt),
    runAt: iso(job.runAt),
    startedAt: iso(job.startedAt),
    finishedAt: iso(job.finishedAt),
    durationMs: Number(job.durationMs),
    error: job.error,
    requestedBy: job.requestedBy,
    cancelRequested: job.cancelRequested,
  };
}

const jobs = (service: ServiceName) => client(JobsServiceService, SERVICE_ADDRESSES[service]);

export const isJobService = (value: string): value is ServiceName => (SERVICE_NAMES as string[]).includes(value);

/** A service that serves no JobsService runs no jobs: it is left out, not an error. */
const runsNoJobs = (error: unknown) => error instanceof RpcError && error.code === GrpcStatus.UNIMPLEMENTED;

const sortValue: Record<(typeof JOB_SORTS)[number], (row: JobRow) => string | number> = {
  created_at: (row) => row.createdAt,
  run_at: (row) => row.runAt,
  duration: (row) => row.durationMs,
  kind: (row) => row.kind,
};

/**
 * One page of the jobs of every service that runs jobs (or of one), filtered by state and kind
 * and sorted by the services: page n takes each service's first n pages in that order and merges
 * them (ADR 055). `unreachable` names the services that did not answer.
 */
export async function jobTable(
  actorUserId: string,
  query: TableQuery,
): Promise<TablePage<JobRow> & { kinds: string[]; unreachable: string[] }> {
  const sort = (JOB_SORTS as readonly string[]).includes(query.sort)
    ? (query.sort as (typeof JOB_SORTS)[number])
    : 'created_at';
  const wanted = query.filters.service && isJobService(query.filters.service) ? [query.filters.service] : SERVICE_NAMES;
  const state = (JOB_STATES as readonly string[]).includes(query.filters.state ?? '') ? query.filters.state! : '';
  const kind = (query.filters.kind ?? '').trim();
  const needed = query.page * query.size;
  const unreachable: string[] = [];
  const answers = await Promise.all(
    wanted.map(async (service) => {
      const rows: JobRow[] = [];
      let total = 0;
      let kinds: string[] = [];
      try {
        for (let page = 1; rows.length < needed; page += 1) {
          const answer = await jobs(service).listJobs({
            actorUserId,
            state,
            kind,
            sort: `${query.dir === 'desc' ? '-' : ''}${sort}`,
            page: { page, hitsPerPage: Math.min(MAX_PER_CALL, needed) },
          });
          rows.push(...answer.jobs.map(jobRow));
          total = Number(answer.page?.total ?? 0);
          kinds = answer.kinds;
          if (answer.jobs.length === 0 || page >= (answer.page?.pages ?? 0)) break;
        }
      } catch (error) {
        if (!runsNoJobs(error)) {
          if (error instanceof RpcError && error.code === GrpcStatus.PERMISSION_DENIED) throw error;
          unreachable.push(service);
        }
      }
      return { rows, total, kinds };
    }),
  );
  const value = sortValue[sort];
  const direction = query.dir === 'desc' ? -1 : 1;
  const merged = answers
    .flatMap((answer) => answer.rows)
    .sort((a, b) => {
      const [x, y] = [value(a), value(b)];
      return (x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0) * direction;
    });
  const total = answers.reduce((sum, answer) => sum + answer.total, 0);
  return {
    rows: merged.slice((query.page - 1) * query.size, needed),
    page: query.page,
    size: query.size,
    total,
    pages: Math.ceil(total / query.size),
    kinds: [...new Set(answers.flatMap((answer) => answer.kinds))].sort(),
    unreachable,
  };
}

/** One job with its log, or null when the service does not know it. */
export async function jobById(actorUserId: string, service: ServiceName, jobId: string): Promise<JobDetail | null> {
  try {
    const { job } = await jobs(service).getJob({ actorUserId, jobId });
    if (!job) return null;
    return { ...jobRow(job), payloadJson: job.payloadJson, resultJson: job.resultJson, logLines: job.logLines };
  } catch (error) {
    if (error instanceof RpcError && (error.code === GrpcStatus.NOT_FOUND || runsNoJobs(error))) return null;
    throw error;
  }
}

export type JobAction = 'retry' | 'cancel' | 'run_now';

/** Retries, cancels or runs a job now through the service that runs it (which checks the role and audits it). */
export async function actOnJob(actorUserId: string, service: ServiceName, jobId: string, action: JobAction) {
  const request = { actorUserId, jobId };
  const api = jobs(service);
  const answer =
    action === 'retry'
      ? await api.retryJob(request)
      : action === 'cancel'
        ? await api.cancelJob(request)
        : await api.runJobNow(request);
  return answer.job ? jobRow(answer.job) : null;
}
