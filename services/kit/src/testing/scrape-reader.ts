import { AggregationTemporality, MetricReader, type ResourceMetrics } from '@opentelemetry/sdk-metrics';

/** A metric reader collected on demand, as the Prometheus exporter is on a scrape. */
export class ScrapeReader extends MetricReader {
  constructor() {
    super({ aggregationTemporalitySelector: () => AggregationTemporality.CUMULATIVE });
  }
  protected async onForceFlush(): Promise<void> {}
  protected async onShutdown(): Promise<void> {}
}

/** The value of `metric` at `attributes` in a collection, or undefined when not reported. */
export function metricValue(
  metrics: ResourceMetrics,
  metric: string,
  attributes: Record<string, string> = {},
): number | undefined {
  const points =
    metrics.scopeMetrics.flatMap((scope) => scope.metrics).find((m) => m.descriptor.name === metric)?.dataPoints ?? [];
  const point = points.find((p) => Object.entries(attributes).every(([key, value]) => p.attributes[key] === value));
  return point?.value as number | undefined;
}
