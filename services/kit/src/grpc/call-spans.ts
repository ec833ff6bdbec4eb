import { status as GrpcStatus } from '@grpc/grpc-js';
import {
  context,
  propagation,
  ProxyTracerProvider,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Context,
  type Span,
} from '@opentelemetry/api';
import type { HeaderMap } from './transport/http2/header-collector.js';

/**
 * RPC spans for the kit's transport. OpenTelemetry's gRPC instrumentation only patches grpc-js,
 * which the kit no longer runs on, so client and server spans (semantic conventions for gRPC)
 * are made here — only when an SDK registered a tracer provider (OTLP configured), so calls pay
 * nothing for tracing that is off.
 */
const tracer = trace.getTracer('@pc/kit/grpc');
const NOOP_PROVIDER = new ProxyTracerProvider().getDelegate();

export function tracingEnabled(): boolean {
  const provider = trace.getTracerProvider();
  return !(provider instanceof ProxyTracerProvider) || provider.getDelegate() !== NOOP_PROVIDER;
}

function startSpan(path: string, kind: SpanKind, parent: Context): Span {
  const name = path.slice(1);
  const slash = name.lastIndexOf('/');
  return tracer.startSpan(
    name,
    { kind, attributes: { 'rpc.system': 'grpc', 'rpc.service': name.slice(0, slash), 'rpc.method': name.slice(slash + 1) } },
    parent,
  );
}

/** A server span, child of the caller's propagated context; returns the context to run the handler in. */
export function startServerSpan(path: string, headers: HeaderMap): { span: Span; context: Context } {
  const parent = propagation.extract(ROOT_CONTEXT, headers);
  const span = startSpan(path, SpanKind.SERVER, parent);
  return { span, context: trace.setSpan(parent, span) };
}

/** A client span, child of the active context; returns the headers that propagate it. */
export function startClientSpan(path: string): { span: Span; headers: Record<string, string> } {
  const span = startSpan(path, SpanKind.CLIENT, context.active());
  const headers: Record<string, string> = {};
  propagation.inject(trace.setSpan(context.active(), span), headers);
  return { span, headers };
}

// By the conventions, a server span is an error only for codes that mean the server failed.
const SERVER_ERRORS = new Set([
  GrpcStatus.UNKNOWN,
  GrpcStatus.DEADLINE_EXCEEDED,
  GrpcStatus.UNIMPLEMENTED,
  GrpcStatus.INTERNAL,
  GrpcStatus.UNAVAILABLE,
  GrpcStatus.DATA_LOSS,
]);

export function endSpan(span: Span, kind: SpanKind.CLIENT | SpanKind.SERVER, code: GrpcStatus): void {
  span.setAttribute('rpc.grpc.status_code', code);
  const failed = kind === SpanKind.CLIENT ? code !== GrpcStatus.OK : SERVER_ERRORS.has(code);
  if (failed) span.setStatus({ code: SpanStatusCode.ERROR, message: GrpcStatus[code] });
  span.end();
}
