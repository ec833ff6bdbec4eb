import type { status as GrpcStatus } from '@grpc/grpc-js';

/** A failure inside the transport that already knows its gRPC status (bad frame, bad codec…). */
export class TransportError extends Error {
  constructor(
    readonly code: GrpcStatus,
    readonly details: string,
  ) {
    super(details);
    this.name = 'TransportError';
  }
}
