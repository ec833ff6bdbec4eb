import { metrics } from '@opentelemetry/api';
import { MeterProvider, type MetricReader } from '@opentelemetry/sdk-metrics';
import { PrometheusExporter } from '@opentelemetry/exporter-prometheus';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';

export interface Telemetry {
  /** The pull exporter behind the ops server's `/metrics`. */
  readonly prometheus: PrometheusExporter;
  readonly tracing: boolean;
  shutdown(): Promise<void>;
}

let started: Telemetry | undefined;

/**
 * Starts OpenTelemetry before anything else loads (docs/conventions.md §13). Metrics are always
 * collected for `/metrics`; traces and OTLP export only when OTEL_EXPORTER_OTLP_ENDPOINT is set,
 * so a local run pays nothing for them: the tracing modules are not even loaded.
 */
export function startTelemetry(serviceName: string, env: NodeJS.ProcessEnv = process.env): Telemetry {
  if (started) return started;
  const endpoint = env.OTEL_EXPORTER_OTLP_ENDPOINT;
  const resource = resourceFromAttributes({ [ATTR_SERVICE_NAME]: env.OTEL_SERVICE_NAME ?? serviceName });
  const prometheus = new PrometheusExporter({ preventServerStart: true });
  const readers: MetricReader[] = [prometheus];
  let stopTracing = async (): Promise<void> => {};

  if (endpoint) {
    // Loaded lazily, and instrumentation registered before the exporters pull in grpc-js, so
    // that module is patched when the service loads it.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { startTracing } = require('./tracing.js') as typeof import('./tracing.js');
    const tracing = startTracing(resource, endpoint);
    readers.push(tracing.metricReader);
    stopTracing = tracing.shutdown;
  }

  const meterProvider = new MeterProvider({ resource, readers });
  metrics.setGlobalMeterProvider(meterProvider);
  started = {
    prometheus,
    tracing: Boolean(endpoint),
    shutdown: async () => {
      await Promise.allSettled([meterProvider.shutdown(), stopTracing()]);
    },
  };
  return started;
}
