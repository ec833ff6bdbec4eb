import { status as GrpcStatus } from '@grpc/grpc-js';
import type { DomainErrorKind } from './domain-errors.js';

/**
 * The one table from a domain error kind to its gRPC status at the service edge and its HTTP
 * status in the BFF. Every mapping in the platform goes through here (docs/conventions.md §6).
 */
export const ERROR_TABLE: Readonly<Record<DomainErrorKind, { grpc: GrpcStatus; http: number }>> = {
  invalid_argument: { grpc: GrpcStatus.INVALID_ARGUMENT, http: 400 },
  not_found: { grpc: GrpcStatus.NOT_FOUND, http: 404 },
  already_exists: { grpc: GrpcStatus.ALREADY_EXISTS, http: 409 },
  conflict: { grpc: GrpcStatus.ABORTED, http: 409 },
  failed_precondition: { grpc: GrpcStatus.FAILED_PRECONDITION, http: 422 },
  unauthenticated: { grpc: GrpcStatus.UNAUTHENTICATED, http: 401 },
  permission_denied: { grpc: GrpcStatus.PERMISSION_DENIED, http: 403 },
  rate_limited: { grpc: GrpcStatus.RESOURCE_EXHAUSTED, http: 429 },
  unavailable: { grpc: GrpcStatus.UNAVAILABLE, http: 503 },
  deadline_exceeded: { grpc: GrpcStatus.DEADLINE_EXCEEDED, http: 504 },
  unimplemented: { grpc: GrpcStatus.UNIMPLEMENTED, http: 501 },
};

const HTTP_BY_GRPC = new Map<GrpcStatus, number>(
  Object.values(ERROR_TABLE).map(({ grpc, http }) => [grpc, http] as const),
);

/** HTTP status the BFF answers for a gRPC status from a service; anything unknown is a 500. */
export function httpStatusForGrpc(code: GrpcStatus): number {
  if (code === GrpcStatus.OK) return 200;
  if (code === GrpcStatus.CANCELLED) return 499;
  return HTTP_BY_GRPC.get(code) ?? 500;
}

/** gRPC statuses whose messages are safe to show a caller; the rest are replaced by a generic text. */
export function isClientFacing(code: GrpcStatus): boolean {
  return httpStatusForGrpc(code) < 500;
}
