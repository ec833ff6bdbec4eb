/**
 * Why the guard refused or stopped a fetch. Stable codes: callers record them (a crawl job's
 * error, a feed fetch's report) and branch on them (a refusal is permanent, a timeout is not).
 */
export type FetchRefusal =
  /** Not an absolute URL. */
  | 'invalid_url'
  /** A scheme other than http/https. */
  | 'scheme'
  /** A port outside the allow-list. */
  | 'port'
  /** user:password@ in the URL. */
  | 'credentials'
  /** The host resolved (or is) an address the policy refuses: private, loopback, link-local, … */
  | 'address'
  /** The host did not resolve. */
  | 'dns';

export type FetchLimit =
  /** The body grew past the size limit. */
  | 'size'
  /** The whole exchange took longer than the time limit. */
  | 'time'
  /** More redirects than allowed. */
  | 'redirects'
  /** A redirect led back to a URL already visited. */
  | 'redirect_loop';

/** What the guard's errors share: the URL they concern. */
abstract class GuardError extends Error {
  abstract readonly code: string;
  constructor(
    message: string,
    readonly url: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** The guard refused the URL (or a redirect target) before any byte was sent to it. */
export class FetchRefusedError extends GuardError {
  readonly code = 'FETCH_REFUSED';
  constructor(
    readonly reason: FetchRefusal,
    message: string,
    url: string,
  ) {
    super(message, url);
  }
}

/** The fetch went past one of its limits and was aborted. */
export class FetchLimitError extends GuardError {
  readonly code = 'FETCH_LIMIT';
  constructor(
    readonly limit: FetchLimit,
    message: string,
    url: string,
  ) {
    super(message, url);
  }
}

/** The network failed (connection refused or reset, TLS, malformed response). */
export class FetchFailedError extends GuardError {
  readonly code = 'FETCH_FAILED';
}

export type FetchError = FetchRefusedError | FetchLimitError | FetchFailedError;

export const isFetchError = (error: unknown): error is FetchError =>
  error instanceof FetchRefusedError || error instanceof FetchLimitError || error instanceof FetchFailedError;

/** A short label for logs, metrics and job records, e.g. "refused:address", "limit:size", "failed". */
export function fetchErrorLabel(error: unknown): string {
  if (error instanceof FetchRefusedError) return `refused:${error.reason}`;
  if (error instanceof FetchLimitError) return `limit:${error.limit}`;
  return 'failed';
}
