import type { Logger } from 'pino';
import { FailedPreconditionError } from '@pc/kit/errors/domain-errors';
import type { JobKind } from '@pc/jobs/job-kind';
import type { JobQueue } from '@pc/jobs/job-queue';
import type { JobRecord } from '@pc/jobs/job-record';
import type { IndexRebuild } from '../events/index-rebuild.js';

/** The job kind of a staff-started rebuild (ADR 055, ADR 063). */
export const REBUILD_JOB = 'search.rebuild-index';

/** A rebuild is a long, idempotent rewrite: a failed run is tried again twice, then staff decide. */
const REBUILD_ATTEMPTS = 3;

/** Progress is written to the job's log every this many products (the log keeps 200 lines). */
const LOG_EVERY_PRODUCTS = 10_000;

/** The rebuild waiting or in progress, as GetIndexStatus shows it. */
export interface RebuildProgress {
  readonly id: string;
  readonly startedAt: Date;
  /** 0.0 to 1.0: products written of those the side state held at the start (0 while queued or run elsewhere). */
  readonly progress: number;
}

/**
 * Staff-started rebuilds (RebuildIndex) as durable jobs of search (`search.rebuild-index` in its
 * job queue): visible in the job dashboard with their progress in the log, resumed after a restart
 * (a rebuild rewrites every document, so running it again from the start is safe), cancelled
 * between pages. Every index is rebuilt together, since brand and category documents are derived
 * from the products' sources.
 */
export class IndexRebuilds {
  /** The run in this process, for the progress GetIndexStatus shows. */
  private current: { jobId: string; total: number; written: number } | null = null;

  constructor(
    private readonly jobs: JobQueue,
    private readonly rebuild: IndexRebuild,
    private readonly productCount: () => Promise<number>,
    private readonly logger: Logger,
  ) {}

  /** The job kind, defined on search's queue before it starts. */
  kind(): JobKind<Record<string, never>> {
    return {
      kind: REBUILD_JOB,
      maxAttempts: REBUILD_ATTEMPTS,
      run: async ({ jobId, signal, log }) => {
        const run = { jobId, total: await this.productCount(), written: 0 };
        this.current = run;
        log(`rebuilding every index from the side state: ${run.total} products`);
        let logged = 0;
        try {
          const products = await this.rebuild.all((written) => {
            run.written = written;
            if (written - logged >= LOG_EVERY_PRODUCTS) {
              logged = written;
              log(`${written} of ${run.total} products written`);
            }
          }, signal);
          log(`${products} products written; every index rebuilt`);
          return { products };
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
      progress: run && run.total > 0 ? Math.min(1, run.written / run.total) : 0,
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
