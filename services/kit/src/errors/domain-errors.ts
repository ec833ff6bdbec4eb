/**
 * Domain errors: what went wrong, in the service's terms. Each class has one gRPC status
 * (see `status-table.ts`); anything else that escapes a handler becomes INTERNAL.
 */

export interface FieldViolation {
  /** The input field, as the caller named it (dotted for nested fields). */
  readonly field: string;
  /** What is wrong, in English (for logs and developers). */
  readonly reason: string;
  /** The rule of spec §5's catalogue that failed, e.g. 'required', 'email', 'min' (the BFF translates it). */
  readonly rule?: string;
  /** The rule's parameters, e.g. { min: '6' }. */
  readonly params?: Readonly<Record<string, string>>;
}

export interface DomainErrorOptions {
  readonly cause?: unknown;
  /** Stable UPPER_SNAKE code callers can branch on, e.g. 'LOGIN_THROTTLED' (common/v1/errors.proto). */
  readonly reason?: string;
  /** Extra values for the caller's message, e.g. { attempts_left: '2' } (ErrorDetail.metadata). */
  readonly metadata?: Readonly<Record<string, string>>;
  /** Fields at fault, also outside INVALID_ARGUMENT (e.g. "unique" on email with ALREADY_EXISTS). */
  readonly violations?: readonly FieldViolation[];
}

export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;
  readonly reason: string | undefined;
  readonly metadata: Readonly<Record<string, string>>;
  readonly violations: readonly FieldViolation[];

  constructor(message: string, options?: DomainErrorOptions) {
    super(message, options);
    this.name = new.target.name;
    this.reason = options?.reason;
    this.metadata = options?.metadata ?? {};
    this.violations = options?.violations ?? [];
  }
}

export type DomainErrorKind =
  | 'invalid_argument'
  | 'not_found'
  | 'already_exists'
  | 'conflict'
  | 'failed_precondition'
  | 'unauthenticated'
  | 'permission_denied'
  | 'rate_limited'
  | 'unavailable'
  | 'deadline_exceeded'
  | 'unimplemented';

/** Bad input: nothing was changed. Carries one violation per bad field. */
export class InvalidArgumentError extends DomainError {
  readonly kind = 'invalid_argument';
  constructor(violations: readonly FieldViolation[], options?: DomainErrorOptions) {
    super(violations.map((v) => `${v.field}: ${v.reason}`).join('; ') || 'invalid argument', {
      ...options,
      violations,
    });
  }
}

export class NotFoundError extends DomainError {
  readonly kind = 'not_found';
  constructor(
    readonly resource: string,
    readonly id: string,
    options?: DomainErrorOptions,
  ) {
    super(`${resource} ${id} not found`, options);
  }
}

export class AlreadyExistsError extends DomainError {
  readonly kind = 'already_exists';
}

/** A concurrent writer changed the record first (optimistic concurrency). Safe to retry. */
export class ConflictError extends DomainError {
  readonly kind = 'conflict';
}

/** The request is valid but the system is not in a state to do it. */
export class FailedPreconditionError extends DomainError {
  readonly kind = 'failed_precondition';
}

export class UnauthenticatedError extends DomainError {
  readonly kind = 'unauthenticated';
}

export class PermissionDeniedError extends DomainError {
  readonly kind = 'permission_denied';
}

export class RateLimitedError extends DomainError {
  readonly kind = 'rate_limited';
  constructor(
    message: string,
    readonly retryAfterMs: number,
    options?: DomainErrorOptions,
  ) {
    super(message, options);
  }
}

/** A dependency is down or the service is shutting down: retry elsewhere or later. */
export class UnavailableError extends DomainError {
  readonly kind = 'unavailable';
}

export class DeadlineExceededError extends DomainError {
  readonly kind = 'deadline_exceeded';
}

/** The RPC exists in the API but this version of the service does not serve it yet. */
export class NotImplementedError extends DomainError {
  readonly kind = 'unimplemented';
}
