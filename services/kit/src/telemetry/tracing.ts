import { registerInstrumentations, type Instrumentation } from '@opentelemetry/instrumentation';
import { GrpcInstrumentation } from '@opentelemetry/instrumentation-grpc';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { KafkaJsInstrumentation } from '@opentelemetry/instrumentation-kafkajs';
import { MongooseInstrumentation } from '@opentelemetry/instrumentation-mongoose';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import type { IncomingMessage } from 'node:http';
import { context } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import type { Resource } from '@opentelemetry/resources';
import { BatchSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';

/** Probes and scrapes would be most of a service's HTTP spans and say nothing about a request. */
const OPS_PATHS = new Set(['/healthz', '/readyz', '/metrics']);
const isOpsRequest = (request: IncomingMessage): boolean => OPS_PATHS.has((request.url ?? '').split('?')[0] ?? '');

/**
 * OpenTelemetry's own instrumentations of every client the platform talks over: gRPC
 * (@grpc/grpc-js: client and server spans, context in the call metadata), HTTP and undici
 * (fetch), kafkajs (context in the message headers, producer and consumer spans), mongoose and
 * ioredis. Elasticsearch needs none: its client (@elastic/transport) makes its own spans through
 * @opentelemetry/api. They patch those modules when they load, so this runs before anything
 * requires them. Their metrics (HTTP's RED) go to the meter provider set on them afterwards.
 *
 * For metrics alone (no trace endpoint) only HTTP and undici are instrumented: the others make
 * spans and nothing else, and a span no one records still costs each call its wrapping (a
 * tenth of the site's gRPC client time on an uncached product page).
 */
export function instrumentClients(purpose: 'traces' | 'metrics' = 'traces'): Instrumentation[] {
  const measured = [new HttpInstrumentation({ ignoreIncomingRequestHook: isOpsRequest }), new UndiciInstrumentation()];
  const instrumentations =
    purpose === 'metrics'
      ? measured
      : [
          new GrpcInstrumentation(),
          ...measured,
          new KafkaJsInstrumentation(),
          new MongooseInstrumentation(),
          new IORedisInstrumentation(),
        ];
  registerInstrumentations({ instrumentations });
  return instrumentations;
}

/** Context follows async calls (AsyncLocalStorage), as the Node SDK sets up, without spans. */
export function trackContext(): void {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
}

/** Where finished spans go: OTLP by OTEL_EXPORTER_OTLP_(TRACES_)PROTOCOL, gRPC unless told. */
export function otlpTraceExporter(env: NodeJS.ProcessEnv): SpanExporter {
  const protocol = env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL ?? 'grpc';
  // The exporters read their endpoint from OTEL_EXPORTER_OTLP_(TRACES_)ENDPOINT themselves.
  /* eslint-disable @typescript-eslint/no-require-imports */
  if (protocol === 'http/json') {
    const { OTLPTraceExporter } =
      require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http');
    return new OTLPTraceExporter();
  }
  if (protocol === 'http/protobuf') {
    const { OTLPTraceExporter } =
      require('@opentelemetry/exporter-trace-otlp-proto') as typeof import('@opentelemetry/exporter-trace-otlp-proto');
    return new OTLPTraceExporter();
  }
  if (protocol !== 'grpc') throw new Error(`OTEL_EXPORTER_OTLP_PROTOCOL: unknown protocol ${protocol}`);
  const { OTLPTraceExporter } =
    require('@opentelemetry/exporter-trace-otlp-grpc') as typeof import('@opentelemetry/exporter-trace-otlp-grpc');
  /* eslint-enable @typescript-eslint/no-require-imports */
  return new OTLPTraceExporter();
}

/**
 * Traces: Node's tracer provider (W3C trace context and baggage propagation, AsyncLocalStorage
 * context, batched export) for the instrumentations above, registered before. Only loaded when an
 * OTLP traces endpoint is set. Not the Node SDK: it would also install a meter provider of its
 * own, and the services' metrics would miss `/metrics`.
 */
export function startTracing(resource: Resource, exporter: () => SpanExporter): { shutdown: () => Promise<void> } {
  const provider = new NodeTracerProvider({ resource, spanProcessors: [new BatchSpanProcessor(exporter())] });
  provider.register();
  return { shutdown: () => provider.shutdown() };
}
