import {
  status as GrpcStatus,
  type sendUnaryData,
  type ServerUnaryCall,
  type ServerWritableStream,
  type UntypedHandleCall,
} from '@grpc/grpc-js';
import type { Logger } from 'pino';
import { toStatus } from '../errors/grpc-errors.js';
import { runInTrace } from '../telemetry/trace-context.js';
import { InboundCallContext } from './call-context.js';
import { recordServerCall } from './call-metrics.js';
import type { MethodDefinition } from './service-types.js';

type AnyHandler = (request: unknown, context: InboundCallContext) => Promise<unknown> | AsyncIterable<unknown>;

function deadlineOf(call: ServerUnaryCall<unknown, unknown> | ServerWritableStream<unknown, unknown>): number {
  const deadline = call.getDeadline();
  return deadline instanceof Date ? deadline.getTime() : deadline;
}

function traceparentOf(call: ServerUnaryCall<unknown, unknown>): string | undefined {
  const value = call.metadata.get('traceparent')[0];
  return typeof value === 'string' ? value : undefined;
}

/** Logs a failed call: unknown errors with their stack (the caller only sees a generic text). */
function logFailure(log: Logger, error: unknown, internal: boolean, code: GrpcStatus): void {
  if (internal) log.error({ err: error, code }, 'call failed with an internal error');
  else log.debug({ code, reason: (error as Error).message }, 'call failed');
}

/** Calls the handler; a synchronous throw becomes a rejection like any other failure. */
function invoke(handler: AnyHandler, request: unknown, context: InboundCallContext): Promise<unknown> {
  try {
    return handler(request, context) as Promise<unknown>;
  } catch (error) {
    return Promise.reject(error);
  }
}

/**
 * Adapts an async handler to grpc-js: trace context, deadline and cancellation, error mapping
 * through the one status table, call metrics and logs.
 */
export function wrapHandler(definition: MethodDefinition, handler: AnyHandler, logger: Logger): UntypedHandleCall {
  const method = definition.path;
  const methodLog = logger.child({ rpc: method });

  if (definition.responseStream) {
    return (call: ServerWritableStream<unknown, unknown>) =>
      runInTrace(traceparentOf(call), async () => {
        const startedAt = performance.now();
        const context = new InboundCallContext(method, call.metadata, deadlineOf(call), methodLog);
        call.once('cancelled', () => context.cancel());
        try {
          for await (const message of handler(call.request, context) as AsyncIterable<unknown>) {
            if (context.isCancelled) break;
            call.write(message);
          }
          call.end();
          recordServerCall(method, GrpcStatus.OK, startedAt);
        } catch (error) {
          const mapped = toStatus(error);
          logFailure(methodLog, error, mapped.internal, mapped.code);
          call.destroy(Object.assign(new Error(mapped.details), mapped));
          recordServerCall(method, mapped.code, startedAt);
        } finally {
          context.dispose();
        }
      });
  }

  return (call: ServerUnaryCall<unknown, unknown>, callback: sendUnaryData<unknown>) =>
    runInTrace(traceparentOf(call), () => {
      const startedAt = performance.now();
      const context = new InboundCallContext(method, call.metadata, deadlineOf(call), methodLog);
      call.once('cancelled', () => context.cancel());
      invoke(handler, call.request, context).then(
        (response) => {
          context.dispose();
          recordServerCall(method, GrpcStatus.OK, startedAt);
          callback(null, response);
        },
        (error: unknown) => {
          context.dispose();
          const mapped = toStatus(error);
          logFailure(methodLog, error, mapped.internal, mapped.code);
          recordServerCall(method, mapped.code, startedAt);
          callback(mapped);
        },
      );
    });
}
