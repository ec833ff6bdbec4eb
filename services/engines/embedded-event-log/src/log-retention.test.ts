import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { InvalidArgumentError } from '@pc/kit/errors/domain-errors';
import type { EventBus, Subscription } from '@pc/kit/ports/event-bus';
import { Recorder, delay, encode, uniqueName, waitUntil } from '@pc/kit/ports/contracts/event-bus-contract-harness';
import type { EventLogLogger } from '@pc/kit/ports/support/events/event-bus-logger';
import { openLogConnections, type LogConnections } from './log-database.js';
import { LogRetention } from './log-retention.js';
import { openEmbeddedEventBus } from './open-embedded-event-bus.js';
import type { EmbeddedEventBusOptions } from './embedded-event-bus-options.js';

const RETENTION_MS = 150;
const dataDir = mkdtempSync(join(tmpdir(), 'event-log-retention-'));
let path = '';
const buses: EventBus[] = [];
const subscriptions: Subscription[] = [];
const connections: LogConnections[] = [];

beforeEach(() => {
  path = join(mkdtempSync(join(dataDir, 'log-')), 'log.sqlite');
});
afterEach(async () => {
  await Promise.all(subscriptions.splice(0).map((subscription) => subscription.stop()));
  await Promise.all(buses.splice(0).map((bus) => bus.close()));
  for (const { appends, consumers } of connections.splice(0)) {
    appends.close();
    consumers.close();
  }
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// The bus's own schedule is off unless a test asks for it: these tests prune when they choose.
const openBus = (options: Partial<EmbeddedEventBusOptions> = {}): EventBus => {
  const bus = openEmbeddedEventBus({
    path,
    retentionMs: 0,
    heartbeatIntervalMs: 50,
    sessionTimeoutMs: 1_000,
    ...options,
  });
  buses.push(bus);
  return bus;
};
const openRetention = (retentionMs = RETENTION_MS): LogRetention => {
  const opened = openLogConnections(path, 5_000);
  connections.push(opened);
  return new LogRetention(opened.consumers, { retentionMs, intervalMs: 60_000, deleteBatchSize: 3 });
};
const publish = (bus: EventBus, topic: string, texts: readonly string[]) =>
  bus.publish(texts.map((text) => ({ topic, key: 'one-key', value: encode(text) })));
const texts = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}${i}`);

/** Subscribes `group`, waits until it has read `count` records, stops it (the group has left). */
async function readAndLeave(bus: EventBus, group: string, topic: string, count: number): Promise<void> {
  const recorder = new Recorder();
  const subscription = await bus.subscribe({ group, topics: [topic], handler: recorder.handler });
  await waitUntil(`${group} read ${count} records`, () => recorder.records.length === count);
  await subscription.stop();
}

async function readAll(bus: EventBus, group: string, topic: string, count: number) {
  const recorder = new Recorder();
  subscriptions.push(await bus.subscribe({ group, topics: [topic], handler: recorder.handler }));
  await waitUntil(`${group} read ${count} records`, () => recorder.records.length >= count);
  await delay(100); // nothing more arrives
  return recorder.records.map((record) => ({ offset: record.offset, text: new TextDecoder().decode(record.value) }));
}

describe('event log retention', () => {
  it('deletes the records every group has read once they are older than retention, and keeps the young ones', async () => {
    const bus = openBus();
    const topic = uniqueName('retention');
    await bus.ensureTopics([{ name: topic, partitions: 1 }]);
    await publish(bus, topic, texts('old-', 10));
    await readAndLeave(bus, uniqueName('reader'), topic, 10);
    await delay(RETENTION_MS + 50);
    await publish(bus, topic, texts('young-', 4));

    expect(await openRetention().prune()).toBe(10);

    const newcomer = uniqueName('newcomer');
    expect(await bus.consumerLag(newcomer, [topic])).toBe(4);
    const logged = { info: [] as Record<string, unknown>[], warn: [] as Record<string, unknown>[] };
    const logger: EventLogLogger = {
      info: (fields) => void logged.info.push(fields),
      warn: (fields) => void logged.warn.push(fields),
      error: () => undefined,
    };
    expect(await readAll(openBus({ logger }), newcomer, topic, 4)).toEqual(
      texts('young-', 4).map((text, i) => ({ offset: 10 + i, text })),
    );
    // A group that starts at the beginning lost nothing it had: no warning.
    expect(logged.info).toContainEqual(expect.objectContaining({ topic, offset: 0, resumedAt: 10 }));
    expect(logged.warn.filter((fields) => fields['topic'] === topic)).toEqual([]);
  });

  it('keeps what a live group has not read, however old', async () => {
    const bus = openBus();
    const topic = uniqueName('retention');
    await bus.ensureTopics([{ name: topic, partitions: 1 }]);
    await publish(bus, topic, texts('r-', 6));
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const seen: number[] = [];
    subscriptions.push(
      await bus.subscribe({
        group: uniqueName('slow'),
        topics: [topic],
        handler: async (record) => {
          seen.push(record.offset);
          if (record.offset === 2) await released;
        },
      }),
    );
    await waitUntil('the slow group is stuck on offset 2', () => seen.includes(2));
    await delay(RETENTION_MS + 50);

    expect(await openRetention().prune()).toBe(2); // offsets 0 and 1 are read
    release();
    await waitUntil('the slow group read the rest', () => seen.length === 6);
    expect(seen).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('stops holding records for a group gone longer than retention; back, it resumes at the oldest left and says so', async () => {
    const bus = openBus();
    const topic = uniqueName('retention');
    const group = uniqueName('absent');
    await bus.ensureTopics([{ name: topic, partitions: 1 }]);
    await publish(bus, topic, texts('read-', 3));
    await readAndLeave(bus, group, topic, 3);
    await publish(bus, topic, texts('missed-', 3));
    await delay(RETENTION_MS + 50);
    await publish(bus, topic, texts('kept-', 2));

    expect(await openRetention().prune()).toBe(6);

    const warnings: Record<string, unknown>[] = [];
    const logger: EventLogLogger = {
      info: () => undefined,
      error: () => undefined,
      warn: (fields) => void warnings.push(fields),
    };
    const back = openBus({ logger });
    expect(await readAll(back, group, topic, 2)).toEqual([
      { offset: 6, text: 'kept-0' },
      { offset: 7, text: 'kept-1' },
    ]);
    expect(warnings).toContainEqual(expect.objectContaining({ topic, offset: 3, resumedAt: 6, skipped: 3 }));
  });

  it('lets one of the processes sharing the log prune per interval', () => {
    openBus();
    const first = openRetention();
    const second = openRetention();
    const now = Date.now();
    expect(first.claimRun(now)).toBe(true);
    expect(second.claimRun(now + 1_000)).toBe(false);
    expect(second.claimRun(now + 60_000)).toBe(true);
  });

  it('prunes on its own schedule in the background of a bus', async () => {
    const bus = openBus({ retentionMs: 100, retentionCheckIntervalMs: 200 });
    const topic = uniqueName('retention');
    await bus.ensureTopics([{ name: topic, partitions: 2 }]);
    await bus.publish(texts('k', 20).map((key) => ({ topic, key, value: encode(key) })));
    await readAndLeave(bus, uniqueName('reader'), topic, 20);
    const newcomer = uniqueName('newcomer');
    expect(await bus.consumerLag(newcomer, [topic])).toBe(20);
    await waitUntil(
      'retention deleted the read records',
      async () => (await bus.consumerLag(newcomer, [topic])) === 0,
      5_000,
    );
  });

  it('upgrades a log written by the schema before retention', async () => {
    await openBus().close();
    const db = new Database(path);
    db.exec('DROP TABLE log_maintenance');
    db.pragma('user_version = 1');
    db.close();

    const bus = openBus();
    const topic = uniqueName('upgrade');
    await publish(bus, topic, ['kept across the upgrade']);
    expect(openRetention().claimRun()).toBe(true);
    expect(await readAll(bus, uniqueName('reader'), topic, 1)).toEqual([
      { offset: 0, text: 'kept across the upgrade' },
    ]);
  });

  it('rejects a negative retention', () => {
    expect(() => openEmbeddedEventBus({ path, retentionMs: -1 })).toThrow(InvalidArgumentError);
    expect(() => openEmbeddedEventBus({ path, retentionMs: -1 })).toThrow(/retentionMs/);
  });
});
