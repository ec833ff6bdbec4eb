import { JobsServiceService, type Job, type ListJobsRequest, type ListJobsResponse } from '@pc/proto/staff/v1/jobs';
import { CrawlJobStatus } from '@pc/proto/crawler/v1/types';
import { FailedPreconditionError, InvalidArgumentError, NotFoundError } from '@pc/kit/errors/domain-errors';
import { serviceRegistration, type ServiceRegistration } from '@pc/kit/grpc/service-types';
import type { Filter } from '@pc/kit/ports/document-store';
import { pageResponse, resolvePage } from '@pc/kit/paging/page';
import { urlIdOf } from '../domain/crawl-url.js';
import type { JobKind, JobRecord } from '../domain/records.js';
import { runDurationMs } from '../workflows/job-progress.js';
import type { CrawlerDependencies } from './dependencies.js';

/** The job dashboard is the infrastructure panel's (ADR 055). */
const PANEL = 'infrastructure';

/** The dashboard's states of the crawler's job statuses (its own records stay the one source, ADR 063). */
const STATE_OF: Readonly<Record<number, string>> = {
  [CrawlJobStatus.CRAWL_JOB_STATUS_QUEUED]: 'queued',
  [CrawlJobStatus.CRAWL_JOB_STATUS_RUNNING]: 'running',
  [CrawlJobStatus.CRAWL_JOB_STATUS_SUCCEEDED]: 'succeeded',
  [CrawlJobStatus.CRAWL_JOB_STATUS_FAILED]: 'failed',
  // Not fetched, for good: robots.txt forbids it.
  [CrawlJobStatus.CRAWL_JOB_STATUS_BLOCKED_BY_ROBOTS]: 'failed',
  // Waiting for the host's backoff (429/503) to end: it runs again on its own.
  [CrawlJobStatus.CRAWL_JOB_STATUS_BACKING_OFF]: 'retrying',
  [CrawlJobStatus.CRAWL_JOB_STATUS_CANCELED]: 'cancelled',
};
const STATES = ['queued', 'running', 'succeeded', 'failed', 'retrying', 'cancelled'];
const statusesOf = (state: string): number[] =>
  Object.entries(STATE_OF)
    .filter(([, name]) => name === state)
    .map(([status]) => Number(status));

/** The dashboard's kinds of the crawler's jobs. */
const KIND_NAME: Readonly<Record<JobKind, string>> = {
  feed: 'crawler.feed-import',
  url: 'crawler.recrawl-url',
  host: 'crawler.crawl-host',
};
const kindOf = (job: JobRecord): JobKind => job.kind ?? (job.target.host ? 'host' : 'url');

/** Sort keys → stored fields (the store breaks ties by id, so pages of one sort never overlap). */
const SORTS: Readonly<Record<string, string>> = {
  created_at: 'createdAt',
  run_at: 'runAt',
  duration: 'durationMs',
  kind: 'kind',
};

const time = (iso: string | null): Date | undefined => (iso ? new Date(iso) : undefined);
const durationOf = (job: JobRecord): number =>
  job.durationMs ?? (job.finishedAt ? runDurationMs(job.startedAt, job.finishedAt) : 0);

/** What the record tells of the job's life, as log lines (the crawler's own log is its structured logs). */
function logLines(job: JobRecord): string[] {
  const lines = [`${job.createdAt} queued: ${job.reason || 'scheduled'} (priority ${job.priority})`];
  for (const retry of job.retries ?? [])
    lines.push(`${retry.at} retried by ${retry.by || 'the service'} after ${retry.afterAttempts} attempts`);
  if (job.startedAt) lines.push(`${job.startedAt} attempt ${job.attempts} started on ${job.host}`);
  if (job.finishedAt)
    lines.push(
      `${job.finishedAt} ${CrawlJobStatus[job.status] ?? job.status}: HTTP ${job.httpStatus}, ` +
        `${job.pagesFetched} pages fetched, ${job.offersObserved} offers observed` +
        (job.error ? `; ${job.error}` : ''),
    );
  return lines;
}

function jobMessage(job: JobRecord, withLog: boolean): Job {
  return {
    id: job._id,
    service: 'crawler',
    kind: KIND_NAME[kindOf(job)],
    state: STATE_OF[job.status] ?? 'queued',
    payloadJson: JSON.stringify({ target: job.target, reason: job.reason, scheduleId: job.scheduleId }),
    attempts: job.attempts,
    // The crawler retries a visit on its own schedule; it has no fixed most.
    maxAttempts: job.attempts,
    createdAt: time(job.createdAt),
    runAt: time(job.runAt),
    startedAt: time(job.startedAt),
    finishedAt: time(job.finishedAt),
    durationMs: durationOf(job),
    error: job.error,
    logLines: withLog ? logLines(job) : [],
    requestedBy: '',
    resultJson: job.finishedAt
      ? JSON.stringify({
          httpStatus: job.httpStatus,
          pagesFetched: job.pagesFetched,
          offersObserved: job.offersObserved,
        })
      : '',
    cancelRequested: false,
  };
}

function jobIdField(raw: string): string {
  const id = raw.trim();
  if (!id) throw new InvalidArgumentError([{ field: 'job_id', reason: 'is required', rule: 'required' }]);
  return id;
}

async function listJobs(request: ListJobsRequest, deps: CrawlerDependencies): Promise<ListJobsResponse> {
  const state = request.state.trim();
  const kind = request.kind.trim();
  const sortText = request.sort.trim() || '-created_at';
  const sort = sortText.replace(/^-/, '');
  const violations = [];
  if (state && !STATES.includes(state))
    violations.push({ field: 'state', reason: `must be one of ${STATES.join(', ')}`, rule: 'in' });
  if (!(sort in SORTS))
    violations.push({ field: 'sort', reason: `must be one of ${Object.keys(SORTS).join(', ')}`, rule: 'in' });
  if (violations.length > 0) throw new InvalidArgumentError(violations);
  const page = resolvePage(request.page, { defaultSize: 20, maxSize: 100 });
  await deps.staff.require(request.actorUserId, 'reading jobs', PANEL);
  const filter: Record<string, unknown> = {};
  if (state) filter.status = { $in: statusesOf(state) };
  const stored = (Object.entries(KIND_NAME) as [JobKind, string][]).find(([, name]) => name === kind)?.[0];
  // A kind the crawler does not run matches nothing (as @pc/jobs answers for an unknown kind).
  if (kind) filter.kind = stored ?? kind;
  const [jobs, total] = await Promise.all([
    deps.store.jobs.find(filter as Filter, {
      sort: { [SORTS[sort]!]: sortText.startsWith('-') ? -1 : 1 },
      skip: page.skip,
      limit: page.hitsPerPage,
    }),
    deps.store.jobs.count(filter as Filter),
  ]);
  return {
    jobs: jobs.map((job) => jobMessage(job, false)),
    page: pageResponse(page, total),
    kinds: Object.values(KIND_NAME).sort(),
  };
}

const WAITING = [CrawlJobStatus.CRAWL_JOB_STATUS_QUEUED, CrawlJobStatus.CRAWL_JOB_STATUS_BACKING_OFF];
const RETRYABLE = [
  CrawlJobStatus.CRAWL_JOB_STATUS_FAILED,
  CrawlJobStatus.CRAWL_JOB_STATUS_BLOCKED_BY_ROBOTS,
  CrawlJobStatus.CRAWL_JOB_STATUS_CANCELED,
];

/** A waiting job due now: its URL (the frontier's record) due now, the host's runner woken; politeness still applies. */
async function runNow(job: JobRecord, deps: CrawlerDependencies): Promise<JobRecord> {
  if (!WAITING.includes(job.status))
    throw new FailedPreconditionError(`a ${STATE_OF[job.status] ?? 'finished'} job is not waiting`);
  const now = deps.now().toISOString();
  const updated = await deps.store.jobs.update(job._id, (current) =>
    current && WAITING.includes(current.status) ? { ...current, runAt: now } : null,
  );
  if (!updated) throw new FailedPreconditionError(`job ${job._id} is no longer waiting`);
  const url = job.target.url ?? (job.target.host ? (await deps.requests.startUrlOf(job.target.host)).href : '');
  if (url) await deps.store.urls.update(urlIdOf(url), (current) => (current ? { ...current, nextVisitAt: now } : null));
  deps.wake(job.host);
  return updated;
}

/** The same crawl asked for again as the same job, one more attempt (as @pc/jobs retries: ADR 069). */
async function retry(job: JobRecord, actorUserId: string, deps: CrawlerDependencies): Promise<JobRecord> {
  if (job.status === CrawlJobStatus.CRAWL_JOB_STATUS_BACKING_OFF) return runNow(job, deps);
  if (!RETRYABLE.includes(job.status))
    throw new FailedPreconditionError(`a ${STATE_OF[job.status] ?? 'running'} job cannot be retried`);
  return deps.requests.retry(job, actorUserId);
}

/**
 * pricecompare.staff.v1.JobsService over the crawler's own crawl-job records (ADR 063): feed
 * imports, re-crawls and site crawls in the job dashboard with their state, attempts, duration,
 * what happened and the error; sorted server-side, by duration too. Retry queues the same job again
 * (its id kept), cancel and run now act on the record the frontier and the feed runner read.
 * staff:infrastructure, actions audited here.
 */
export function crawlerJobsService(deps: CrawlerDependencies): ServiceRegistration {
  const act =
    (verb: 'retry' | 'cancel' | 'run_now', what: string) =>
    async (request: { actorUserId: string; jobId: string }): Promise<{ job: Job }> => {
      const id = jobIdField(request.jobId);
      await deps.staff.require(request.actorUserId, what, PANEL);
      const before = await deps.store.jobs.get(id);
      if (!before) throw new NotFoundError('job', id);
      const after =
        verb === 'retry'
          ? await retry(before, request.actorUserId, deps)
          : verb === 'cancel'
            ? await deps.requests.cancel(id)
            : await runNow(before, deps);
      if (!after) throw new NotFoundError('job', id);
      await deps.audit.record({
        actorUserId: request.actorUserId,
        panel: PANEL,
        action: `job.${verb}`,
        entityType: 'job',
        entityId: id,
        before: { state: STATE_OF[before.status], runAt: before.runAt },
        after: { job: after._id, state: STATE_OF[after.status], runAt: after.runAt },
      });
      return { job: jobMessage(after, false) };
    };
  return serviceRegistration('pricecompare.staff.v1.JobsService', JobsServiceService, {
    listJobs: (request) => listJobs(request, deps),
    getJob: async (request) => {
      const id = jobIdField(request.jobId);
      await deps.staff.require(request.actorUserId, 'reading jobs', PANEL);
      const job = await deps.store.jobs.get(id);
      if (!job) throw new NotFoundError('job', id);
      return { job: jobMessage(job, true) };
    },
    retryJob: act('retry', 'retrying a job'),
    cancelJob: act('cancel', 'cancelling a job'),
    runJobNow: act('run_now', 'running a job now'),
  });
}
