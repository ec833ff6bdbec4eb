import { deadLetterTopic, type EventBus } from '../event-bus.js';
import {
  type ContractHarness,
  Recorder,
  decode,
  delay,
  encode,
  uniqueName,
  waitUntil,
} from './event-bus-contract-harness.js';

/** `concurrency` above 1: keys of one partition at once, each key still in order. */
export function describeConcurrency(harness: ContractHarness): void {
  async function onePartition(
    bus: EventBus,
    label: string,
    records: readonly [key: string, text: string][],
  ): Promise<string> {
    const topic = uniqueName(label);
    await bus.ensureTopics([
      { name: topic, partitions: 1 },
      { name: deadLetterTopic(topic), partitions: 1 },
    ]);
    await bus.publish(records.map(([key, text]) => ({ topic, key, value: encode(text) })));
    return topic;
  }

  it('handles several keys of one partition at once, each key in order and one record at a time', async () => {
    const bus = await harness.openBus();
    const published = Array.from(
      { length: 48 },
      (_, i) => [`sku-${i % 8}`, `sku-${i % 8}#${Math.floor(i / 8)}`] as [string, string],
    );
    const topic = await onePartition(bus, 'concurrent', published);
    const running = new Map<string, number>();
    let inFlight = 0;
    let mostInFlight = 0;
    let overlapsWithinKey = 0;
    const handled = new Recorder();
    await bus.subscribe({
      group: uniqueName('group'),
      topics: [topic],
      concurrency: 8,
      handler: async (record) => {
        running.set(record.key, (running.get(record.key) ?? 0) + 1);
        if (running.get(record.key)! > 1) overlapsWithinKey += 1;
        mostInFlight = Math.max(mostInFlight, ++inFlight);
        await delay(15);
        inFlight -= 1;
        running.set(record.key, running.get(record.key)! - 1);
        await handled.handler(record);
      },
    });
    await waitUntil('every record is handled', () => handled.records.length === published.length);

    expect(mostInFlight).toBeGreaterThan(1);
    expect(mostInFlight).toBeLessThanOrEqual(8);
    expect(overlapsWithinKey).toBe(0);
    for (let key = 0; key < 8; key++) {
      const order = handled.texts().filter((text) => text.startsWith(`sku-${key}#`));
      expect(order).toEqual([0, 1, 2, 3, 4, 5].map((n) => `sku-${key}#${n}`));
    }
  });

  it('retries a failed record alone while the rest of its key waits for it', async () => {
    const bus = await harness.openBus();
    const topic = await onePartition(bus, 'concurrent-retry', [
      ['a', 'a1'],
      ['b', 'b1'],
      ['a', 'a2'],
      ['b', 'b2'],
    ]);
    const deliveries: [string, number][] = [];
    await bus.subscribe({
      group: uniqueName('group'),
      topics: [topic],
      concurrency: 4,
      retry: { maxAttempts: 5, initialBackoffMs: 20, maxBackoffMs: 100 },
      handler: async (record) => {
        const text = decode(record.value);
        deliveries.push([text, record.attempt]);
        if (text === 'a1' && record.attempt === 1) throw new Error('catalog unavailable');
      },
    });
    await waitUntil('a2 and b2 are handled', () => ['a2', 'b2'].every((text) => deliveries.some(([t]) => t === text)));

    const a = deliveries.filter(([text]) => text.startsWith('a'));
    expect(a.slice(0, 3)).toEqual([
      ['a1', 1],
      ['a1', 2],
      ['a2', 1],
    ]);
    expect(deliveries.filter(([text]) => text === 'a1').map(([, attempt]) => attempt)).toEqual([1, 2]);
  });

  it('dead-letters a record that keeps failing and goes on', async () => {
    const bus = await harness.openBus();
    const topic = await onePartition(bus, 'concurrent-dlq', [
      ['p', 'poison'],
      ['q', 'q1'],
      ['p', 'p2'],
    ]);
    const good = new Recorder();
    await bus.subscribe({
      group: uniqueName('group'),
      topics: [topic],
      concurrency: 4,
      retry: { maxAttempts: 2, initialBackoffMs: 10, maxBackoffMs: 20 },
      handler: async (record) => {
        if (decode(record.value) === 'poison') throw new Error('negative price');
        await good.handler(record);
      },
    });
    const dead = new Recorder();
    await bus.subscribe({ group: uniqueName('dlq-reader'), topics: [deadLetterTopic(topic)], handler: dead.handler });
    await waitUntil('p2 is handled and poison dead-lettered', () => good.has('p2') && dead.has('poison'));
    expect(good.texts().sort()).toEqual(['p2', 'q1']);
  });

  it('moves the group past the records handled without a gap: a restart redelivers from the gap', async () => {
    const topic = uniqueName('concurrent-gap');
    const group = uniqueName('group');
    const before = await harness.openBus();
    await before.ensureTopics([{ name: topic, partitions: 1 }]);
    // a0 is slow; a1 waits for it; b0 and b1 are handled meanwhile, after the gap a1 leaves.
    await before.publish(
      [
        ['a', 'a0'],
        ['a', 'a1'],
        ['b', 'b0'],
        ['b', 'b1'],
      ].map(([key, text]) => ({ topic, key: key!, value: encode(text!) })),
    );
    const first = new Recorder();
    let releaseA0: () => void = () => {};
    const subscription = await before.subscribe({
      group,
      topics: [topic],
      concurrency: 4,
      handler: async (record) => {
        if (decode(record.value) === 'a0') await new Promise<void>((resolve) => (releaseA0 = resolve));
        await first.handler(record);
      },
    });
    await waitUntil('b0 and b1 are handled while a0 is in flight', () => first.has('b0') && first.has('b1'));
    const stopping = subscription.stop();
    releaseA0();
    await stopping;
    expect(first.texts()).not.toContain('a1'); // nothing starts once stopping
    await harness.closeBus(before);

    const after = await harness.openBus();
    const second = new Recorder();
    await after.subscribe({ group, topics: [topic], concurrency: 4, handler: second.handler });
    await waitUntil('the reopened group handles a1', () => second.has('a1'));
    await waitUntil('and redelivers what came after the gap', () => second.has('b1'));
    expect(second.texts()).not.toContain('a0');
    expect(second.texts().sort()).toEqual(['a1', 'b0', 'b1']);
  });

  it('rejects a concurrency that is not a positive integer', async () => {
    const bus = await harness.openBus();
    await expect(
      bus.subscribe({
        group: uniqueName('group'),
        topics: [uniqueName('bad')],
        concurrency: 0,
        handler: async () => {},
      }),
    ).rejects.toMatchObject({
      violations: [{ field: 'concurrency' }],
    });
  });
}
