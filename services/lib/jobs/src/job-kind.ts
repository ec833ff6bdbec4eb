/** What a run of a job gets. */
export interface JobContext<P> {
  readonly jobId: string;
  readonly payload: P;
  /** 1 on the first run. */
  readonly attempt: number;
  /** Aborted when staff cancel the job or the service stops: stop soon, throw or return. */
  readonly signal: AbortSignal;
  /** Adds a line to the job's log (kept with the job, shown in the dashboard). */
  log(line: string): void;
}

/** What a kind of job does; its result (if any) is kept with the job as JSON. */
export type JobHandler<P> = (context: JobContext<P>) => Promise<unknown>;

/** A kind of job a service runs. */
export interface JobKind<P = unknown> {
  /** "<service>.<what>", e.g. "offers.freshness-sweep". */
  readonly kind: string;
  readonly run: JobHandler<P>;
  /** Runs before it fails for good (default 5). */
  readonly maxAttempts?: number;
  /** The wait before the next attempt after `attempt` failed runs (default exponentialBackoff()). */
  readonly backoffMs?: (attempt: number) => number;
  /** A recurring job: a run is queued every `everyMs` (one per slot across replicas). */
  readonly everyMs?: number;
  /** What staff see of the payload in the dashboard (default: all of it); a mail's body and links stay hidden. */
  readonly show?: (payload: P) => unknown;
}

/** 5 s, 10 s, 20 s, … at most `maxMs`. */
export function exponentialBackoff(baseMs = 5_000, maxMs = 10 * 60_000): (attempt: number) => number {
  return (attempt) => Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
}
