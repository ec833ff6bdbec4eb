import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventBus } from '@pc/kit/ports/event-bus';
import { Recorder, decode, encode, waitUntil } from '@pc/kit/ports/contracts/event-bus-contract-harness';
import { openEmbeddedEventBus } from './open-embedded-event-bus.js';
import { spawnChild, type ChildRun } from './test-support/spawn-child.js';

// Real processes killed with SIGKILL: no shutdown hook runs, a transaction may be cut in half.
const dataDir = mkdtempSync(join(tmpdir(), 'event-log-crash-'));
const path = join(dataDir, 'events', 'log.sqlite');
const buses: EventBus[] = [];
const children: ChildRun[] = [];
afterEach(async () => {
  await Promise.all(children.splice(0).map((child) => child.kill()));
  await Promise.all(buses.splice(0).map((bus) => bus.close()));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const numbersAfter = (prefix: string, lines: readonly string[]): number[] =>
  lines.filter((line) => line.startsWith(`${prefix} `)).map((line) => Number(line.slice(prefix.length + 1)));

const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('event log after kill -9', () => {
  it('keeps every record whose publish resolved, in order, and no half batch', async () => {
    const topic = 'crash.published.v1';
    const batchSize = 10;
    const publisher = spawnChild('publisher-child.ts', [path, topic, String(batchSize)]);
    children.push(publisher);
    await waitUntil(
      'the publisher acknowledged 1000 records',
      () => Math.max(-1, ...numbersAfter('acked', publisher.lines)) >= 999,
    );
    await publisher.kill();
    expect(publisher.lines.filter((line) => line.startsWith('exited early'))).toEqual([]);
    const lastAcked = Math.max(...numbersAfter('acked', publisher.lines));

    const bus = openEmbeddedEventBus({ path });
    buses.push(bus);
    // One end marker per key: each key is in order, so once all four arrive everything before has.
    await bus.publish(range(0, 3).map((k) => ({ topic, key: `key-${k}`, value: encode('end') })));
    const recorder = new Recorder();
    await bus.subscribe({ group: 'crash-reader', topics: [topic], handler: recorder.handler });
    await waitUntil('all end markers are read', () => recorder.texts().filter((text) => text === 'end').length === 4);

    const stored = recorder.records.filter((record) => decode(record.value) !== 'end');
    const sequence = stored.map((record) => Number(decode(record.value)));
    const total = sequence.length;
    // Everything acknowledged is there; at most the one batch that was committing when killed is
    // there unacknowledged; batches are all or nothing.
    expect([...sequence].sort((a, b) => a - b)).toEqual(range(0, total - 1));
    expect([lastAcked + 1, lastAcked + 1 + batchSize]).toContain(total);
    for (const k of range(0, 3)) {
      const ofKey = stored.filter((record) => record.key === `key-${k}`).map((record) => Number(decode(record.value)));
      expect(ofKey).toEqual(range(0, total - 1).filter((n) => n % 4 === k));
    }
  });

  it('resumes a killed consumer group after its last commit, redelivering at most the record in flight', async () => {
    const topic = 'crash.consumed.v1';
    const group = 'crash-consumers';
    const sessionTimeoutMs = 1_000;
    const total = 3_000;
    const bus = openEmbeddedEventBus({ path, sessionTimeoutMs, heartbeatIntervalMs: 200 });
    buses.push(bus);
    await bus.ensureTopics([{ name: topic, partitions: 1 }]);
    for (let from = 0; from < total; from += 500) {
      await bus.publish(
        range(from, from + 499).map((n) => ({ topic, key: `order-${n % 7}`, value: encode(String(n)) })),
      );
    }

    const consumer = spawnChild('consumer-child.ts', [path, topic, group, String(sessionTimeoutMs)]);
    children.push(consumer);
    await waitUntil('the consumer started 300 records', () => numbersAfter('started', consumer.lines).length >= 300);
    await consumer.kill();
    const started = numbersAfter('started', consumer.lines);
    expect(started).toEqual(range(0, started.length - 1));
    const lastStarted = started.length - 1;

    // The killed member still holds the partition; this one takes over when its lease expires.
    const successor = new Recorder();
    await bus.subscribe({ group, topics: [topic], handler: successor.handler });
    await waitUntil('the successor reaches the last record', () => successor.has(String(total - 1)));

    const resumed = successor.texts().map(Number);
    expect([lastStarted, lastStarted + 1]).toContain(resumed[0]);
    expect(resumed).toEqual(range(resumed[0]!, total - 1));
  });
});
