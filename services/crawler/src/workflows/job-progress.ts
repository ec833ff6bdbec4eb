import { CrawlJobStatus } from '@pc/proto/crawler/v1/types';
import type { JobRecord } from '../domain/records.js';
import type { SimpleRepository } from '../store/simple-repository.js';

export interface JobResult {
  readonly status: CrawlJobStatus;
  readonly httpStatus: number;
  readonly error: string;
  readonly offersObserved: number;
  readonly fetched: boolean;
}

/** How long a run took: from its start (or its end, when nothing marked it started) to its end. */
export const runDurationMs = (startedAt: string | null, finishedAt: string): number =>
  startedAt ? Math.max(0, Date.parse(finishedAt) - Date.parse(startedAt)) : 0;

/** A waiting page or site job whose request is leaving now: running, its run's start recorded. */
export async function startJob(jobs: SimpleRepository<JobRecord>, jobId: string, now: Date): Promise<void> {
  if (!jobId) return;
  await jobs.update(jobId, (job) => {
    if (!job || isFinished(job.status) || job.status === CrawlJobStatus.CRAWL_JOB_STATUS_RUNNING) return null;
    return { ...job, status: CrawlJobStatus.CRAWL_JOB_STATUS_RUNNING, startedAt: now.toISOString() };
  });
}

/** Ends a job with its visit's result; the job's target may be asked for again (its open key is freed). */
export async function finishJob(
  jobs: SimpleRepository<JobRecord>,
  jobId: string,
  result: JobResult,
  now: Date,
): Promise<void> {
  if (!jobId) return;
  await jobs.update(jobId, (job) => {
    if (!job || isFinished(job.status)) return null;
    const startedAt = job.startedAt ?? now.toISOString();
    return {
      ...job,
      status: result.status,
      attempts: job.attempts + 1,
      startedAt,
      finishedAt: now.toISOString(),
      durationMs: runDurationMs(startedAt, now.toISOString()),
      httpStatus: result.httpStatus,
      error: result.error,
      pagesFetched: job.pagesFetched + (result.fetched ? 1 : 0),
      offersObserved: job.offersObserved + result.offersObserved,
      openKey: job._id,
    };
  });
}

/** Attempts made since staff last retried the job (all of them when never retried). */
export const attemptsSinceRetry = (job: JobRecord): number => job.attempts - (job.retries?.at(-1)?.afterAttempts ?? 0);

export const isFinished = (status: number): boolean =>
  [
    CrawlJobStatus.CRAWL_JOB_STATUS_SUCCEEDED,
    CrawlJobStatus.CRAWL_JOB_STATUS_FAILED,
    CrawlJobStatus.CRAWL_JOB_STATUS_BLOCKED_BY_ROBOTS,
    CrawlJobStatus.CRAWL_JOB_STATUS_CANCELED,
  ].includes(status);
