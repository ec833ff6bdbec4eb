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
    return {
      ...job,
      status: result.status,
      attempts: job.attempts + 1,
      startedAt: job.startedAt ?? now.toISOString(),
      finishedAt: now.toISOString(),
      httpStatus: result.httpStatus,
      error: result.error,
      pagesFetched: job.pagesFetched + (result.fetched ? 1 : 0),
      offersObserved: job.offersObserved + result.offersObserved,
      openKey: job._id,
    };
  });
}

export const isFinished = (status: number): boolean =>
  [
    CrawlJobStatus.CRAWL_JOB_STATUS_SUCCEEDED,
    CrawlJobStatus.CRAWL_JOB_STATUS_FAILED,
    CrawlJobStatus.CRAWL_JOB_STATUS_BLOCKED_BY_ROBOTS,
    CrawlJobStatus.CRAWL_JOB_STATUS_CANCELED,
  ].includes(status);
