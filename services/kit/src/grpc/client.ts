import { status as GrpcStatus } from '@grpc/grpc-js';
import { RpcError } from '../errors/grpc-errors.js';
import { outgoingTraceparent } from '../telemetry/trace-context.js';
import { SpanKind } from '@opentelemetry/api';
import { clientMethodMetrics } from './call-metrics.js';
import { endSpan, startClientSpan, tracingEnabled } from './call-spans.js';
import { channelFor, maxReceiveLength } from './channel-pool.js';
import type { MethodDefinition, RequestOf, ResponseOf, ServiceDefinition } from './service-types.js';
import { callUnary } from './transport/client-call.js';

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

interface MethodCaller {
  readonly address: string;
  readonly method: MethodDefinition;
  readonly attempts: number;
  readonly defaultDeadlineMs: number;
  readonly metrics: ReturnType<typeof clientMethodMetrics>;
}

function callOnce(caller: MethodCaller, request: unknown, deadline: number, options: CallOptions | undefined): Promise<unknown> {
  if (tracingEnabled()) return callOnceTraced(caller, request, deadline, options);
  return callUnary(channelFor(caller.address), caller.method, request, {
    deadline,
    traceparent: outgoingTraceparent(),
    metadata: options?.metadata,
    signal: options?.signal,
    maxReceiveLength: maxReceiveLength(),
  });
}

/** With tracing on, each attempt is a client span, propagated to the server in its headers. */
async function callOnceTraced(caller: MethodCaller, request: unknown, deadline: number, options: CallOptions | undefined): Promise<unknown> {
  const { span, headers } = startClientSpan(caller.method.path);
  try {
    const response = await callUnary(channelFor(caller.address), caller.method, request, {
      deadline,
      metadata: { ...options?.metadata, ...headers },
      signal: options?.signal,
      maxReceiveLength: maxReceiveLength(),
    });
    endSpan(span, SpanKind.CLIENT, GrpcStatus.OK);
    return response;
  } catch (error) {
    endSpan(span, SpanKind.CLIENT, error instanceof RpcError ? error.code : GrpcStatus.UNKNOWN);
    throw error;
  }
}

/** One call with its retries; a plain async function so a call allocates no closures of its own. */
async function call(caller: MethodCaller, request: unknown, options: CallOptions | undefined): Promise<unknown> {
  const startedAt = performance.now();
  const deadline = Date.now() + (options?.deadlineMs ?? caller.defaultDeadlineMs);
  for (let attempt = 1; ; attempt += 1) {
    try {
      const response = await callOnce(caller, request, deadline, options);
      caller.metrics.record(GrpcStatus.OK, startedAt);
      return response;
    } catch (error) {
      const retryable = error instanceof RpcError && error.code === GrpcStatus.UNAVAILABLE;
      const backoff = RETRY_BACKOFF_MS[Math.min(attempt - 1, RETRY_BACKOFF_MS.length - 1)] ?? 250;
      if (!retryable || attempt >= caller.attempts || Date.now() + backoff >= deadline || options?.signal?.aborted) {
        caller.metrics.record(error instanceof RpcError ? error.code : GrpcStatus.UNKNOWN, startedAt);
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, backoff));
    }
  }
}

/**
 * A client for one service at one address, over the process-wide channel for that address.
 * Every call carries a deadline and the trace context; idempotent reads are retried on
 * UNAVAILABLE within their deadline, with backoff. It speaks standard gRPC over HTTP/2 through
 * the kit's transport (transport/), so any gRPC server can be on the other end.
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
    const caller: MethodCaller = {
      address,
      method,
      attempts: isIdempotent(name) ? Math.max(1, clientOptions.readAttempts ?? 3) : 1,
      defaultDeadlineMs,
      metrics: clientMethodMetrics(method.path),
    };
    client[name] = (request: unknown, options?: CallOptions) => call(caller, request, options);
  }
  return client as ServiceClient<D>;
}
