import {
  Metadata,
  status as GrpcStatus,
  type Client,
  type ClientReadableStream,
  type ServiceError,
} from '@grpc/grpc-js';
import type { GrpcTlsFiles } from '../config/grpc-tls-config.js';
import { fromServiceError, RpcError } from '../errors/grpc-errors.js';
import { callCredentials } from '../identity/call-credentials.js';
import { outgoingTraceparent, tracingEnabled } from '../telemetry/trace-context.js';
import { clientMethodMetrics, type MethodMetrics } from './call-metrics.js';
import { channelRef } from './channel-pool.js';
import type { MethodDefinition, RequestOf, ResponseOf, ServiceDefinition } from './service-types.js';

export interface CallOptions {
  /** Overrides the client's default deadline for this call. */
  readonly deadlineMs?: number;
  readonly signal?: AbortSignal;
  readonly metadata?: Readonly<Record<string, string>>;
  /**
   * The signed-in user the call is for, when the request names none in `actor_user_id`: a user
   * front (web, admin, ops) signs a user token for them. Inside a handler the caller's token is
   * passed on instead.
   */
  readonly asUser?: string;
  /**
   * The call is for no user: neither the caller's user token (inside a handler) nor one for
   * `asUser` or the request's actor is sent, so the callee answers what it answers a visitor.
   * For reads meant to be public (a directory), whoever the handler is serving.
   */
  readonly withoutUser?: boolean;
}

/**
 * A promise-based client: one async function per unary RPC of the service, and one returning an
 * async iterable of the messages per server-streaming RPC.
 */
export type ServiceClient<D extends ServiceDefinition> = {
  readonly [K in keyof D]: D[K] extends { responseStream: true }
    ? (request: RequestOf<D[K]>, options?: CallOptions) => AsyncIterable<ResponseOf<D[K]>>
    : (request: RequestOf<D[K]>, options?: CallOptions) => Promise<ResponseOf<D[K]>>;
};

export interface ClientOptions {
  /** Deadline of every call unless the call says otherwise. Every call has one. */
  readonly deadlineMs?: number;
  /** TLS files of this client; default: the process's (its GRPC_TLS_*, see `setClientTls`). */
  readonly tls?: GrpcTlsFiles;
}

interface MethodCaller {
  readonly channel: () => Client;
  readonly method: MethodDefinition;
  readonly defaultDeadlineMs: number;
  readonly metrics: MethodMetrics;
}

/**
 * The call's metadata: the caller's entries and, with tracing off, the trace context of the log
 * lines (with tracing on, OpenTelemetry's gRPC instrumentation propagates the active span).
 */
async function metadataOf(request: unknown, options: CallOptions | undefined): Promise<Metadata> {
  const metadata = new Metadata();
  if (options?.metadata) for (const [key, value] of Object.entries(options.metadata)) metadata.set(key, value);
  for (const [key, value] of await callCredentials(request, options)) metadata.set(key, value);
  if (!tracingEnabled() && !options?.metadata?.traceparent) {
    const traceparent = outgoingTraceparent();
    if (traceparent) metadata.set('traceparent', traceparent);
  }
  return metadata;
}

const toRpcError = (error: unknown): unknown =>
  error instanceof Error && typeof (error as ServiceError).code === 'number'
    ? fromServiceError(error as ServiceError)
    : error;

async function callUnary(caller: MethodCaller, request: unknown, options: CallOptions | undefined): Promise<unknown> {
  const startedAt = performance.now();
  const { method } = caller;
  const metadata = await metadataOf(request, options);
  return new Promise((resolve, reject) => {
    const signal = options?.signal;
    if (signal?.aborted) {
      reject(new RpcError(GrpcStatus.CANCELLED, 'cancelled by the caller before it started'));
      return;
    }
    const deadline = Date.now() + (options?.deadlineMs ?? caller.defaultDeadlineMs);
    const onAbort = (): void => call.cancel();
    const call = caller
      .channel()
      .makeUnaryRequest(
        method.path,
        method.requestSerialize,
        method.responseDeserialize,
        request,
        metadata,
        { deadline },
        (error, response) => {
          signal?.removeEventListener('abort', onAbort);
          if (error) {
            caller.metrics.record(error.code, startedAt);
            reject(fromServiceError(error));
          } else {
            caller.metrics.record(GrpcStatus.OK, startedAt);
            resolve(response);
          }
        },
      );
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

async function* callServerStream(
  caller: MethodCaller,
  request: unknown,
  options: CallOptions | undefined,
): AsyncIterable<unknown> {
  const startedAt = performance.now();
  const { method } = caller;
  const deadline = Date.now() + (options?.deadlineMs ?? caller.defaultDeadlineMs);
  const metadata = await metadataOf(request, options);
  const call: ClientReadableStream<unknown> = caller
    .channel()
    .makeServerStreamRequest(method.path, method.requestSerialize, method.responseDeserialize, request, metadata, {
      deadline,
    });
  let code: GrpcStatus | undefined;
  call.on('status', (status: { code: GrpcStatus }) => (code = status.code));
  const onAbort = (): void => call.cancel();
  options?.signal?.addEventListener('abort', onAbort, { once: true });
  if (options?.signal?.aborted) call.cancel();
  try {
    for await (const message of call) yield message;
  } catch (error) {
    throw toRpcError(error);
  } finally {
    options?.signal?.removeEventListener('abort', onAbort);
    // The consumer stopped early: the server stops producing.
    if (code === undefined) call.cancel();
    caller.metrics.record(code ?? GrpcStatus.CANCELLED, startedAt);
  }
}

/**
 * A client for one service at one target (`host:port` or `dns:///host:port`), over the
 * process-wide channel to that target: round robin over every address the name resolves to,
 * reads retried on UNAVAILABLE by the channel's service config (channel-options.ts). Every call
 * carries a deadline and the trace context; failures are RpcErrors with the ErrorDetail decoded.
 */
export function createServiceClient<D extends ServiceDefinition>(
  definition: D,
  address: string,
  clientOptions: ClientOptions = {},
): ServiceClient<D> {
  const channel = channelRef(address, clientOptions.tls);
  const client: Record<string, unknown> = {};
  for (const [name, method] of Object.entries(definition)) {
    if (method.requestStream) continue;
    const caller: MethodCaller = {
      channel,
      method,
      defaultDeadlineMs: clientOptions.deadlineMs ?? 5_000,
      metrics: clientMethodMetrics(method.path),
    };
    client[name] = method.responseStream
      ? (request: unknown, options?: CallOptions) => callServerStream(caller, request, options)
      : (request: unknown, options?: CallOptions) => callUnary(caller, request, options);
  }
  return client as ServiceClient<D>;
}
