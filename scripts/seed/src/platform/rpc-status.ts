import { status as GrpcStatus } from '@grpc/grpc-js';
import { RpcError } from '@pc/kit/errors/grpc-errors';

/** True when a call failed with one of these gRPC codes. */
export const failedWith = (error: unknown, ...codes: GrpcStatus[]): boolean =>
  error instanceof RpcError && codes.includes(error.code);

/** The RPC is not built yet on the other side (the platform is being implemented piece by piece). */
export const isUnimplemented = (error: unknown): boolean => failedWith(error, GrpcStatus.UNIMPLEMENTED);

export const describeError = (error: unknown): string => (error instanceof Error ? error.message : String(error));
