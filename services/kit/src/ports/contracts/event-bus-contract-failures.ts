import { DLQ_HEADERS, deadLetterTopic, type ConsumedRecord } from '../event-bus.js';
import { type ContractHarness, Recorder, decode, encode, uniqueName, waitUntil } from './event-bus-contract-harness.js';

/** Redelivery with backoff, and dead letters for records that keep failing. */
export function describeFailures(harness: ContractHarness): void {
  it('redelivers a failing record with a growing attempt and backoff until it succeeds', async () => {
    const bus = await harness.openBus();
    const topic = uniqueName('retry');
    await bus.ensureTopics([{ name: topic, partitions: 1 }]);
    await bus.publish(['flaky', 'after'].map((text) => ({ topic, key: 'alert-1', value: encode(text) })));

    const deliveries: { text: string; attempt: number; offset: number; at: number }[] = [];
    await bus.subscribe({
      group: uniqueName('group'),
      topics: [topic],
      retry: { maxAttempts: 5, initialBackoffMs: 100, maxBackoffMs: 1_000 },
      handler: async (record) => {
        const text = decode(record.value);
        deliveries.push({ text, attempt: record.attempt, offset: record.offset, at: Date.now() });
        if (text === 'flaky' && record.attempt < 3) throw new Error('push service timed out');
      },
    });
    await waitUntil('the record after the flaky one is handled', () => deliveries.some((d) => d.text === 'after'));

    expect(deliveries.map((d) => [d.text, d.attempt])).toEqual([
      ['flaky', 1],
      ['flaky', 2],
      ['flaky', 3],
      ['after', 1],
    ]);
    expect(new Set(deliveries.slice(0, 3).map((d) => d.offset)).size).toBe(1);
    // Backoff before attempt n+1 is initialBackoffMs * 2^(n-1): 100 ms, then 200 ms (10% timer slack).
    const [first, second, third] = deliveries;
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(90);
    expect(third!.at - second!.at).toBeGreaterThanOrEqual(180);
  });

  it('moves a record that keeps failing to <topic>.dlq and goes on with the next one', async () => {
    const bus = await harness.openBus();
    const topic = uniqueName('dlq');
    const dlq = deadLetterTopic(topic);
    await bus.ensureTopics([
      { name: topic, partitions: 1 },
      { name: dlq, partitions: 1 },
    ]);
    const headers = { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' };
    await bus.publish(['poison', 'good'].map((text) => ({ topic, key: 'sku-9', value: encode(text), headers })));

    const poisonDeliveries: ConsumedRecord[] = [];
    const good = new Recorder();
    await bus.subscribe({
      group: uniqueName('group'),
      topics: [topic],
      retry: { maxAttempts: 3, initialBackoffMs: 10, maxBackoffMs: 50 },
      handler: async (record) => {
        if (decode(record.value) !== 'poison') return good.handler(record);
        poisonDeliveries.push(record);
        throw new Error('poison rejected: price is negative');
      },
    });
    const deadLetters = new Recorder();
    await bus.subscribe({ group: uniqueName('dlq-reader'), topics: [dlq], handler: deadLetters.handler });
    await waitUntil(
      'the good record is handled and the poison is dead-lettered',
      () => good.has('good') && deadLetters.records.length > 0,
    );

    expect(poisonDeliveries.map((record) => record.attempt)).toEqual([1, 2, 3]);
    const original = poisonDeliveries[0]!;
    const deadLetter = deadLetters.records[0]!;
    expect(deadLetter.key).toBe('sku-9');
    expect(decode(deadLetter.value)).toBe('poison');
    expect(deadLetter.headers).toMatchObject({
      ...headers,
      [DLQ_HEADERS.originalTopic]: topic,
      [DLQ_HEADERS.originalPartition]: String(original.partition),
      [DLQ_HEADERS.originalOffset]: String(original.offset),
      [DLQ_HEADERS.attempts]: '3',
    });
    expect(deadLetter.headers[DLQ_HEADERS.error]).toContain('poison rejected');
    expect(good.records.map((record) => record.attempt)).toEqual([1]);
  });
}
