import { Metadata, status as GrpcStatus, type ServiceError, type StatusObject } from '@grpc/grpc-js';
import { ErrorDetail } from '@pc/proto/common/v1/errors';
import { DomainError, RateLimitedError, type FieldViolation } from './domain-errors.js';
import { ERROR_TABLE } from './status-table.js';

/** Trailing metadata key of the structured error detail (proto common/v1/errors.proto). */
export const ERROR_DETAIL_KEY = 'pc-error-detail-bin';

export const GENERIC_INTERNAL_MESSAGE = 'internal error';

/** A failed call as seen by a client of a service. */
export class RpcError extends Error {
  constructor(
    readonly code: GrpcStatus,
    readonly details: string,
    readonly violations: readonly FieldViolation[] = [],
    readonly retryAfterMs?: number,
    readonly reason?: string,
    options?: { cause?: unknown },
    /** ErrorDetail.metadata: extra values for the caller's message (e.g. attempts_left). */
    readonly metadata: Readonly<Record<string, string>> = {},
  ) {
    super(`${GrpcStatus[code] ?? code}: ${details}`, options);
    this.name = 'RpcError';
  }
}

function detailOf(error: DomainError): ErrorDetail | undefined {
  const violations = error.violations;
  const retryAfterMs = error instanceof RateLimitedError ? error.retryAfterMs : 0;
  const metadata = { ...error.metadata };
  if (!error.reason && violations.length === 0 && !retryAfterMs && Object.keys(metadata).length === 0) return undefined;
  return {
    reason: error.reason ?? '',
    fieldViolations: violations.map((v) => ({
      field: v.field,
      reason: v.rule ?? 'invalid',
      description: v.reason,
      params: { ...v.params },
    })),
    retryAfterMs,
    metadata,
  };
}

/**
 * The status a handler's error becomes at the service edge. Domain errors keep their message
 * and carry an ErrorDetail; anything else becomes INTERNAL with a generic message (the caller
 * logs the stack).
 */
export function toStatus(error: unknown): StatusObject & { internal: boolean } {
  const metadata = new Metadata();
  if (error instanceof DomainError) {
    const detail = detailOf(error);
    if (detail) metadata.set(ERROR_DETAIL_KEY, Buffer.from(ErrorDetail.encode(detail).finish()));
    return { code: ERROR_TABLE[error.kind].grpc, details: error.message, metadata, internal: false };
  }
  if (
    error instanceof RpcError &&
    (error.code === GrpcStatus.UNAVAILABLE || error.code === GrpcStatus.DEADLINE_EXCEEDED)
  ) {
    // A dependency that is down or slow: tell the caller to retry, without leaking its details.
    return { code: error.code, details: 'a dependency is unavailable', metadata, internal: false };
  }
  return { code: GrpcStatus.INTERNAL, details: GENERIC_INTERNAL_MESSAGE, metadata, internal: true };
}

/** Turns a grpc-js ServiceError into an RpcError with its structured detail decoded. */
export function fromServiceError(error: ServiceError): RpcError {
  const raw = error.metadata?.get(ERROR_DETAIL_KEY)[0];
  let detail: ErrorDetail | undefined;
  if (Buffer.isBuffer(raw)) {
    try {
      detail = ErrorDetail.decode(raw);
    } catch {
      detail = undefined;
    }
  }
  const violations: FieldViolation[] = (detail?.fieldViolations ?? []).map((v) => ({
    field: v.field,
    reason: v.description,
    rule: v.reason,
    params: v.params,
  }));
  return new RpcError(
    error.code,
    error.details,
    violations,
    detail?.retryAfterMs || undefined,
    detail?.reason || undefined,
    { cause: error },
    detail?.metadata ?? {},
  );
}
