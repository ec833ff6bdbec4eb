import { monitorEventLoopDelay } from 'node:perf_hooks';
import { metrics } from '@opentelemetry/api';

/** Process health for dashboards: CPU, memory and event-loop delay (the first sign of a blocked loop). */
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
  // CPU seconds by mode: its rate is the cores the process keeps busy (one thread: ≤ 1 + GC).
  meter
    .createObservableCounter('process.cpu.time', { description: 'CPU time of the process, by mode', unit: 's' })
    .addCallback((result) => {
      const { user, system } = process.cpuUsage();
      result.observe(user / 1e6, { 'cpu.mode': 'user' });
      result.observe(system / 1e6, { 'cpu.mode': 'system' });
    });
  meter.createObservableGauge('nodejs.eventloop.delay.p99', { unit: 'ms' }).addCallback((result) => {
    result.observe(loopDelay.percentile(99) / 1e6);
    loopDelay.reset();
  });
}
