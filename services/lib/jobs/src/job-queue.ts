import { hostname } from 'node:os';
import { runAsService } from '@pc/kit/identity/caller';
import type { Logger } from '@pc/kit/logging/logger';
import type { DocumentStore, Stored } from '@pc/kit/ports/document-store';
import { JobBook, type EnqueueOptions } from './job-book.js';
import { exponentialBackoff, type JobKind } from './job-kind.js';
import { appendLogLines, type JobRecord } from './job-record.js';

export interface JobQueueOptions {
  readonly logger: Logger;
  /** This runner's name: a restarted process with the same name resumes its runs at once (default: host name). */
  readonly workerId?: string;
  /** Jobs run at once by this process (default 1: background work must not crowd out requests). */
  readonly concurrency?: number;
  /** How often due jobs are looked for (default 1 s). */
  readonly tickMs?: number;
  /** A running job's heartbeat (log flush, cancel check) (default 2 s). */
  readonly heartbeatMs?: number;
  /** A run whose heartbeat is older than this belongs to a dead runner and is taken over (default 60 s). */
  readonly leaseMs?: number;
  /** Finished jobs are kept this long (default 7 days). */
  readonly retentionMs?: number;
  readonly clock?: () => Date;
}

interface ActiveRun {
  readonly token: string;
  readonly controller: AbortController;
  readonly lines: string[];
  done: Promise<void>;
  /** The heartbeat's write in flight: the run's end waits for it, so no log line is lost between them. */
  beating: Promise<void>;
  finishing: boolean;
}

/**
 * The durable jobs of one service (ADR 055): kinds are defined by the service, jobs are kept in
 * its document store and run here. A job is claimed with a versioned write (one runner per run
 * across replicas), heartbeats while it runs (log lines flushed, a staff cancel noticed), and ends
 * succeeded, retrying (with backoff) or failed, or cancelled. A run found `running` at start that
 * belonged to this worker, or whose heartbeat stopped, is resumed: queued again at once.
 */
export class JobQueue {
  private readonly kinds = new Map<string, JobKind>();
  private readonly active = new Map<string, ActiveRun>();
  private readonly workerId: string;
  private readonly concurrency: number;
  private readonly tickMs: number;
  private readonly heartbeatMs: number;
  private readonly leaseMs: number;
  private readonly retentionMs: number;
  private timer: NodeJS.Timeout | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private started = false;
  private lastPrune = 0;

  private constructor(
    readonly book: JobBook,
    private readonly options: JobQueueOptions,
  ) {
    this.workerId = options.workerId ?? process.env.HOSTNAME ?? hostname();
    this.concurrency = options.concurrency ?? 1;
    this.tickMs = options.tickMs ?? 1_000;
    this.heartbeatMs = options.heartbeatMs ?? 2_000;
    this.leaseMs = options.leaseMs ?? 60_000;
    this.retentionMs = options.retentionMs ?? 7 * 24 * 3_600_000;
  }

  static async open(store: DocumentStore, service: string, options: JobQueueOptions): Promise<JobQueue> {
    const book = await JobBook.open(store, service, options.clock ?? (() => new Date()));
    return new JobQueue(book, options);
  }

  get service(): string {
    return this.book.service;
  }

  /** Registers a kind of job this service runs (before start). */
  define<P>(kind: JobKind<P>): this {
    this.kinds.set(kind.kind, kind as JobKind);
    return this;
  }

  kindNames(): string[] {
    return [...this.kinds.keys()].sort();
  }

  /** Queues a job of a defined kind; resolves when it is durable. */
  enqueue<P>(kind: string, payload: P, options: EnqueueOptions = {}): Promise<Stored<JobRecord>> {
    const definition = this.kinds.get(kind);
    if (!definition) throw new Error(`no job kind ${kind} is defined in ${this.service}`);
    const job = this.book.enqueue(kind, payload, definition.maxAttempts ?? 5, options);
    void job.then(() => this.wake()).catch(() => undefined);
    return job;
  }

  /**
   * Queues a job and makes its first attempt in the caller's path, now (a mail within the request
   * that sends it): claimed like any run, so it runs once whoever else looks at it; a failed
   * attempt is retried by the queue. Answers the job after that attempt, or as it is when it was
   * not due (an existing job of the same id waiting for its retry) or another replica runs it.
   */
  async enqueueAndRunHere<P>(kind: string, payload: P, options: EnqueueOptions = {}): Promise<Stored<JobRecord>> {
    const definition = this.kinds.get(kind);
    if (!definition) throw new Error(`no job kind ${kind} is defined in ${this.service}`);
    // Not woken: the poller would race this caller for the claim.
    const job = await this.book.enqueue(kind, payload, definition.maxAttempts ?? 5, options);
    if (!this.active.has(job._id)) await this.claimAndRun(job);
    await this.active.get(job._id)?.done;
    return (await this.book.jobs.get(job._id)) ?? job;
  }

  /** The payload as staff see it (the kind's `show`), as JSON. */
  payloadView(job: JobRecord): string {
    const show = this.kinds.get(job.kind)?.show;
    if (!show) return job.payloadJson;
    try {
      return JSON.stringify(show(JSON.parse(job.payloadJson) as unknown) ?? null);
    } catch {
      return 'null';
    }
  }

  /** Resumes interrupted runs, queues recurring jobs, and starts picking up due jobs. */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.resumeInterrupted();
    await this.scheduleRecurring();
    this.timer = setInterval(() => this.wake(), this.tickMs);
    this.heartbeat = setInterval(() => void this.beat(), this.heartbeatMs);
    this.wake();
  }

  /**
   * Stops picking up jobs and aborts the running ones; each is queued again (not failed): a
   * restart is not the job's fault, and the next start (or another replica) runs it again.
   */
  async stop(): Promise<void> {
    this.started = false;
    if (this.timer) clearInterval(this.timer);
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.timer = this.heartbeat = null;
    for (const run of this.active.values()) run.controller.abort(new Error('the service is stopping'));
    await Promise.allSettled([this.ticking, ...[...this.active.values()].map((run) => run.done)]);
  }

  /** Looks for due jobs now (after an enqueue, a run now, a finished run). */
  wake(): void {
    if (!this.started || this.ticking) return;
    this.ticking = this.tick()
      .catch((error: unknown) => this.options.logger.error({ err: error }, 'picking up jobs failed'))
      .finally(() => {
        this.ticking = null;
      });
  }

  /** Asks a job to stop: staff cancel through the book; this runner aborts it at once if it runs here. */
  async cancel(id: string, actor: string): Promise<Stored<JobRecord>> {
    const job = await this.book.cancel(id, actor);
    this.active.get(id)?.controller.abort(new Error('cancelled'));
    return job;
  }

  async runNow(id: string, actor: string): Promise<Stored<JobRecord>> {
    const job = await this.book.runNow(id, actor);
    this.wake();
    return job;
  }

  async retry(id: string, actor: string): Promise<Stored<JobRecord>> {
    const job = await this.book.retry(id, actor);
    this.wake();
    return job;
  }

  private async tick(): Promise<void> {
    const free = this.concurrency - this.active.size;
    if (free > 0) {
      const due = await this.book.due(free * 4);
      for (const job of due) {
        if (this.active.size >= this.concurrency || !this.started) break;
        if (!this.kinds.has(job.kind) || this.active.has(job._id)) continue;
        await this.claimAndRun(job);
      }
    }
    if (Date.now() - this.lastPrune > 3_600_000) {
      this.lastPrune = Date.now();
      await this.book.prune(new Date(this.book.now().getTime() - this.retentionMs), 500);
    }
  }

  private async claimAndRun(job: JobRecord): Promise<void> {
    const token = JobBook.runToken();
    const now = this.book.now().toISOString();
    const claimed = await this.book.jobs.update(job._id, (current) =>
      current && (current.state === 'queued' || current.state === 'retrying') && current.runAt <= now
        ? {
            ...current,
            state: 'running',
            attempts: current.attempts + 1,
            startedAt: now,
            worker: this.workerId,
            runToken: token,
            heartbeatAt: now,
            cancelRequested: false,
            logLines: appendLogLines(current.logLines, [
              this.book.line(`attempt ${current.attempts + 1} started on ${this.workerId}`),
            ]),
          }
        : null,
    );
    if (!claimed || claimed.runToken !== token) return; // another replica or a staff action was first
    const run: ActiveRun = {
      token,
      controller: new AbortController(),
      lines: [],
      done: Promise.resolve(),
      beating: Promise.resolve(),
      finishing: false,
    };
    this.active.set(job._id, run);
    run.done = this.execute(claimed, run).finally(() => {
      this.active.delete(job._id);
      this.wake();
    });
  }

  private async execute(job: JobRecord, run: ActiveRun): Promise<void> {
    const kind = this.kinds.get(job.kind)!;
    const started = Date.now();
    let outcome: { ok: true; result: unknown } | { ok: false; error: unknown };
    try {
      // Background work of the service whatever started the run (a tick, or a request's
      // enqueueAndRunHere): its calls sign as the service, never for the request's user (ADR 068).
      const result = await runAsService(this.service, () =>
        kind.run({
          jobId: job._id,
          payload: JSON.parse(job.payloadJson) as unknown,
          attempt: job.attempts,
          signal: run.controller.signal,
          log: (line) => run.lines.push(this.book.line(line)),
        }),
      );
      outcome = { ok: true, result };
    } catch (error) {
      outcome = { ok: false, error };
    }
    const durationMs = Date.now() - started;
    run.finishing = true;
    await run.beating;
    try {
      await this.finish(job, run, kind, outcome, durationMs);
    } catch (error) {
      this.options.logger.error({ err: error, job: job._id }, 'recording the end of a job failed');
    }
  }

  private async finish(
    job: JobRecord,
    run: ActiveRun,
    kind: JobKind,
    outcome: { ok: true; result: unknown } | { ok: false; error: unknown },
    durationMs: number,
  ): Promise<void> {
    const stopping = !this.started && run.controller.signal.aborted;
    const finished = await this.book.jobs.update(job._id, (current) => {
      if (!current || current.runToken !== run.token || current.state !== 'running') return null; // taken over
      const now = this.book.now();
      const base = { ...current, durationMs, worker: '', heartbeatAt: '' };
      const lines = [...run.lines.splice(0)];
      if (outcome.ok) {
        lines.push(this.book.line(`succeeded in ${durationMs} ms`));
        return {
          ...base,
          state: 'succeeded',
          finishedAt: now.toISOString(),
          error: '',
          resultJson: outcome.result === undefined ? '' : JSON.stringify(outcome.result),
          logLines: appendLogLines(current.logLines, lines),
        };
      }
      if (current.cancelRequested) {
        lines.push(this.book.line('cancelled'));
        return {
          ...base,
          state: 'cancelled',
          finishedAt: now.toISOString(),
          logLines: appendLogLines(current.logLines, lines),
        };
      }
      if (stopping) {
        lines.push(this.book.line('interrupted: the service stopped; queued again'));
        return {
          ...base,
          state: 'queued',
          runAt: now.toISOString(),
          logLines: appendLogLines(current.logLines, lines),
        };
      }
      const message = outcome.error instanceof Error ? outcome.error.message : String(outcome.error);
      if (current.attempts < current.maxAttempts) {
        const waitMs = (kind.backoffMs ?? exponentialBackoff())(current.attempts);
        lines.push(this.book.line(`attempt ${current.attempts} failed: ${message}; retrying in ${waitMs} ms`));
        return {
          ...base,
          state: 'retrying',
          error: message,
          runAt: new Date(now.getTime() + waitMs).toISOString(),
          logLines: appendLogLines(current.logLines, lines),
        };
      }
      lines.push(this.book.line(`attempt ${current.attempts} failed: ${message}; giving up`));
      return {
        ...base,
        state: 'failed',
        error: message,
        finishedAt: now.toISOString(),
        logLines: appendLogLines(current.logLines, lines),
      };
    });
    if (finished && kind.everyMs && finished.state !== 'running' && finished.state !== 'queued')
      await this.queueNextRun(kind, finished._id);
  }

  /** Flushes the log lines of this process's runs and notices staff cancels made through another replica. */
  private async beat(): Promise<void> {
    for (const [id, run] of this.active) {
      if (run.finishing) continue;
      run.beating = this.beatOne(id, run);
      await run.beating;
    }
  }

  private async beatOne(id: string, run: ActiveRun): Promise<void> {
    try {
      const now = this.book.now().toISOString();
      const lines = [...run.lines];
      const current = await this.book.jobs.update(id, (job) =>
        job && job.runToken === run.token && job.state === 'running'
          ? { ...job, heartbeatAt: now, logLines: appendLogLines(job.logLines, lines) }
          : null,
      );
      if (current?.runToken === run.token) run.lines.splice(0, lines.length);
      if (current?.cancelRequested) run.controller.abort(new Error('cancelled'));
    } catch (error) {
      this.options.logger.warn({ err: error, job: id }, 'a job heartbeat failed');
    }
  }

  /** Runs left `running` by this worker (it restarted) or by a runner whose lease ran out are queued again. */
  private async resumeInterrupted(): Promise<void> {
    const staleBefore = new Date(this.book.now().getTime() - this.leaseMs).toISOString();
    for (const job of await this.book.inState('running', 1_000)) {
      if (job.worker !== this.workerId && job.heartbeatAt >= staleBefore) continue;
      const now = this.book.now().toISOString();
      await this.book.jobs.update(job._id, (current) =>
        current && current.state === 'running' && current.runToken === job.runToken
          ? {
              ...current,
              state: current.cancelRequested ? 'cancelled' : 'queued',
              finishedAt: current.cancelRequested ? now : '',
              runAt: now,
              worker: '',
              heartbeatAt: '',
              logLines: appendLogLines(current.logLines, [
                this.book.line(
                  current.cancelRequested
                    ? `interrupted on ${job.worker}; it was cancelled`
                    : `interrupted on ${job.worker}; resumed`,
                ),
              ]),
            }
          : null,
      );
    }
  }

  private async scheduleRecurring(): Promise<void> {
    for (const kind of this.kinds.values()) {
      if (!kind.everyMs) continue;
      const pending = await Promise.all(
        (['queued', 'retrying', 'running'] as const).map((state) => this.book.inState(state, 1, kind.kind)),
      );
      if (pending.every((jobs) => jobs.length === 0)) await this.queueNextRun(kind);
    }
  }

  /**
   * The next run of a recurring kind; its id names the slot, so replicas queue it once. After a
   * run (`previousId`), the slot is a later one even when the run was started early ("run now").
   */
  private async queueNextRun(kind: JobKind, previousId = ''): Promise<void> {
    const everyMs = kind.everyMs!;
    const runAt = this.book.now().getTime() + everyMs;
    const previousSlot = Number(previousId.slice(kind.kind.length + 1)) || 0;
    const slot = Math.max(Math.floor(runAt / everyMs), previousSlot + 1);
    await this.book.enqueue(kind.kind, null, kind.maxAttempts ?? 1, {
      id: `${kind.kind}@${slot}`,
      runAt: new Date(runAt),
    });
  }
}
