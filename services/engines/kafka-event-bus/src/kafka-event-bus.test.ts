import { InvalidArgumentError, UnavailableError } from '@pc/kit/errors/domain-errors';
import { Recorder, decode, encode, uniqueName, waitUntil } from '@pc/kit/ports/contracts/event-bus-contract-harness';
import type { EventBus } from '@pc/kit/ports/event-bus';
import { describeWithEngine } from '@pc/kit/testing/real-engine';
import { partitionForKey } from '@pc/kit/ports/support/events/murmur2';
import { ConfigResourceTypes, Kafka, logLevel } from 'kafkajs';
import { openKafkaEventBus, parseBrokerList, type KafkaEventBusOptions } from './open-kafka-event-bus.js';

jest.setTimeout(60_000);

const open: EventBus[] = [];
const openBus = (options: Partial<KafkaEventBusOptions> & Pick<KafkaEventBusOptions, 'brokers'>): EventBus => {
  const bus = openKafkaEventBus({ clientId: 'kafka-event-bus-test', ...options });
  open.push(bus);
  return bus;
};
afterEach(async () => {
  await Promise.all(open.splice(0).map((bus) => bus.close()));
});

/** A pino-shaped logger that keeps what it is given. */
function capturingLogger() {
  const lines: { level: string; fields: Record<string, unknown>; message: string }[] = [];
  const at = (level: string) => (fields: Record<string, unknown>, message: string) =>
    void lines.push({ level, fields, message });
  return { lines, logger: { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') } };
}

// Nothing listens on port 1: these need no broker.
describe('Kafka event bus without a reachable broker', () => {
  const brokers = ['127.0.0.1:1'];

  it('rejects bad options and bad records before connecting', async () => {
    expect(() => openKafkaEventBus({ brokers: [], clientId: '' })).toThrow(InvalidArgumentError);
    expect(() => openKafkaEventBus({ brokers: ['localhost'], clientId: 'x' })).toThrow(/brokers/);
    expect(() => openKafkaEventBus({ brokers, clientId: 'x', replicationFactor: 0 })).toThrow(/replicationFactor/);
    // More in-sync replicas than replicas would make every publish fail.
    expect(() => openKafkaEventBus({ brokers, clientId: 'x', replicationFactor: 2, minInSyncReplicas: 3 })).toThrow(
      /minInSyncReplicas/,
    );
    const bus = openBus({ brokers });
    await expect(bus.publish([{ topic: 'no spaces allowed', key: 'k', value: encode('v') }])).rejects.toThrow(
      InvalidArgumentError,
    );
    await expect(bus.subscribe({ group: '', topics: ['t'], handler: async () => undefined })).rejects.toThrow(
      InvalidArgumentError,
    );
    await expect(bus.ensureTopics([{ name: 'offers.offer-changed.v1', partitions: 0 }])).rejects.toThrow(
      InvalidArgumentError,
    );
  });

  it('answers not ready within its timeout, fails publish as unavailable, and logs kafkajs to the given logger', async () => {
    const { lines, logger } = capturingLogger();
    const bus = openBus({ brokers, logger, readyTimeoutMs: 300, operationTimeoutMs: 500 });
    const asked = Date.now();
    expect(await bus.isReady()).toBe(false);
    expect(Date.now() - asked).toBeLessThan(2_000);

    await expect(bus.publish([{ topic: 'offers.offer-changed.v1', key: 'o-1', value: encode('{}') }])).rejects.toThrow(
      UnavailableError,
    );
    // kafkajs's connection errors reached the logger as warnings (the console stayed quiet).
    await waitUntil('kafkajs logged its connection failure', () => lines.some((line) => line.fields.kafkajs));
    expect(lines.filter((line) => line.fields.kafkajs).every((line) => line.level !== 'error')).toBe(true);
  });

  it('refuses calls once closed', async () => {
    const bus = openBus({ brokers });
    await bus.close();
    expect(await bus.isReady()).toBe(false);
    await expect(bus.publish([{ topic: 't', key: 'k', value: encode('v') }])).rejects.toThrow(UnavailableError);
  });
});

describeWithEngine('KAFKA_BROKERS', 'Kafka event bus on a broker', (url) => {
  const brokers = parseBrokerList(url);

  it('is ready while the broker answers', async () => {
    expect(await openBus({ brokers }).isReady()).toBe(true);
  });

  it('creates an unknown topic with the default partition count, and ensureTopics keeps an existing count', async () => {
    const bus = openBus({ brokers, defaultPartitions: 5 });
    const topic = uniqueName('auto');
    await bus.publish(Array.from({ length: 100 }, (_, n) => ({ topic, key: `k-${n % 20}`, value: encode(String(n)) })));
    await bus.ensureTopics([{ name: topic, partitions: 12 }]);
    await bus.publish([{ topic, key: 'k-after', value: encode('after') }]);
    const recorder = new Recorder();
    await bus.subscribe({ group: uniqueName('group'), topics: [topic], handler: recorder.handler });
    await waitUntil('all records are handled', () => recorder.records.length === 101);

    expect([...new Set(recorder.records.map((record) => record.partition))].sort()).toEqual([0, 1, 2, 3, 4]);
  });

  it('creates topics with the replication it is given: min.insync.replicas on the topic, replicas the cluster must have', async () => {
    const topic = uniqueName('durable');
    await openBus({ brokers, minInSyncReplicas: 2 }).ensureTopics([{ name: topic, partitions: 1 }]);
    const admin = new Kafka({ clientId: 'kafka-event-bus-test-admin', brokers, logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    try {
      const { resources } = await admin.describeConfigs({
        resources: [{ type: ConfigResourceTypes.TOPIC, name: topic, configNames: ['min.insync.replicas'] }],
        includeSynonyms: false,
      });
      expect(resources[0]?.configEntries).toEqual([
        expect.objectContaining({ configName: 'min.insync.replicas', configValue: '2' }),
      ]);
    } finally {
      await admin.disconnect();
    }
    // One broker here: a topic asking for two replicas is refused rather than created with one.
    const bus = openBus({ brokers, replicationFactor: 2, operationTimeoutMs: 10_000 });
    const refused = await bus.ensureTopics([{ name: uniqueName('replicated'), partitions: 1 }]).then(
      () => null,
      (error: unknown) => error as Error & { cause?: { errors?: { type?: string }[] } },
    );
    expect(refused?.cause?.errors?.map((error) => error.type)).toEqual(['INVALID_REPLICATION_FACTOR']);
  });

  it('puts a key in the same partition as the embedded log does (murmur2)', async () => {
    const bus = openBus({ brokers });
    const topic = uniqueName('murmur2');
    await bus.ensureTopics([{ name: topic, partitions: 7 }]);
    const keys = ['product-1', 'sku-ÄÖÜ', 'shop-42', '', '0123456789abcdef', 'offer:9f1c'];
    await bus.publish(keys.map((key) => ({ topic, key, value: encode(key) })));
    const recorder = new Recorder();
    await bus.subscribe({ group: uniqueName('group'), topics: [topic], handler: recorder.handler });
    await waitUntil('all records are handled', () => recorder.records.length === keys.length);

    for (const record of recorder.records) expect(record.partition).toBe(partitionForKey(record.key, 7));
  });

  it('keeps the other partitions flowing while a failed record waits for its retry', async () => {
    const bus = openBus({ brokers });
    const topic = uniqueName('backoff-isolation');
    await bus.ensureTopics([{ name: topic, partitions: 2 }]);
    const [stuck, flowing] = keysInPartitions(2) as [string, string];
    await bus.publish([{ topic, key: stuck, value: encode('flaky') }]);
    const handledAt = new Map<string, number>();
    let failedAt = 0;
    await bus.subscribe({
      group: uniqueName('group'),
      topics: [topic],
      retry: { maxAttempts: 2, initialBackoffMs: 3_000, maxBackoffMs: 3_000 },
      handler: async (record) => {
        const text = decode(record.value);
        if (text === 'flaky' && record.attempt === 1) {
          failedAt = Date.now();
          throw new Error('search index busy');
        }
        handledAt.set(text, Date.now());
      },
    });
    await waitUntil('the flaky record failed once', () => failedAt > 0);
    await bus.publish([{ topic, key: flowing, value: encode('other partition') }]);

    await waitUntil('the flaky record succeeds on its retry', () => handledAt.has('flaky'));
    expect(handledAt.get('other partition')! - failedAt).toBeLessThan(2_000);
    expect(handledAt.get('flaky')! - failedAt).toBeGreaterThanOrEqual(2_900);
  });
});

/** One key per partition of an `n`-partition topic, as the murmur2 partitioner places them. */
function keysInPartitions(n: number): string[] {
  const keys: string[] = [];
  for (let i = 0; keys.length < n; i += 1) {
    if (partitionForKey(`key-${i}`, n) === keys.length) keys.push(`key-${i}`);
  }
  return keys;
}
