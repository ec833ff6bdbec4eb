import { FailedPreconditionError } from '@pc/kit/errors/domain-errors';
import type { JobKind } from '@pc/jobs/job-kind';
import type { JobQueue } from '@pc/jobs/job-queue';
import { WAITING_STATES, type JobRecord } from '@pc/jobs/job-record';
import type { EcbRatesJob, EcbRatesRun } from '@pc/proto/offers/v1/types';
import type { EcbRatesJobReader } from '../grpc/dependencies.js';
import { ECB_RATES_JOB, type EcbRatesRefresh, type EcbRatesReport } from './ecb-rates-refresh.js';

/** Runs looked at for the last one and the next: recurring runs are created one after the other. */
const RECENT_RUNS = 10;

/**
 * The ECB's rates fetched as a recurring durable job (ADR 112, ADR 055): one run per interval
 * across replicas, in the job dashboard with its log and report, started at once by "run now". A
 * failed run is not retried: the next one is due within the interval, and the ECB publishes once a
 * working day.
 */
export function ecbRatesJob(refresh: EcbRatesRefresh, everyMs: number): JobKind<null> {
  return {
    kind: ECB_RATES_JOB,
    everyMs,
    maxAttempts: 1,
    run: ({ log, signal }) => refresh.runOnce(log, signal),
  };
}

/** What ListFxRates tells staff of the job: where it fetches from, how often, its last run and the next. */
export class EcbRatesJobView implements EcbRatesJobReader {
  constructor(
    private readonly jobs: JobQueue,
    private readonly url: string,
    private readonly everyMs: number,
  ) {}

  async view(): Promise<EcbRatesJob> {
    const recent = await this.jobs.book.jobs.find(
      { kind: ECB_RATES_JOB },
      { sort: { createdAt: -1 }, limit: RECENT_RUNS },
    );
    const last = recent.find((job) => job.startedAt !== '' && job.state !== 'running' && job.state !== 'queued');
    const next = recent
      .filter((job) => WAITING_STATES.includes(job.state))
      .sort((a, b) => a.runAt.localeCompare(b.runAt))[0];
    return {
      url: this.url,
      intervalMs: this.everyMs,
      lastRun: last ? runOf(last) : undefined,
      nextRunAt: next ? new Date(next.runAt) : undefined,
    };
  }
}

function runOf(job: JobRecord): EcbRatesRun {
  const report = reportOf(job.resultJson);
  return {
    jobId: job._id,
    state: job.state,
    startedAt: new Date(job.startedAt),
    finishedAt: job.finishedAt ? new Date(job.finishedAt) : undefined,
    error: job.state === 'succeeded' ? '' : job.error,
    ratesDay: report?.day ?? '',
    stored: report?.stored ?? 0,
  };
}

function reportOf(json: string): Partial<EcbRatesReport> | null {
  try {
    return json ? (JSON.parse(json) as Partial<EcbRatesReport>) : null;
  } catch {
    return null;
  }
}

/**
 * With the job switched off, runs a former configuration queued would wait for ever in the
 * dashboard (no kind runs them): they are cancelled. Answers how many.
 */
export async function cancelWaitingEcbRuns(jobs: JobQueue): Promise<number> {
  let cancelled = 0;
  for (const state of WAITING_STATES)
    for (const job of await jobs.book.inState(state, 100, ECB_RATES_JOB)) {
      try {
        await jobs.book.cancel(job._id, 'offers (OFFERS_ECB_RATES_URL is empty)');
        cancelled += 1;
      } catch (error) {
        // Another replica, still configured with a URL, started it meanwhile: its run ends by itself.
        if (!(error instanceof FailedPreconditionError)) throw error;
      }
    }
  return cancelled;
}
