import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AggregationTemporality, MeterProvider, MetricReader, type ResourceMetrics } from '@opentelemetry/sdk-metrics';
import { openEmbeddedDocumentStore } from './embedded-document-store.js';
import { OperationTally } from '@pc/kit/telemetry/operation-tally';
import type { DocumentStore } from '@pc/kit/ports/document-store';
import { registerStoreMetrics } from '@pc/kit/telemetry/store-metrics';

/** A reader collected on demand, as the Prometheus exporter is on a scrape. */
class ScrapeReader extends MetricReader {
  constructor() {
    super({ aggregationTemporalitySelector: () => AggregationTemporality.CUMULATIVE });
  }
  protected async onForceFlush(): Promise<void> {}
  protected async onShutdown(): Promise<void> {}
}

/** The value of `metric` at `attributes`, or undefined when not reported. */
function valueOf(metrics: ResourceMetrics, metric: string, attributes: Record<string, string>): number | undefined {
  const points =
    metrics.scopeMetrics.flatMap((scope) => scope.metrics).find((m) => m.descriptor.name === metric)?.dataPoints ?? [];
  const point = points.find((p) => Object.entries(attributes).every(([key, value]) => p.attributes[key] === value));
  return point?.value as number | undefined;
}

describe('store metrics', () => {
  let dir: string;
  let store: DocumentStore;
  const reader = new ScrapeReader();
  const provider = new MeterProvider({ readers: [reader] });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'store-metrics-'));
    store = await openEmbeddedDocumentStore({ path: join(dir, 'documents.sqlite') });
    registerStoreMetrics(provider.getMeter('test'));
  });

  afterAll(async () => {
    await store.close();
    await provider.shutdown();
    rmSync(dir, { recursive: true, force: true });
  });

  it('counts each collection operation by kind, with the time it held the thread, and the group commits', async () => {
    const name = `widgets_${process.pid}`;
    const widgets = await store.collection<{ _id: string; size: number }>({ name, indexes: [{ fields: ['size'] }] });
    const commitsBefore =
      valueOf((await reader.collect()).resourceMetrics, 'store.operations', { collection: '', operation: 'commit' }) ??
      0;

    await Promise.all([
      widgets.put({ _id: 'a', size: 1 }),
      widgets.put({ _id: 'b', size: 2 }),
      widgets.put({ _id: 'c', size: 3 }),
    ]);
    await widgets.get('a');
    await widgets.get('missing');
    await widgets.find({ size: { $gt: 1 } });

    const { resourceMetrics } = await reader.collect();
    expect(valueOf(resourceMetrics, 'store.operations', { collection: name, operation: 'put' })).toBe(3);
    expect(valueOf(resourceMetrics, 'store.operations', { collection: name, operation: 'get' })).toBe(2);
    expect(valueOf(resourceMetrics, 'store.operations', { collection: name, operation: 'find' })).toBe(1);
    expect(valueOf(resourceMetrics, 'store.operations', { collection: name, operation: 'update' })).toBeUndefined();
    // The three puts of one turn share one group commit.
    expect(valueOf(resourceMetrics, 'store.operations', { collection: '', operation: 'commit' })).toBe(
      commitsBefore + 1,
    );
    expect(valueOf(resourceMetrics, 'store.operation.seconds', { collection: name, operation: 'put' })).toBeGreaterThan(
      0,
    );
  });

  it("counts a commit's own time apart from its writes'", () => {
    // A clock the test advances: the times are exact, whatever the machine's load.
    let nanoseconds = 0n;
    const tally = new OperationTally(() => nanoseconds);
    const spend = (ms: number) => (nanoseconds += BigInt(ms) * 1_000_000n);
    tally.time('', 'commit', () => {
      spend(5);
      tally.time('widgets', 'put', () => spend(20));
      spend(1);
    });
    tally.time('widgets', 'put', () => spend(3));
    const seconds = Object.fromEntries(tally.counts().map((c) => [c.operation, c.seconds]));
    expect(seconds.put).toBeCloseTo(0.023, 9);
    expect(seconds.commit).toBeCloseTo(0.006, 9); // 0.026 if the put inside it were counted in it
  });

  it('counts a failed operation too', async () => {
    const name = `gadgets_${process.pid}`;
    const gadgets = await store.collection<{ _id: string }>({ name });
    await expect(gadgets.put({ _id: 'x' }, { expectedVersion: 7 })).rejects.toThrow();
    const { resourceMetrics } = await reader.collect();
    expect(valueOf(resourceMetrics, 'store.operations', { collection: name, operation: 'put' })).toBe(1);
  });
});
