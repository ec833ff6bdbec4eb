import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MeterProvider } from '@opentelemetry/sdk-metrics';
import { metricValue, ScrapeReader } from '@pc/kit/testing/scrape-reader';
import { openEmbeddedDocumentStore } from './embedded-document-store.js';
import { OperationTally } from '@pc/kit/telemetry/operation-tally';
import type { DocumentStore } from '@pc/kit/ports/document-store';
import { registerStoreMetrics } from '@pc/kit/telemetry/store-metrics';

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
      metricValue((await reader.collect()).resourceMetrics, 'store.operations', {
        collection: '',
        operation: 'commit',
      }) ?? 0;

    await Promise.all([
      widgets.put({ _id: 'a', size: 1 }),
      widgets.put({ _id: 'b', size: 2 }),
      widgets.put({ _id: 'c', size: 3 }),
    ]);
    await widgets.get('a');
    await widgets.get('missing');
    await widgets.find({ size: { $gt: 1 } });

    const { resourceMetrics } = await reader.collect();
    expect(metricValue(resourceMetrics, 'store.operations', { collection: name, operation: 'put' })).toBe(3);
    expect(metricValue(resourceMetrics, 'store.operations', { collection: name, operation: 'get' })).toBe(2);
    expect(metricValue(resourceMetrics, 'store.operations', { collection: name, operation: 'find' })).toBe(1);
    expect(metricValue(resourceMetrics, 'store.operations', { collection: name, operation: 'update' })).toBeUndefined();
    // The three puts of one turn share one group commit.
    expect(metricValue(resourceMetrics, 'store.operations', { collection: '', operation: 'commit' })).toBe(
      commitsBefore + 1,
    );
    expect(
      metricValue(resourceMetrics, 'store.operation.seconds', { collection: name, operation: 'put' }),
    ).toBeGreaterThan(0);
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
    expect(metricValue(resourceMetrics, 'store.operations', { collection: name, operation: 'put' })).toBe(1);
  });
});
