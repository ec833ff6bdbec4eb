import type { Worker } from 'node:worker_threads';
import type { LevelWithSilent, Logger } from 'pino';
import { startWorker } from '@pc/kit/threads/start-worker';
import type { AffiliatesConfig } from '../config.js';

/** What the fold's thread is started with (structured-cloned into it). */
export interface FoldThreadData {
  readonly config: AffiliatesConfig;
  readonly logLevel: LevelWithSilent;
}

/** What the fold's thread tells the service. */
export type FoldThreadReply =
  { readonly type: 'ready' } | { readonly type: 'failed'; readonly reason: string } | { readonly type: 'stopped' };

/** A thread that ended on its own is started again after this, doubling up to the longest. */
const FIRST_RESTART_MS = 1_000;
const LONGEST_RESTART_MS = 30_000;

/** How long a stop waits for the thread to commit what it handled before it is terminated. */
const STOP_TIMEOUT_MS = 15_000;

/**
 * Runs the click fold (ADR 043a) in a worker thread of its own (ADR 077): its decoding, folding
 * and commits never take a turn of the event loop that answers click-outs. The thread opens its
 * own statistics store and event bus and joins the fold's consumer group as any replica would; a
 * thread that dies is logged and started again (the group redelivers what it had not committed).
 */
export class FoldThread {
  private worker: Worker | null = null;
  private stopping = false;
  private restartMs = FIRST_RESTART_MS;
  private restartTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly data: FoldThreadData,
    private readonly logger: Logger,
  ) {}

  /** Resolves once the thread has joined the consumer group; rejects when it cannot start. */
  async start(): Promise<void> {
    this.stopping = false;
    const worker = startWorker(__filename, 'click-fold-thread', this.data);
    this.worker = worker;
    const ready = new Promise<void>((resolve, reject) => {
      const early = (code: number) => reject(new Error(`the click fold thread exited (${code}) before it was ready`));
      worker.once('exit', early);
      worker.once('error', reject);
      worker.once('message', (message: FoldThreadReply) => {
        worker.off('exit', early);
        if (message.type === 'ready') resolve();
        else
          reject(
            new Error(
              `the click fold thread did not start: ${message.type === 'failed' ? message.reason : message.type}`,
            ),
          );
      });
    });
    try {
      await ready;
    } catch (error) {
      this.worker = null;
      await worker.terminate();
      throw error;
    }
    const startedAt = Date.now();
    worker.on('error', (error) => this.logger.error({ err: error }, 'click fold thread failed'));
    worker.once('exit', (code) => {
      // A thread that folded for a while starts again soon; one that keeps dying, ever later.
      if (Date.now() - startedAt > LONGEST_RESTART_MS) this.restartMs = FIRST_RESTART_MS;
      this.ended(worker, code);
    });
  }

  /** Whether a thread is folding now. */
  running(): boolean {
    return this.worker !== null;
  }

  /** Stops the thread after it committed what it handled (terminated after a timeout). */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    const worker = this.worker;
    if (!worker) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage({ type: 'stop' });
    const timeout = setTimeout(() => {
      this.logger.warn('click fold thread did not stop in time: terminated (its batch is redelivered)');
      void worker.terminate();
    }, STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timeout);
  }

  private ended(worker: Worker, code: number): void {
    if (this.worker === worker) this.worker = null;
    if (this.stopping) return;
    this.logger.error({ code, restartInMs: this.restartMs }, 'click fold thread ended; starting it again');
    this.scheduleRestart();
  }

  private scheduleRestart(): void {
    const delay = this.restartMs;
    this.restartMs = Math.min(this.restartMs * 2, LONGEST_RESTART_MS);
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      if (this.stopping) return;
      this.start().catch((error: unknown) => {
        this.logger.error({ err: error }, 'click fold thread could not start again');
        this.scheduleRestart();
      });
    }, delay);
    this.restartTimer.unref();
  }
}
