import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { FailedPreconditionError } from '@pc/kit/errors/domain-errors';
import type { IndexRebuild } from '../events/index-rebuild.js';

/** The rebuild in progress, as GetIndexStatus shows it. */
export interface RebuildProgress {
  readonly id: string;
  readonly startedAt: Date;
  /** 0.0 to 1.0: products written of those the side state held at the start. */
  readonly progress: number;
}

/** The last rebuild that ended, for the panel (this process's memory). */
export interface FinishedRebuild {
  readonly id: string;
  readonly startedAt: Date;
  readonly endedAt: Date;
  readonly products: number;
  readonly error: string;
}

/**
 * Staff-started rebuilds (RebuildIndex): one at a time per process, run in the background from
 * the side state, with progress for GetIndexStatus. Every index is rebuilt together, since
 * brand and category documents are derived from the products' sources.
 */
export class IndexRebuilds {
  private current: { id: string; startedAt: Date; total: number; written: number } | null = null;
  private lastFinished: FinishedRebuild | null = null;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly rebuild: IndexRebuild,
    private readonly productCount: () => Promise<number>,
    private readonly clock: () => Date,
    private readonly logger: Logger,
  ) {}

  /** Starts a rebuild; FAILED_PRECONDITION (REBUILD_RUNNING) while one runs. */
  async start(): Promise<{ id: string; startedAt: Date }> {
    if (this.current)
      throw new FailedPreconditionError(`rebuild ${this.current.id} is still running`, {
        reason: 'REBUILD_RUNNING',
        metadata: { rebuild_id: this.current.id },
      });
    const run = { id: `rbd_${randomUUID()}`, startedAt: this.clock(), total: 0, written: 0 };
    this.current = run;
    try {
      run.total = await this.productCount();
    } catch (error) {
      this.current = null;
      throw error;
    }
    this.running = this.rebuild
      .all((written) => (run.written = written))
      .then(
        (products) => this.finish(run, products, ''),
        (error: unknown) => {
          this.logger.error({ err: error, rebuildId: run.id }, 'index rebuild failed');
          this.finish(run, run.written, error instanceof Error ? error.message : String(error));
        },
      );
    return { id: run.id, startedAt: run.startedAt };
  }

  progress(): RebuildProgress | null {
    const run = this.current;
    if (!run) return null;
    return { id: run.id, startedAt: run.startedAt, progress: run.total > 0 ? Math.min(1, run.written / run.total) : 0 };
  }

  finished(): FinishedRebuild | null {
    return this.lastFinished;
  }

  /** Resolves when the rebuild in progress (if any) has ended (stop, tests). */
  idle(): Promise<void> {
    return this.running;
  }

  private finish(run: { id: string; startedAt: Date }, products: number, error: string): void {
    this.lastFinished = { id: run.id, startedAt: run.startedAt, endedAt: this.clock(), products, error };
    this.current = null;
  }
}
