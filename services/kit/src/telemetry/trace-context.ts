import { AsyncLocalStorage } from 'node:async_hooks';
import { randomFillSync } from 'node:crypto';
import { ProxyTracerProvider, trace } from '@opentelemetry/api';

/**
 * Trace ids for logs and propagation. With the OpenTelemetry SDK on, the active span wins.
 * With it off (no OTLP endpoint), calls and event handlers still carry a W3C trace id from
 * `traceparent`, kept in AsyncLocalStorage, so log lines of one request can be joined.
 */
interface TraceIds {
  readonly trace_id: string;
  readonly span_id: string;
}

const storage = new AsyncLocalStorage<TraceIds>();
const NOOP_PROVIDER = new ProxyTracerProvider().getDelegate();

/**
 * Whether an OpenTelemetry SDK registered a tracer provider (OTLP configured). Then spans carry
 * the trace, and OpenTelemetry's gRPC instrumentation propagates it; otherwise the kit does.
 */
export function tracingEnabled(): boolean {
  const provider = trace.getTracerProvider();
  return !(provider instanceof ProxyTracerProvider) || provider.getDelegate() !== NOOP_PROVIDER;
}

// Ids come from a pooled random buffer: a randomBytes call per id was ~15% of a small call's
// server CPU (bench:rpc profile).
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;
function randomHex(bytes: number): string {
  if (poolOffset + bytes > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  poolOffset += bytes;
  return pool.toString('hex', poolOffset - bytes, poolOffset);
}
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}$/;

export function currentTraceIds(): TraceIds | undefined {
  const span = trace.getActiveSpan()?.spanContext();
  if (span && span.traceId !== '00000000000000000000000000000000') {
    return { trace_id: span.traceId, span_id: span.spanId };
  }
  return storage.getStore();
}

/** Runs `fn` inside the trace of an incoming `traceparent`, or a new trace when absent or invalid. */
export function runInTrace<T>(traceparent: string | undefined, fn: () => T): T {
  const match = traceparent ? TRACEPARENT.exec(traceparent) : null;
  const ids = {
    trace_id: match?.[1] ?? randomHex(16),
    span_id: randomHex(8),
  };
  return storage.run(ids, fn);
}

/** The `traceparent` to send with an outgoing call or event from the current context. */
export function outgoingTraceparent(): string | undefined {
  const ids = currentTraceIds();
  return ids ? `00-${ids.trace_id}-${ids.span_id}-01` : undefined;
}
