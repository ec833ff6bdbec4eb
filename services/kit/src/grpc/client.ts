import { Metadata, status as GrpcStatus, type ServiceError } from '@grpc/grpc-js';
import { fromServiceError, RpcError } from '../errors/grpc-errors.js';
import { outgoingTraceparent } from '../telemetry/trace-context.js';
import { recordClientCall } from './call-metrics.js';
import { channelFor } from './channel-pool.js';
import type { MethodDefinition, RequestOf, ResponseOf, ServiceDefinition } from './service-types.js';

export interface CallOptions {
  /** Overrides the client's default deadline for this call. */
  readonly deadlineMs?: number;
  readonly signal?: AbortSignal;
  readonly metadata?: Readonly<Record<string, string>>;
}

/** A promise-based client: one async function per unary RPC of the service. */
export type ServiceClient<D extends ServiceDefinition> = {
  readonly [K in keyof D]: (request: RequestOf<D[K]>, options?: CallOptions) => Promise<ResponseOf<D[K]>>;
};

export interface ClientOptions {
  /** Deadline of every call unless the call says otherwise. Every call has one. */
  readonly deadlineMs?: number;
  /** Attempts for idempotent reads on UNAVAILABLE (1 = no retry). Writes are never retried. */
  readonly readAttempts?: number;
  /** Decides which methods are safe to retry; default: reads by name (Get, List, Search, …). */
  readonly isIdempotent?: (methodName: string) => boolean;
}

/** Reads by the naming convention of the protos (AIP-style verbs without side effects). */
export const isReadMethod = (methodName: string): boolean =>
  /^(get|list|search|batchGet|suggest|check|count|lookup)/.test(methodName);

const RETRY_BACKOFF_MS = [25, 100, 250];

function callOnce(
  address: string,
  definition: MethodDefinition,
  request: unknown,
  deadline: number,
  options: CallOptions | undefined,
): Promise<unknown> {
  const metadata = new Metadata();
  const traceparent = outgoingTraceparent();
  if (traceparent) metadata.set('traceparent', traceparent);
  if (options?.metadata) for (const [key, value] of Object.entries(options.metadata)) metadata.set(key, value);
  return new Promise((resolve, reject) => {
    const call = channelFor(address).makeUnaryRequest(
      definition.path,
      definition.requestSerialize,
      definition.responseDeserialize,
      request,
      metadata,
      { deadline },
      (error: ServiceError | null, response?: unknown) => (error ? reject(fromServiceError(error)) : resolve(response)),
    );
    options?.signal?.addEventListener('abort', () => call.cancel(), { once: true });
  });
}

/**
 * A client for one service at one address, over the process-wide channel for that address.
 * Every call carries a deadline and the trace context; idempotent reads are retried on
 * UNAVAILABLE within their deadline, with backoff.
 */
export function createServiceClient<D extends ServiceDefinition>(
  definition: D,
  address: string,
  clientOptions: ClientOptions = {},
): ServiceClient<D> {
  const defaultDeadlineMs = clientOptions.deadlineMs ?? 5_000;
  const isIdempotent = clientOptions.isIdempotent ?? isReadMethod;
  const client: Record<string, unknown> = {};

  for (const [name, method] of Object.entries(definition)) {
    if (method.requestStream || method.responseStream) continue;
    const attempts = isIdempotent(name) ? Math.max(1, clientOptions.readAttempts ?? 3) : 1;
    client[name] = async (request: unknown, options?: CallOptions) => {
      const startedAt = performance.now();
      const deadline = Date.now() + (options?.deadlineMs ?? defaultDeadlineMs);
      for (let attempt = 1; ; attempt += 1) {
        try {
          const response = await callOnce(address, method, request, deadline, options);
          recordClientCall(method.path, GrpcStatus.OK, startedAt);
          return response;
        } catch (error) {
          const retryable = error instanceof RpcError && error.code === GrpcStatus.UNAVAILABLE;
          const backoff = RETRY_BACKOFF_MS[Math.min(attempt - 1, RETRY_BACKOFF_MS.length - 1)] ?? 250;
          if (!retryable || attempt >= attempts || Date.now() + backoff >= deadline || options?.signal?.aborted) {
            recordClientCall(method.path, error instanceof RpcError ? error.code : GrpcStatus.UNKNOWN, startedAt);
            throw error;
          }
          await new Promise((resolve) => setTimeout(resolve, backoff));
        }
      }
    };
  }
  return client as ServiceClient<D>;
}
