import { InvalidArgumentError } from '@pc/kit/errors/domain-errors';
import { Recorder, decode, encode, uniqueName, waitUntil } from '@pc/kit/ports/contracts/event-bus-contract-harness';
import { DLQ_HEADERS, deadLetterTopic, type EventBus } from '@pc/kit/ports/event-bus';
import { describeWithEngine } from '@pc/kit/testing/real-engine';
import { replayDeadLetters } from './dead-letter-replay.js';
import { openKafkaEventBus, parseBrokerList } from './open-kafka-event-bus.js';

jest.setTimeout(90_000);

const open: EventBus[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((bus) => bus.close()));
});

it('refuses a topic that is not a dead-letter topic, before connecting', async () => {
  await expect(replayDeadLetters({ brokers: ['127.0.0.1:1'], topic: 'prices.changed' })).rejects.toThrow(
    InvalidArgumentError,
  );
});

describeWithEngine('KAFKA_BROKERS', 'dead-letter replay on a broker', (url) => {
  const brokers = parseBrokerList(url);

  it('sends dead letters back to their topic as they were, once, after a dry run that sends nothing', async () => {
    const bus = openKafkaEventBus({ brokers, clientId: 'dead-letter-replay-test' });
    open.push(bus);
    const topic = uniqueName('replayed');
    const group = uniqueName('replay-group');
    // A handler that fails on "poison" until it is fixed: the record goes to <topic>.dlq.
    let fixed = false;
    const handled = new Recorder();
    await bus.ensureTopics([
      { name: topic, partitions: 2 },
      { name: deadLetterTopic(topic), partitions: 2 },
    ]);
    await bus.subscribe({
      group: uniqueName('consumer'),
      topics: [topic],
      retry: { maxAttempts: 1 },
      handler: async (record) => {
        if (decode(record.value) === 'poison' && !fixed) throw new Error('handler bug');
        await handled.handler(record);
      },
    });
    await bus.publish([
      {
        topic,
        key: 'p-1',
        value: encode('poison'),
        headers: { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' },
      },
      { topic, key: 'p-2', value: encode('fine') },
    ]);
    const dead = new Recorder();
    await bus.subscribe({ group: uniqueName('dlq-reader'), topics: [deadLetterTopic(topic)], handler: dead.handler });
    await waitUntil(
      'the poison is dead-lettered and the other record handled',
      () => dead.records.length === 1 && handled.records.length === 1,
    );
    expect(dead.records[0]!.headers[DLQ_HEADERS.error]).toContain('handler bug');

    const dry = await replayDeadLetters({ brokers, topic: deadLetterTopic(topic), group, dryRun: true });
    expect(dry.replayed).toEqual({ [topic]: 1 });
    fixed = true;
    const first = await replayDeadLetters({ brokers, topic: deadLetterTopic(topic), group });
    expect(first).toEqual({ replayed: { [topic]: 1 }, skipped: 0 });
    await waitUntil('the replayed record is handled', () => handled.records.length === 2);
    const replayed = handled.records[1]!;
    expect([replayed.key, decode(replayed.value)]).toEqual(['p-1', 'poison']);
    // Its own headers (the trace context) travel with it; the DLQ's do not.
    expect(replayed.headers.traceparent).toBe('00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01');
    expect(Object.keys(replayed.headers).filter((name) => name.startsWith('x-dlq-'))).toEqual([]);

    expect(await replayDeadLetters({ brokers, topic: deadLetterTopic(topic), group })).toEqual({
      replayed: {},
      skipped: 0,
    });
  });
});
