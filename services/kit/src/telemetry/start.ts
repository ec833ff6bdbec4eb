import { metrics } from '@opentelemetry/api';
import { MeterProvider, type MetricProducer, type MetricReader } from '@opentelemetry/sdk-metrics';
import { PrometheusExporter } from '@opentelemetry/exporter-prometheus';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import type { Instrumentation } from '@opentelemetry/instrumentation';

export interface Telemetry {
  /** The pull exporter behind the ops server's `/metrics`. */
  readonly prometheus: PrometheusExporter;
  readonly tracing: boolean;
  shutdown(): Promise<void>;
}

export interface TelemetryOptions {
  /**
   * Instrument HTTP and undici even without tracing, for their metrics
   * (`http.server.request.duration` of the site). Services count their RPCs themselves.
   */
  readonly instrumentAlways?: boolean;
  /**
   * Metrics made elsewhere and served with this process's own on `/metrics`: the site's primary
   * process serves those of its site processes (web/cluster/process-metrics.mjs).
   */
  readonly metricProducers?: readonly MetricProducer[];
}

let started: Telemetry | undefined;

/**
 * Starts OpenTelemetry before anything else loads (docs/conventions.md §13). Metrics are always
 * collected for `/metrics`. Traces are recorded and exported over OTLP only when an endpoint is
 * set (OTEL_EXPORTER_OTLP_ENDPOINT, or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT for traces alone), so a
 * local run pays nothing for them: the tracing modules are not even loaded. Metrics are pushed
 * over OTLP as well only with OTEL_EXPORTER_OTLP_ENDPOINT.
 */
export function startTelemetry(
  serviceName: string,
  env: NodeJS.ProcessEnv = process.env,
  options: TelemetryOptions = {},
): Telemetry {
  if (started) return started;
  const traceEndpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? env.OTEL_EXPORTER_OTLP_ENDPOINT;
  const resource = resourceFromAttributes({ [ATTR_SERVICE_NAME]: env.OTEL_SERVICE_NAME ?? serviceName });
  const prometheus = new PrometheusExporter({
    preventServerStart: true,
    metricProducers: options.metricProducers ? [...options.metricProducers] : undefined,
  });
  let stopTracing = async (): Promise<void> => {};
  let instrumentations: readonly Instrumentation[] = [];
  if (traceEndpoint || options.instrumentAlways) {
    // Loaded lazily, and instrumentation registered before anything (the OTLP exporters) pulls
    // in grpc-js, so that module is patched when the service loads it.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const tracing = require('./tracing.js') as typeof import('./tracing.js');
    instrumentations = tracing.instrumentClients(traceEndpoint ? 'traces' : 'metrics');
    if (traceEndpoint) stopTracing = tracing.startTracing(resource, () => tracing.otlpTraceExporter(env)).shutdown;
    // The SDK brings a context manager; without it the HTTP instrumentation's request context
    // (where the site sets `http.route`) would not reach the handlers.
    else tracing.trackContext();
  }

  const readers: MetricReader[] = [prometheus];
  if (env.OTEL_EXPORTER_OTLP_ENDPOINT) readers.push(otlpMetricReader(env.OTEL_EXPORTER_OTLP_ENDPOINT));
  const meterProvider = new MeterProvider({ resource, readers });
  metrics.setGlobalMeterProvider(meterProvider);
  // They were registered before the provider existed: their metrics (HTTP's RED) go to it now.
  for (const instrumentation of instrumentations) instrumentation.setMeterProvider(meterProvider);

  started = {
    prometheus,
    tracing: Boolean(traceEndpoint),
    shutdown: async () => {
      await Promise.allSettled([meterProvider.shutdown(), stopTracing()]);
    },
  };
  return started;
}

function otlpMetricReader(url: string): MetricReader {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { OTLPMetricExporter } =
    require('@opentelemetry/exporter-metrics-otlp-grpc') as typeof import('@opentelemetry/exporter-metrics-otlp-grpc');
  const { PeriodicExportingMetricReader } =
    require('@opentelemetry/sdk-metrics') as typeof import('@opentelemetry/sdk-metrics');
  /* eslint-enable @typescript-eslint/no-require-imports */
  return new PeriodicExportingMetricReader({ exporter: new OTLPMetricExporter({ url }) });
}
