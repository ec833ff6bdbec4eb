/** Where a job is in its life. */
export const JOB_STATES = ['queued', 'running', 'succeeded', 'failed', 'retrying', 'cancelled'] as const;
export type JobState = (typeof JOB_STATES)[number];

export function isJobState(value: string): value is JobState {
  return (JOB_STATES as readonly string[]).includes(value);
}

/** States that wait for the runner; a job in them is picked up once `runAt` has passed. */
export const WAITING_STATES: readonly JobState[] = ['queued', 'retrying'];
/** States a job never leaves on its own. */
export const FINISHED_STATES: readonly JobState[] = ['succeeded', 'failed', 'cancelled'];

/** A job as stored (collection `jobs` of the service that runs it). Times are ISO 8601 UTC, '' when unset. */
export interface JobRecord {
  /** Time-ordered, or `<kind>@<slot>` for a recurring job's run (one per slot across replicas). */
  readonly _id: string;
  readonly service: string;
  readonly kind: string;
  readonly state: JobState;
  readonly payloadJson: string;
  /** Runs started so far. */
  readonly attempts: number;
  readonly maxAttempts: number;
  readonly createdAt: string;
  /** When a waiting job runs next. */
  readonly runAt: string;
  readonly startedAt: string;
  readonly finishedAt: string;
  /** Of the last finished run. */
  readonly durationMs: number;
  readonly error: string;
  readonly resultJson: string;
  /** The newest MAX_LOG_LINES lines, oldest first. */
  readonly logLines: readonly string[];
  /** The staff user who asked for it; '' for the service itself. */
  readonly requestedBy: string;
  /** A running job was asked to stop; its runner aborts it at the next heartbeat. */
  readonly cancelRequested: boolean;
  /** The runner of the current run and its lease: a run whose heartbeat is older than the lease is taken over. */
  readonly worker: string;
  readonly runToken: string;
  readonly heartbeatAt: string;
}

/** A job keeps this many log lines (the newest): a chatty job must not grow the store without bound. */
export const MAX_LOG_LINES = 200;
/** A log line is cut here. */
export const MAX_LOG_LINE_CHARS = 2_000;

/** `lines` with `added` appended, the newest MAX_LOG_LINES kept. */
export function appendLogLines(lines: readonly string[], added: readonly string[]): string[] {
  const all = [...lines, ...added.map((line) => line.slice(0, MAX_LOG_LINE_CHARS))];
  return all.length > MAX_LOG_LINES ? all.slice(all.length - MAX_LOG_LINES) : all;
}
