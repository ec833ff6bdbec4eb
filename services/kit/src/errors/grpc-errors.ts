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

/** What a handler's error becomes at the service edge, before it is written as a status. */
export interface Failure {
  readonly code: GrpcStatus;
  readonly message: string;
  readonly detail: ErrorDetail | undefined;
  /** Not the caller's fault nor a dependency's: the service logs the stack. */
  readonly internal: boolean;
}

/**
 * The one table of failures: domain errors keep their message and carry an ErrorDetail; a
 * dependency that is down or slow asks for a retry without leaking its details; anything else is
 * INTERNAL with a generic message. A status of a call (`toStatus`) and a failed item of a batch
 * (e.g. SearchProductsBatch) are both made from it.
 */
export function failureOf(error: unknown): Failure {
  if (error instanceof DomainError)
    return { code: ERROR_TABLE[error.kind].grpc, message: error.message, detail: detailOf(error), internal: false };
  if (
    error instanceof RpcError &&
    (error.code === GrpcStatus.UNAVAILABLE || error.code === GrpcStatus.DEADLINE_EXCEEDED)
  )
    return { code: error.code, message: 'a dependency is unavailable', detail: undefined, internal: false };
  return { code: GrpcStatus.INTERNAL, message: GENERIC_INTERNAL_MESSAGE, detail: undefined, internal: true };
}

/** The status a handler's error becomes at the service edge (the detail in trailing metadata). */
export function toStatus(error: unknown): StatusObject & { internal: boolean } {
  const { code, message, detail, internal } = failureOf(error);
  const metadata = new Metadata();
  if (detail) metadata.set(ERROR_DETAIL_KEY, Buffer.from(ErrorDetail.encode(detail).finish()));
  return { code, details: message, metadata, internal };
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
  return rpcError(error.code, error.details, detail, error);
}

/** The RpcError a failed item of a batch stands for: what the same call alone would have thrown. */
export function fromItemFailure(failure: { code: number; message: string; detail?: ErrorDetail }): RpcError {
  return rpcError(failure.code, failure.message, failure.detail, undefined);
}

function rpcError(code: GrpcStatus, details: string, detail: ErrorDetail | undefined, cause: unknown): RpcError {
  const violations: FieldViolation[] = (detail?.fieldViolations ?? []).map((v) => ({
    field: v.field,
    reason: v.description,
    rule: v.reason,
    params: v.params,
  }));
  return new RpcError(
    code,
    details,
    violations,
    detail?.retryAfterMs || undefined,
    detail?.reason || undefined,
    cause === undefined ? undefined : { cause },
    detail?.metadata ?? {},
  );
}
