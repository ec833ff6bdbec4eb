import { randomBytes } from 'node:crypto';
import { ConflictError, FailedPreconditionError, NotFoundError } from '@pc/kit/errors/domain-errors';
import type { Page } from '@pc/kit/paging/page';
import type { Collection, DocumentStore, Filter, Stored } from '@pc/kit/ports/document-store';
import { appendLogLines, WAITING_STATES, type JobRecord, type JobState } from './job-record.js';

/** Sort keys of a job list (the proto's names) → stored fields. */
export const JOB_SORTS = { created_at: 'createdAt', run_at: 'runAt', duration: 'durationMs', kind: 'kind' } as const;
export type JobSort = keyof typeof JOB_SORTS;

export interface JobQuery {
  readonly state?: JobState;
  readonly kind?: string;
  readonly sort?: JobSort;
  readonly descending?: boolean;
}

export interface EnqueueOptions {
  readonly runAt?: Date;
  readonly requestedBy?: string;
  /** A fixed id: enqueueing it again while it exists is a no-op (ConflictError swallowed). */
  readonly id?: string;
}

/**
 * The jobs of one service in its document store (collection `jobs`): every state change is one
 * versioned write of the job, so replicas and the staff actions race safely.
 */
export class JobBook {
  private lastTime = 0;
  private sequence = 0;

  private constructor(
    readonly jobs: Collection<JobRecord>,
    readonly service: string,
    private readonly clock: () => Date,
  ) {}

  static async open(store: DocumentStore, service: string, clock: () => Date): Promise<JobBook> {
    const jobs = await store.collection<JobRecord>({
      name: 'jobs',
      indexes: [
        { fields: ['state', 'runAt'] },
        { fields: ['createdAt'] },
        { fields: ['state', 'createdAt'] },
        { fields: ['kind', 'createdAt'] },
        { fields: ['kind', 'state', 'createdAt'] },
        { fields: ['state', 'finishedAt'] },
      ],
    });
    return new JobBook(jobs, service, clock);
  }

  now(): Date {
    return this.clock();
  }

  async enqueue(
    kind: string,
    payload: unknown,
    maxAttempts: number,
    options: EnqueueOptions = {},
  ): Promise<Stored<JobRecord>> {
    const now = this.clock();
    const record: JobRecord = {
      _id: options.id ?? this.nextId(now.getTime()),
      service: this.service,
      kind,
      state: 'queued',
      payloadJson: JSON.stringify(payload ?? null),
      attempts: 0,
      maxAttempts,
      createdAt: now.toISOString(),
      runAt: (options.runAt ?? now).toISOString(),
      startedAt: '',
      finishedAt: '',
      durationMs: 0,
      error: '',
      resultJson: '',
      logLines: [],
      requestedBy: options.requestedBy ?? '',
      cancelRequested: false,
      worker: '',
      runToken: '',
      heartbeatAt: '',
    };
    if (!options.id) return this.jobs.put(record);
    try {
      return await this.jobs.put(record, { expectedVersion: 0 });
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
      const existing = await this.jobs.get(record._id);
      if (!existing) throw error;
      return existing;
    }
  }

  async get(id: string): Promise<Stored<JobRecord>> {
    const job = await this.jobs.get(id);
    if (!job) throw new NotFoundError('job', id);
    return job;
  }

  async list(query: JobQuery, page: Page): Promise<{ jobs: Stored<JobRecord>[]; total: number }> {
    const filter: Record<string, string> = {};
    if (query.state) filter.state = query.state;
    if (query.kind) filter.kind = query.kind;
    const field = JOB_SORTS[query.sort ?? 'created_at'];
    const direction = query.descending ? -1 : 1;
    const [jobs, total] = await Promise.all([
      this.jobs.find(filter as Filter, { sort: { [field]: direction }, skip: page.skip, limit: page.hitsPerPage }),
      this.jobs.count(filter as Filter),
    ]);
    return { jobs, total };
  }

  /** Waiting jobs whose time has come, oldest due first. */
  due(limit: number): Promise<Stored<JobRecord>[]> {
    return this.jobs.find(
      { state: { $in: [...WAITING_STATES] }, runAt: { $lte: this.clock().toISOString() } },
      { sort: { runAt: 1 }, limit },
    );
  }

  /** Jobs in `state` of `kind` (at most `limit`). */
  inState(state: JobState, limit: number, kind?: string): Promise<Stored<JobRecord>[]> {
    return this.jobs.find(kind ? { state, kind } : { state }, { sort: { createdAt: 1 }, limit });
  }

  /** A failed or cancelled job queued again with its attempts starting over; a retrying one at once. */
  retry(id: string, actor: string): Promise<Stored<JobRecord>> {
    return this.transition(id, (job) => {
      if (job.state === 'retrying') return this.runNowChange(job, actor);
      if (job.state !== 'failed' && job.state !== 'cancelled')
        throw new FailedPreconditionError(`a ${job.state} job cannot be retried`);
      return {
        ...job,
        state: 'queued',
        attempts: 0,
        runAt: this.clock().toISOString(),
        cancelRequested: false,
        logLines: appendLogLines(job.logLines, [this.line(`retried by ${actor || 'the service'}`)]),
      };
    });
  }

  /** A waiting job cancelled at once; a running one asked to stop (its runner ends it cancelled). */
  cancel(id: string, actor: string): Promise<Stored<JobRecord>> {
    return this.transition(id, (job) => {
      const line = this.line(`cancelled by ${actor || 'the service'}`);
      if (job.state === 'running')
        return { ...job, cancelRequested: true, logLines: appendLogLines(job.logLines, [line]) };
      if (!WAITING_STATES.includes(job.state))
        throw new FailedPreconditionError(`a ${job.state} job cannot be cancelled`);
      return {
        ...job,
        state: 'cancelled',
        finishedAt: this.clock().toISOString(),
        logLines: appendLogLines(job.logLines, [line]),
      };
    });
  }

  /** A waiting job due now. */
  runNow(id: string, actor: string): Promise<Stored<JobRecord>> {
    return this.transition(id, (job) => {
      if (!WAITING_STATES.includes(job.state)) throw new FailedPreconditionError(`a ${job.state} job is not waiting`);
      return this.runNowChange(job, actor);
    });
  }

  /** `job` with a timestamped line appended (kept as the job's log). */
  line(text: string): string {
    return `${this.clock().toISOString()} ${text}`;
  }

  /** Deletes finished jobs that finished before `before` (at most `limit`); returns how many. */
  async prune(before: Date, limit: number): Promise<number> {
    let removed = 0;
    for (const state of ['succeeded', 'failed', 'cancelled'] as const) {
      const old = await this.jobs.findIds({ state, finishedAt: { $lt: before.toISOString() } }, { limit });
      for (const id of old) if (await this.jobs.delete(id)) removed += 1;
    }
    return removed;
  }

  private runNowChange(job: JobRecord, actor: string): JobRecord {
    return {
      ...job,
      runAt: this.clock().toISOString(),
      logLines: appendLogLines(job.logLines, [this.line(`run now by ${actor || 'the service'}`)]),
    };
  }

  /** Applies a staff action under optimistic concurrency; `change` throws to refuse it. */
  private async transition(id: string, change: (job: JobRecord) => JobRecord): Promise<Stored<JobRecord>> {
    const updated = await this.jobs.update(id, (current) => {
      if (!current) throw new NotFoundError('job', id);
      return change(current);
    });
    if (!updated) throw new NotFoundError('job', id);
    return updated;
  }

  /** Ids sort by time, then by a sequence within one millisecond, then by chance across processes. */
  private nextId(ms: number): string {
    this.sequence = ms === this.lastTime ? this.sequence + 1 : 0;
    this.lastTime = ms;
    return `job_${ms.toString(36).padStart(9, '0')}${this.sequence.toString(36).padStart(3, '0')}${randomBytes(4).toString('hex')}`;
  }

  static runToken(): string {
    return randomBytes(8).toString('hex');
  }
}
