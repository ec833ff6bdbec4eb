import { status as GrpcStatus } from '@grpc/grpc-js';
import { context as otelContext, SpanKind } from '@opentelemetry/api';
import type { Logger } from 'pino';
import { toStatus } from '../errors/grpc-errors.js';
import { runInTrace } from '../telemetry/trace-context.js';
import { InboundCallContext } from './call-context.js';
import { serverMethodMetrics, type MethodMetrics } from './call-metrics.js';
import { endSpan, startServerSpan, tracingEnabled } from './call-spans.js';
import type { MethodDefinition } from './service-types.js';
import type { Route, ServerCall } from './transport/server-call.js';

type AnyHandler = (request: unknown, context: InboundCallContext) => Promise<unknown> | AsyncIterable<unknown>;

/** Logs a failed call: unknown errors with their stack (the caller only sees a generic text). */
function logFailure(log: Logger, error: unknown, internal: boolean, code: GrpcStatus): void {
  if (internal) log.error({ err: error, code }, 'call failed with an internal error');
  else log.debug({ code, reason: (error as Error).message }, 'call failed');
}

/** Maps a handler's failure through the one status table and ends the call with it. */
function fail(call: ServerCall, log: Logger, error: unknown): GrpcStatus {
  const mapped = toStatus(error);
  logFailure(log, error, mapped.internal, mapped.code);
  return call.sendError(mapped.code, mapped.details, mapped.metadata);
}

// Plain async functions rather than closures over the call: the only per-call allocations are
// the context, the handler's own promise and the trace scope.
async function serveUnary(call: ServerCall, handler: AnyHandler, log: Logger, metrics: MethodMetrics): Promise<void> {
  const startedAt = performance.now();
  const context = new InboundCallContext(call, log);
  call.cancelListener = context;
  let code: GrpcStatus;
  try {
    code = call.sendUnary(await (handler(call.request, context) as Promise<unknown>));
  } catch (error) {
    code = fail(call, log, error);
  }
  metrics.record(code, startedAt);
}

async function serveStream(call: ServerCall, handler: AnyHandler, log: Logger, metrics: MethodMetrics): Promise<void> {
  const startedAt = performance.now();
  const context = new InboundCallContext(call, log);
  call.cancelListener = context;
  let code: GrpcStatus;
  try {
    for await (const message of handler(call.request, context) as AsyncIterable<unknown>) {
      // Stops the handler's iterator once the call is over for any reason (caller gone, deadline, bad message).
      if (call.finished || context.isCancelled) break;
      if (!call.write(message)) await call.drained();
    }
    code = call.end();
  } catch (error) {
    code = fail(call, log, error);
  }
  metrics.record(code, startedAt);
}

/**
 * Adapts an async handler to the transport: trace context, deadline and cancellation, error
 * mapping through the one status table, call metrics and logs.
 */
export function wrapHandler(definition: MethodDefinition, handler: AnyHandler, logger: Logger): Route['handle'] {
  const log = logger.child({ rpc: definition.path });
  const metrics = serverMethodMetrics(definition.path);
  const serve = definition.responseStream ? serveStream : serveUnary;
  return (call) => {
    if (!tracingEnabled()) return void runInTrace(call.traceparent, () => serve(call, handler, log, metrics));
    const { span, context } = startServerSpan(call.method, call.headers);
    void otelContext
      .with(context, () => runInTrace(call.traceparent, () => serve(call, handler, log, metrics)))
      .then(() => endSpan(span, SpanKind.SERVER, call.statusCode ?? GrpcStatus.UNKNOWN));
  };
}
