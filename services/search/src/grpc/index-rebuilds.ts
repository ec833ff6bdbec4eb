import type { Logger } from 'pino';
import { FailedPreconditionError } from '@pc/kit/errors/domain-errors';
import type { JobKind } from '@pc/jobs/job-kind';
import type { JobQueue } from '@pc/jobs/job-queue';
import type { JobRecord } from '@pc/jobs/job-record';
import type { OwnersRebuild } from '../rebuild/owners-rebuild.js';

/** The job kind of a staff-started rebuild (ADR 055, ADR 063). */
export const REBUILD_JOB = 'search.rebuild-index';

/**
 * A rebuild is a long, idempotent rewrite: a failed run (an owner unreachable, say) is tried again
 * twice, then staff decide.
 */
const REBUILD_ATTEMPTS = 3;

/** The rebuild waiting or in progress, as GetIndexStatus shows it. */
export interface RebuildProgress {
  readonly id: string;
  readonly startedAt: Date;
  /** 0.0 to 1.0, an estimate of the run in this process (0 while queued or run elsewhere). */
  readonly progress: number;
}

/**
 * Staff-started rebuilds (RebuildIndex) as durable jobs of search (`search.rebuild-index` in its
 * job queue): every index rebuilt from the owners' streams (rebuild/owners-rebuild.ts), visible in
 * the job dashboard with their progress in the log, resumed after a restart (running a rebuild
 * again from the start is safe), cancelled between pages. Every index is rebuilt together, since
 * brand and category documents are derived from the products' sources.
 */
export class IndexRebuilds {
  /** The run in this process, for the progress GetIndexStatus shows. */
  private current: { jobId: string; progress: number } | null = null;

  constructor(
    private readonly jobs: JobQueue,
    private readonly rebuild: OwnersRebuild,
    private readonly logger: Logger,
  ) {}

  /** The job kind, defined on search's queue before it starts. */
  kind(): JobKind<Record<string, never>> {
    return {
      kind: REBUILD_JOB,
      maxAttempts: REBUILD_ATTEMPTS,
      run: async ({ jobId, signal, log }) => {
        const run = { jobId, progress: 0 };
        this.current = run;
        try {
          const summary = await this.rebuild.run({ log, progress: (fraction) => (run.progress = fraction) }, signal);
          log(`${summary.products} products written; every index rebuilt`);
          return summary;
        } catch (error) {
          if (!signal.aborted) this.logger.error({ err: error, jobId }, 'index rebuild failed');
          throw error;
        } finally {
          this.current = null;
        }
      },
    };
  }

  /** Queues a rebuild for `actorUserId`; FAILED_PRECONDITION (REBUILD_RUNNING) while one waits or runs. */
  async start(actorUserId: string): Promise<{ id: string; startedAt: Date }> {
    const pending = await this.pending();
    if (pending)
      throw new FailedPreconditionError(`rebuild ${pending._id} is still ${pending.state}`, {
        reason: 'REBUILD_RUNNING',
        metadata: { rebuild_id: pending._id },
      });
    const job = await this.jobs.enqueue(REBUILD_JOB, {}, { requestedBy: actorUserId });
    // Two requests at once both pass the check above: the oldest rebuild stays, a newer one is
    // withdrawn again, so one rebuild runs whichever replica each request reached.
    const first = await this.pending();
    if (first && first._id !== job._id) {
      await this.jobs.cancel(job._id, actorUserId);
      throw new FailedPreconditionError(`rebuild ${first._id} is still ${first.state}`, {
        reason: 'REBUILD_RUNNING',
        metadata: { rebuild_id: first._id },
      });
    }
    return { id: job._id, startedAt: new Date(job.createdAt) };
  }

  /** The rebuild queued, running or waiting to retry (in any replica), with this process's progress. */
  async progress(): Promise<RebuildProgress | null> {
    const job = await this.pending();
    if (!job) return null;
    const run = this.current?.jobId === job._id ? this.current : null;
    return {
      id: job._id,
      startedAt: new Date(job.startedAt || job.createdAt),
      progress: run?.progress ?? 0,
    };
  }

  /** The oldest rebuild queued, running or waiting to retry (at most one once `start` settled). */
  private async pending(): Promise<JobRecord | null> {
    const candidates: JobRecord[] = [];
    for (const state of ['running', 'queued', 'retrying'] as const)
      candidates.push(...(await this.jobs.book.inState(state, 1, REBUILD_JOB)));
    candidates.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a._id.localeCompare(b._id));
    return candidates[0] ?? null;
  }
}
