import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { GrpcInstrumentation } from '@opentelemetry/instrumentation-grpc';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import type { Resource } from '@opentelemetry/resources';
import type { MetricReader } from '@opentelemetry/sdk-metrics';

/**
 * OpenTelemetry's instrumentations of what the kit talks over: gRPC (@grpc/grpc-js, client and
 * server spans, trace context in the calls' metadata) and HTTP. They patch those modules when
 * they load, so this runs before anything requires grpc-js.
 */
export function instrumentTransports(): void {
  registerInstrumentations({ instrumentations: [new GrpcInstrumentation(), new HttpInstrumentation()] });
}

/**
 * Traces over OTLP/gRPC with gRPC and HTTP spans. Only loaded when an OTLP endpoint is set.
 * Instrumentations are registered before the exporter modules are required (they load grpc-js).
 */
export function startTracing(
  resource: Resource,
  endpoint: string,
): { metricReader: MetricReader; shutdown: () => Promise<void> } {
  instrumentTransports();
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { NodeSDK } = require('@opentelemetry/sdk-node') as typeof import('@opentelemetry/sdk-node');
  const { OTLPTraceExporter } =
    require('@opentelemetry/exporter-trace-otlp-grpc') as typeof import('@opentelemetry/exporter-trace-otlp-grpc');
  const { OTLPMetricExporter } =
    require('@opentelemetry/exporter-metrics-otlp-grpc') as typeof import('@opentelemetry/exporter-metrics-otlp-grpc');
  const { PeriodicExportingMetricReader } =
    require('@opentelemetry/sdk-metrics') as typeof import('@opentelemetry/sdk-metrics');
  /* eslint-enable @typescript-eslint/no-require-imports */

  const sdk = new NodeSDK({ resource, traceExporter: new OTLPTraceExporter({ url: endpoint }) });
  sdk.start();
  const metricReader = new PeriodicExportingMetricReader({ exporter: new OTLPMetricExporter({ url: endpoint }) });
  return { metricReader, shutdown: () => sdk.shutdown() };
}
