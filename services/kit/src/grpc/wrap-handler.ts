import {
  status as GrpcStatus,
  type sendUnaryData,
  type ServerErrorResponse,
  type ServerUnaryCall,
  type ServerWritableStream,
  type UntypedHandleCall,
} from '@grpc/grpc-js';
import type { Logger } from 'pino';
import { toStatus } from '../errors/grpc-errors.js';
import { authenticateCall } from '../identity/authenticate-call.js';
import { runAsCaller } from '../identity/caller.js';
import { processIdentity, type ProcessIdentity } from '../identity/process-identity.js';
import { runInTrace } from '../telemetry/trace-context.js';
import { InboundCallContext } from './call-context.js';
import { serverMethodMetrics, type MethodMetrics } from './call-metrics.js';
import type { MethodDefinition } from './service-types.js';

type AnyHandler = (request: unknown, context: InboundCallContext) => Promise<unknown> | AsyncIterable<unknown>;

/** The handler's failure through the one status table; unknown errors logged with their stack. */
function statusOf(log: Logger, error: unknown): ServerErrorResponse {
  const { internal, ...status } = toStatus(error);
  if (internal) log.error({ err: error, code: status.code }, 'call failed with an internal error');
  else log.debug({ code: status.code, reason: (error as Error).message }, 'call failed');
  // grpc-js reads code, details and metadata; the Error shape is only its type.
  return status as ServerErrorResponse;
}

/** The caller's `traceparent` when it sent one (kept for the logs when tracing is off). */
const traceparentOf = (call: InboundCallContext): string | undefined => {
  const value = call.metadata.get('traceparent')[0];
  return typeof value === 'string' ? value : undefined;
};

/** The status grpc-js sent for a call that ended before its handler did. */
const endedBy = (context: InboundCallContext): GrpcStatus =>
  Date.now() >= context.deadline ? GrpcStatus.DEADLINE_EXCEEDED : GrpcStatus.CANCELLED;

/** The server's identity and the service principal it is (undefined for a server of no service). */
interface ServerSide {
  readonly identity: ProcessIdentity | undefined;
  readonly principal: string | undefined;
}

/**
 * Verifies the caller when the process has an identity (every service has: runService loads it)
 * and runs `work` as that caller, so the handler and the calls it makes see who called; in a test
 * platform the handler's own calls sign as the server's principal.
 */
async function asVerifiedCaller<T>(
  context: InboundCallContext,
  request: unknown,
  work: () => Promise<T>,
  server: ServerSide,
): Promise<T> {
  const identity = server.identity ?? processIdentity();
  if (!identity) return work();
  const caller = await authenticateCall(identity, context.metadata, context.method, request);
  context.caller = caller;
  const servedAs = server.principal ? identity.asPrincipal?.(server.principal) : undefined;
  return runAsCaller(caller, work, servedAs);
}

// Plain async functions rather than closures over the call: the only per-call allocations are
// the context, the handler's own promise and the trace scope.
async function serveUnary(
  call: ServerUnaryCall<unknown, unknown>,
  callback: sendUnaryData<unknown>,
  handler: AnyHandler,
  log: Logger,
  metrics: MethodMetrics,
  server: ServerSide,
): Promise<void> {
  const startedAt = performance.now();
  const context = new InboundCallContext(call, log);
  try {
    const response = await asVerifiedCaller(
      context,
      call.request,
      () => runInTrace(traceparentOf(context), () => handler(call.request, context) as Promise<unknown>),
      server,
    );
    context.finish();
    const code = call.cancelled ? endedBy(context) : GrpcStatus.OK;
    callback(null, response);
    metrics.record(code, startedAt);
  } catch (error) {
    context.finish();
    const status = statusOf(log, error);
    const code = call.cancelled ? endedBy(context) : (status.code ?? GrpcStatus.UNKNOWN);
    callback(status);
    metrics.record(code, startedAt);
  }
}

/** Resolves when the stream can take more, or the call is over. */
function writable(call: ServerWritableStream<unknown, unknown>): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      call.off('drain', done);
      call.off('cancelled', done);
      resolve();
    };
    call.on('drain', done);
    call.on('cancelled', done);
  });
}

async function serveStream(
  call: ServerWritableStream<unknown, unknown>,
  handler: AnyHandler,
  log: Logger,
  metrics: MethodMetrics,
  server: ServerSide,
): Promise<void> {
  const startedAt = performance.now();
  const context = new InboundCallContext(call, log);
  let code: GrpcStatus = GrpcStatus.OK;
  try {
    await asVerifiedCaller(
      context,
      call.request,
      () =>
        runInTrace(traceparentOf(context), async () => {
          for await (const message of handler(call.request, context) as AsyncIterable<unknown>) {
            // Stops the handler's iterator once the caller is gone or the deadline passed.
            if (call.cancelled) break;
            if (!call.write(message)) await writable(call);
          }
        }),
      server,
    );
    context.finish();
    if (call.cancelled) code = endedBy(context);
    else call.end();
  } catch (error) {
    context.finish();
    const status = statusOf(log, error);
    code = call.cancelled ? endedBy(context) : (status.code ?? GrpcStatus.UNKNOWN);
    // grpc-js ends a server stream with the status of an 'error' event.
    if (!call.cancelled) call.emit('error', status);
  }
  metrics.record(code, startedAt);
}

/**
 * Adapts an async handler (or async generator, for server streaming) to grpc-js: the caller's
 * identity verified (identity/authenticate-call.ts), trace
 * context, deadline and cancellation, error mapping through the one status table, call metrics
 * and logs. `identity`: the server's own (default: the process's, read per call); `principal`: the
 * service the server is (services.json), which its handlers' calls sign as in a test platform.
 * OpenTelemetry's gRPC instrumentation, when tracing is on, wraps what this returns in the server
 * span.
 */
export function wrapHandler(
  definition: MethodDefinition,
  handler: AnyHandler,
  logger: Logger,
  identity?: ProcessIdentity,
  principal?: string,
): UntypedHandleCall {
  const server: ServerSide = { identity, principal };
  const log = logger.child({ rpc: definition.path });
  const metrics = serverMethodMetrics(definition.path);
  if (definition.responseStream) {
    return (call: ServerWritableStream<unknown, unknown>) => void serveStream(call, handler, log, metrics, server);
  }
  return (call: ServerUnaryCall<unknown, unknown>, callback: sendUnaryData<unknown>) =>
    void serveUnary(call, callback, handler, log, metrics, server);
}
