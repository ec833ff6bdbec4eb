import { monitorEventLoopDelay } from 'node:perf_hooks';
import { metrics } from '@opentelemetry/api';

/** Process health for dashboards: memory and event-loop delay (the first sign of a blocked loop). */
export function registerProcessMetrics(): void {
  const meter = metrics.getMeter('@pc/kit/process');
  const loopDelay = monitorEventLoopDelay({ resolution: 20 });
  loopDelay.enable();

  meter.createObservableGauge('process.memory.rss', { unit: 'By' }).addCallback((result) => {
    result.observe(process.memoryUsage.rss());
  });
  meter.createObservableGauge('process.memory.heap_used', { unit: 'By' }).addCallback((result) => {
    result.observe(process.memoryUsage().heapUsed);
  });
  meter.createObservableGauge('nodejs.eventloop.delay.p99', { unit: 'ms' }).addCallback((result) => {
    result.observe(loopDelay.percentile(99) / 1e6);
    loopDelay.reset();
  });
}
