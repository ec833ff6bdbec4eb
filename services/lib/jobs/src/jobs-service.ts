import { JobsServiceService, type Job, type ListJobsRequest, type ListJobsResponse } from '@pc/proto/staff/v1/jobs';
import type { AuditLog } from '@pc/audit-log/audit-log';
import { InvalidArgumentError } from '@pc/kit/errors/domain-errors';
import { serviceRegistration, type ServiceRegistration } from '@pc/kit/grpc/service-types';
import { pageResponse, resolvePage } from '@pc/kit/paging/page';
import type { StaffCheck } from '@pc/staff-access/staff-check';
import { JOB_SORTS, type JobSort } from './job-book.js';
import type { JobQueue } from './job-queue.js';
import { isJobState, JOB_STATES, type JobRecord } from './job-record.js';

/** The job dashboard belongs to the infrastructure panel (ADR 042). */
const PANEL = 'infrastructure';

/**
 * pricecompare.staff.v1.JobsService over a service's job queue: reads and actions need
 * staff:infrastructure; retry, cancel and run now are audited in the service's audit log.
 */
export function jobsService(queue: JobQueue, staff: StaffCheck, audit: AuditLog): ServiceRegistration {
  const act =
    (verb: 'retry' | 'cancel' | 'run_now', what: string) =>
    async (request: { actorUserId: string; jobId: string }): Promise<{ job: Job }> => {
      const id = jobId(request.jobId);
      await staff.require(request.actorUserId, what, PANEL);
      const before = await queue.book.get(id);
      const input = {
        actorUserId: request.actorUserId,
        panel: PANEL,
        action: `job.${verb}`,
        entityType: 'job',
        entityId: id,
        before: auditView(before),
      } as const;
      const job = await audit.around(
        input,
        () =>
          verb === 'retry'
            ? queue.retry(id, request.actorUserId)
            : verb === 'cancel'
              ? queue.cancel(id, request.actorUserId)
              : queue.runNow(id, request.actorUserId),
        auditView,
      );
      return { job: jobMessage(job, false, queue) };
    };
  return serviceRegistration('pricecompare.staff.v1.JobsService', JobsServiceService, {
    listJobs: (request) => listJobs(request, queue, staff),
    getJob: async (request) => {
      const id = jobId(request.jobId);
      await staff.require(request.actorUserId, 'reading jobs', PANEL);
      return { job: jobMessage(await queue.book.get(id), true, queue) };
    },
    retryJob: act('retry', 'retrying a job'),
    cancelJob: act('cancel', 'cancelling a job'),
    runJobNow: act('run_now', 'running a job now'),
  });
}

async function listJobs(request: ListJobsRequest, queue: JobQueue, staff: StaffCheck): Promise<ListJobsResponse> {
  const state = request.state.trim();
  const sortText = request.sort.trim() || '-created_at';
  const sort = sortText.replace(/^-/, '');
  const violations = [];
  if (state && !isJobState(state))
    violations.push({ field: 'state', reason: `must be one of ${JOB_STATES.join(', ')}`, rule: 'in' });
  if (!(sort in JOB_SORTS))
    violations.push({
      field: 'sort',
      reason: `must be one of ${Object.keys(JOB_SORTS).join(', ')}, optionally with a leading -`,
      rule: 'in',
    });
  if (violations.length > 0) throw new InvalidArgumentError(violations);
  const page = resolvePage(request.page, { defaultSize: 20, maxSize: 100 });
  await staff.require(request.actorUserId, 'reading jobs', PANEL);
  const { jobs, total } = await queue.book.list(
    {
      state: state && isJobState(state) ? state : undefined,
      kind: request.kind.trim() || undefined,
      sort: sort as JobSort,
      descending: sortText.startsWith('-'),
    },
    page,
  );
  return {
    jobs: jobs.map((job) => jobMessage(job, false, queue)),
    page: pageResponse(page, total),
    kinds: queue.kindNames(),
  };
}

function jobId(raw: string): string {
  const id = raw.trim();
  if (!id) throw new InvalidArgumentError([{ field: 'job_id', reason: 'is required', rule: 'required' }]);
  return id;
}

/** What the audit log keeps of a job: its state, not its log. */
function auditView(job: JobRecord): unknown {
  return { kind: job.kind, state: job.state, attempts: job.attempts, runAt: job.runAt, error: job.error };
}

const time = (iso: string): Date | undefined => (iso ? new Date(iso) : undefined);

export function jobMessage(job: JobRecord, withLog: boolean, queue?: JobQueue): Job {
  return {
    id: job._id,
    service: job.service,
    kind: job.kind,
    state: job.state,
    payloadJson: queue ? queue.payloadView(job) : job.payloadJson,
    attempts: job.attempts,
    maxAttempts: job.maxAttempts,
    createdAt: time(job.createdAt),
    runAt: time(job.runAt),
    startedAt: time(job.startedAt),
    finishedAt: time(job.finishedAt),
    durationMs: job.durationMs,
    error: job.error,
    logLines: withLog ? [...job.logLines] : [],
    requestedBy: job.requestedBy,
    resultJson: job.resultJson,
    cancelRequested: job.cancelRequested,
  };
}
