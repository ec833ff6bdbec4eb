import type { ConsumedRecord, EventBus } from '../event-bus.js';
import {
  type ContractHarness,
  Recorder,
  decode,
  delay,
  encode,
  uniqueName,
  waitUntil,
} from './event-bus-contract-harness.js';

/** Publishing, consuming, ordering and where a new group starts. */
export function describeDelivery(harness: ContractHarness): void {
  it('delivers a published record with its key, value, headers and position', async () => {
    const bus = await harness.openBus();
    const topic = uniqueName('round-trip');
    await bus.ensureTopics([{ name: topic, partitions: 3 }]);
    const publishedAt = Date.now();
    const headers = { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01', 'x-producer': 'catalog' };
    await bus.publish([{ topic, key: 'product-1', value: encode('{"price":1999}'), headers }]);

    const recorder = new Recorder();
    await bus.subscribe({ group: uniqueName('group'), topics: [topic], handler: recorder.handler });
    await waitUntil('the record is delivered', () => recorder.records.length === 1);

    const record = recorder.records[0]!;
    expect(record).toMatchObject({ topic, key: 'product-1', offset: 0, attempt: 1 });
    expect(decode(record.value)).toBe('{"price":1999}');
    expect(record.headers).toMatchObject(headers);
    expect(record.partition).toBeGreaterThanOrEqual(0);
    expect(record.partition).toBeLessThan(3);
    // Generous bounds: a real broker's clock may differ a little from the test's.
    expect(Math.abs(record.timestamp.getTime() - publishedAt)).toBeLessThan(10_000);
  });

  it('keeps the order of each key across many keys and partitions', async () => {
    const bus = await harness.openBus();
    const topic = uniqueName('per-key-order');
    await bus.ensureTopics([{ name: topic, partitions: 4 }]);
    const keys = Array.from({ length: 16 }, (_, i) => `sku-${i}`);
    const perKey = 25;
    for (let n = 0; n < perKey; n += 1) {
      await bus.publish(keys.map((key) => ({ topic, key, value: encode(`${key}#${n}`) })));
    }

    const handled: ConsumedRecord[] = [];
    await bus.subscribe({
      group: uniqueName('group'),
      topics: [topic],
      handler: async (record) => {
        // Yield now and then so that partitions really interleave while the handler is busy.
        if (record.offset % 5 === 0) await delay(1);
        handled.push(record);
      },
    });
    await waitUntil('every record is handled', () => handled.length >= keys.length * perKey);

    for (const key of keys) {
      const ofKey = handled.filter((record) => record.key === key);
      expect(ofKey.map((record) => decode(record.value))).toEqual(
        Array.from({ length: perKey }, (_, n) => `${key}#${n}`),
      );
      expect(new Set(ofKey.map((record) => record.partition)).size).toBe(1);
    }
    const partitions = new Set(handled.map((record) => record.partition));
    expect(partitions.size).toBeGreaterThan(1);
    for (const partition of partitions) {
      const offsets = handled.filter((record) => record.partition === partition).map((record) => record.offset);
      expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
    }
  });

  it('starts a new group at the beginning by default or with fromBeginning, and at the end without it', async () => {
    const bus = await harness.openBus();
    const topic = uniqueName('from-beginning');
    await bus.ensureTopics([{ name: topic, partitions: 1 }]);
    await bus.publish([{ topic, key: 'shop-1', value: encode('early') }]);

    const fromStart = new Recorder();
    const byDefault = new Recorder();
    const latest = new Recorder();
    await bus.subscribe({
      group: uniqueName('earliest'),
      topics: [topic],
      fromBeginning: true,
      handler: fromStart.handler,
    });
    await bus.subscribe({ group: uniqueName('default'), topics: [topic], handler: byDefault.handler });
    await bus.subscribe({
      group: uniqueName('latest'),
      topics: [topic],
      fromBeginning: false,
      handler: latest.handler,
    });
    await waitUntil('the earliest groups see the early record', () => fromStart.has('early') && byDefault.has('early'));

    // A group joins asynchronously on a real broker, so keep publishing until it receives one.
    await publishUntil(bus, topic, 'late', () => latest.records.length > 0);
    // Same key, same partition: had 'early' been delivered, it would have come first.
    expect(latest.texts()[0]).toMatch(/^late-/);
    expect(latest.has('early')).toBe(false);
  });
}

async function publishUntil(bus: EventBus, topic: string, label: string, done: () => boolean): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (let n = 0; !done(); n += 1) {
    if (Date.now() > deadline) throw new Error(`no ${label} record arrived within 20 s`);
    await bus.publish([{ topic, key: 'shop-1', value: encode(`${label}-${n}`) }]);
    await waitUntil(`a ${label} record arrives`, done, 200).catch(() => undefined);
  }
}
