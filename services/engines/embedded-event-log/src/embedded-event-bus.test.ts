import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { InvalidArgumentError, UnavailableError } from '@pc/kit/errors/domain-errors';
import { deadLetterTopic, type ConsumedRecord, type EventBus } from '@pc/kit/ports/event-bus';
import { Recorder, decode, encode, uniqueName, waitUntil } from '@pc/kit/ports/contracts/event-bus-contract-harness';
import type { EventLogLogger } from '@pc/kit/ports/support/events/event-bus-logger';
import { openEmbeddedEventBus } from './open-embedded-event-bus.js';
import type { EmbeddedEventBusOptions } from './embedded-event-bus-options.js';

const dataDir = mkdtempSync(join(tmpdir(), 'event-log-'));
const path = join(dataDir, 'events', 'log.sqlite');
const open: EventBus[] = [];
const openBus = (options: Partial<EmbeddedEventBusOptions> = {}): EventBus => {
  const bus = openEmbeddedEventBus({ path, ...options });
  open.push(bus);
  return bus;
};
afterEach(async () => {
  await Promise.all(open.splice(0).map((bus) => bus.close()));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// The adapter's own promises, beyond the generic contract.
describe('embedded event bus', () => {
  it('auto-creates an unknown topic with the default partition count and numbers each partition from 0', async () => {
    const bus = openBus({ defaultPartitions: 5 });
    const topic = uniqueName('auto');
    await bus.publish(Array.from({ length: 100 }, (_, n) => ({ topic, key: `k-${n % 20}`, value: encode(String(n)) })));
    await bus.ensureTopics([{ name: topic, partitions: 12 }]); // an existing topic keeps its count
    const recorder = new Recorder();
    await bus.subscribe({ group: uniqueName('group'), topics: [topic], handler: recorder.handler });
    await waitUntil('all records are handled', () => recorder.records.length === 100);

    const partitions = [...new Set(recorder.records.map((record) => record.partition))].sort();
    expect(partitions).toEqual([0, 1, 2, 3, 4]);
    for (const partition of partitions) {
      const offsets = recorder.records
        .filter((record) => record.partition === partition)
        .map((record) => record.offset);
      expect(offsets).toEqual(offsets.map((_, i) => i));
    }
  });

  it('spreads partitions fairly over the members of a group and rebalances when one joins or leaves', async () => {
    const options = { heartbeatIntervalMs: 100, sessionTimeoutMs: 5_000 };
    const producer = openBus(options);
    const topic = uniqueName('rebalance');
    await producer.ensureTopics([{ name: topic, partitions: 6 }]);
    const group = uniqueName('group');
    const owners = new Map<number, string>();
    const member = (name: string) => async (record: ConsumedRecord) => void owners.set(record.partition, name);
    await openBus(options).subscribe({ group, topics: [topic], handler: member('a') });
    await openBus(options).subscribe({ group, topics: [topic], handler: member('b') });
    const c = await openBus(options).subscribe({ group, topics: [topic], handler: member('c') });

    // One record per key across many keys reaches every partition; watch who handles each.
    const ownership = async (): Promise<number[]> => {
      owners.clear();
      await producer.publish(Array.from({ length: 60 }, (_, n) => ({ topic, key: `key-${n}`, value: encode('x') })));
      await waitUntil('every partition is consumed', () => owners.size === 6);
      return ['a', 'b', 'c'].map((name) => [...owners.values()].filter((owner) => owner === name).length);
    };
    await eventually(async () => expect(await ownership()).toEqual([2, 2, 2]));

    const stoppedAt = Date.now();
    await c.stop();
    await eventually(async () => expect((await ownership()).sort()).toEqual([0, 3, 3]));
    // c released its leases on stop, so the others did not wait for its session to expire.
    expect(Date.now() - stoppedAt).toBeLessThan(options.sessionTimeoutMs);
  });

  it('keeps counting attempts across a restart and dead-letters once they are used up', async () => {
    const topic = uniqueName('attempts');
    const group = uniqueName('group');
    const warnings: string[] = [];
    const logger: EventLogLogger = {
      info: () => undefined,
      warn: (_, message) => warnings.push(message),
      error: (_, message) => warnings.push(message),
    };
    const retry = { maxAttempts: 3, initialBackoffMs: 60_000, maxBackoffMs: 60_000 };
    const attempts: number[] = [];
    const failing = async (record: ConsumedRecord): Promise<void> => {
      attempts.push(record.attempt);
      throw new Error('still broken');
    };

    const first = openBus({ logger });
    await first.publish([{ topic, key: 'k', value: encode('poison') }]);
    await first.subscribe({ group, topics: [topic], retry, handler: failing });
    await waitUntil('the first attempt failed', () => attempts.length === 1);
    await first.close();

    const second = openBus({ logger });
    const deadLetters = new Recorder();
    await second.subscribe({ group, topics: [topic], retry: { ...retry, initialBackoffMs: 10 }, handler: failing });
    await second.subscribe({
      group: uniqueName('dlq'),
      topics: [deadLetterTopic(topic)],
      handler: deadLetters.handler,
    });
    await waitUntil('the record is dead-lettered', () => deadLetters.records.length === 1);
    expect(attempts).toEqual([1, 2, 3]);
    expect(decode(deadLetters.records[0]!.value)).toBe('poison');
    expect(warnings.filter((message) => message.includes('dead-lettered'))).toHaveLength(1);
  });

  it('rejects bad input before writing anything and refuses work once closed', async () => {
    const bus = openBus();
    const topic = uniqueName('validation');
    await expect(bus.publish([{ topic: 'bad topic!', key: 'k', value: encode('x') }])).rejects.toThrow(
      InvalidArgumentError,
    );
    await expect(
      bus.publish([
        { topic, key: 'k', value: encode('valid') },
        { topic, key: 'k', value: 'not bytes' as unknown as Uint8Array },
      ]),
    ).rejects.toThrow(InvalidArgumentError);
    await expect(bus.ensureTopics([{ name: topic, partitions: 0 }])).rejects.toThrow(InvalidArgumentError);
    await expect(bus.subscribe({ group: '', topics: [topic], handler: async () => undefined })).rejects.toThrow(
      InvalidArgumentError,
    );

    const recorder = new Recorder();
    await bus.subscribe({ group: uniqueName('group'), topics: [topic], handler: recorder.handler });
    await bus.publish([{ topic, key: 'k', value: encode('first accepted') }]);
    await waitUntil('the accepted record arrives', () => recorder.records.length === 1);
    expect(recorder.texts()).toEqual(['first accepted']);

    expect(await bus.isReady()).toBe(true);
    await bus.close();
    expect(await bus.isReady()).toBe(false);
    await expect(bus.publish([{ topic, key: 'k', value: encode('late') }])).rejects.toThrow(UnavailableError);
  });

  it('takes the service pino logger as is', () => {
    const logger: EventLogLogger = pino({ enabled: false });
    expect(() => openBus({ logger })).not.toThrow();
  });
});

/** Retries an assertion until it passes or 10 s are up (rebalancing takes a few heartbeats). */
async function eventually(assertion: () => Promise<void>): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      return await assertion();
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
  }
}
