import { Metadata, status as GrpcStatus, type ServiceError, type StatusObject } from '@grpc/grpc-js';
import {
  DomainError,
  InvalidArgumentError,
  RateLimitedError,
  type FieldViolation,
} from './domain-errors.js';
import { ERROR_TABLE } from './status-table.js';

/** Trailing metadata keys that carry structured error details next to the status. */
export const ERROR_METADATA = {
  // Binary (-bin) so field names and reasons in any language survive (ASCII-only otherwise).
  violations: 'x-field-violations-bin',
  retryAfterMs: 'x-retry-after-ms',
} as const;

export const GENERIC_INTERNAL_MESSAGE = 'internal error';

/** A failed call as seen by a client of a service. */
export class RpcError extends Error {
  constructor(
    readonly code: GrpcStatus,
    readonly details: string,
    readonly violations: readonly FieldViolation[] = [],
    readonly retryAfterMs?: number,
    options?: { cause?: unknown },
  ) {
    super(`${GrpcStatus[code] ?? code}: ${details}`, options);
    this.name = 'RpcError';
  }
}

/**
 * The status a handler's error becomes at the service edge. Domain errors keep their message;
 * anything else becomes INTERNAL with a generic message (the caller logs the stack).
 */
export function toStatus(error: unknown): StatusObject & { internal: boolean } {
  const metadata = new Metadata();
  if (error instanceof DomainError) {
    if (error instanceof InvalidArgumentError) {
      metadata.set(ERROR_METADATA.violations, Buffer.from(JSON.stringify(error.violations)));
    }
    if (error instanceof RateLimitedError) {
      metadata.set(ERROR_METADATA.retryAfterMs, String(error.retryAfterMs));
    }
    return { code: ERROR_TABLE[error.kind].grpc, details: error.message, metadata, internal: false };
  }
  if (error instanceof RpcError && (error.code === GrpcStatus.UNAVAILABLE || error.code === GrpcStatus.DEADLINE_EXCEEDED)) {
    // A dependency that is down or slow: tell the caller to retry, without leaking its details.
    return { code: error.code, details: 'a dependency is unavailable', metadata, internal: false };
  }
  return { code: GrpcStatus.INTERNAL, details: GENERIC_INTERNAL_MESSAGE, metadata, internal: true };
}

/** Turns a grpc-js ServiceError into an RpcError with its structured details decoded. */
export function fromServiceError(error: ServiceError): RpcError {
  const rawViolations = error.metadata?.get(ERROR_METADATA.violations)[0];
  const rawRetry = error.metadata?.get(ERROR_METADATA.retryAfterMs)[0];
  let violations: FieldViolation[] = [];
  if (Buffer.isBuffer(rawViolations)) {
    try {
      violations = JSON.parse(rawViolations.toString('utf8')) as FieldViolation[];
    } catch {
      violations = [];
    }
  }
  const retryAfterMs = typeof rawRetry === 'string' ? Number(rawRetry) : undefined;
  return new RpcError(error.code, error.details, violations, retryAfterMs, { cause: error });
}
