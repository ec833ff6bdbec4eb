import { Kafka, Partitioners, logLevel, type IHeaders } from 'kafkajs';
import { InvalidArgumentError } from '@pc/kit/errors/domain-errors';
import { DLQ_HEADERS } from '@pc/kit/ports/event-bus';

export interface DeadLetterReplayOptions {
  readonly brokers: readonly string[];
  /** The dead-letter topic, `<topic>.dlq`. */
  readonly topic: string;
  /** The replay's own consumer group: what it committed is not replayed again. */
  readonly group?: string;
  /** List what would be replayed; write and commit nothing. */
  readonly dryRun?: boolean;
  readonly onRecord?: (line: string) => void;
}

export interface DeadLetterReplayResult {
  /** Records sent back (or, in a dry run, that would be), per original topic. */
  readonly replayed: Readonly<Record<string, number>>;
  /** Records without an x-dlq-original-topic header: left where they are, and committed past. */
  readonly skipped: number;
}

export const DEFAULT_REPLAY_GROUP = 'pricecompare-dlq-replay';

/**
 * Sends every record of a dead-letter topic that this group has not replayed yet back to the
 * topic it came from (x-dlq-original-topic), byte for byte: same key, same value, its original
 * headers (trace context, content type) without the x-dlq-* ones. Stops at the end of the topic
 * as it was when the replay started. Each record's offset is committed once the brokers have
 * acknowledged its copy, so an interrupted replay resumes where it stopped (a record may then be
 * sent twice: handlers are idempotent, delivery is at least once).
 */
export async function replayDeadLetters(options: DeadLetterReplayOptions): Promise<DeadLetterReplayResult> {
  if (!options.topic.endsWith('.dlq'))
    throw new InvalidArgumentError([
      { field: 'topic', reason: `"${options.topic}" is not a dead-letter topic (<topic>.dlq)` },
    ]);
  const group = options.group ?? DEFAULT_REPLAY_GROUP;
  const kafka = new Kafka({ clientId: 'dead-letter-replay', brokers: [...options.brokers], logLevel: logLevel.WARN });
  const admin = kafka.admin();
  await admin.connect();
  let ends: Map<number, bigint>;
  let starts: Map<number, bigint>;
  try {
    const offsets = await admin.fetchTopicOffsets(options.topic);
    ends = new Map(offsets.map((p) => [p.partition, BigInt(p.high)]));
    const lows = new Map(offsets.map((p) => [p.partition, BigInt(p.low)]));
    const committed = (await admin.fetchOffsets({ groupId: group, topics: [options.topic] }))[0]?.partitions ?? [];
    starts = new Map(
      [...ends.keys()].map((partition) => {
        const done = committed.find((c) => c.partition === partition)?.offset ?? '-1';
        const low = lows.get(partition) ?? 0n;
        return [partition, BigInt(done) >= 0n && BigInt(done) > low ? BigInt(done) : low];
      }),
    );
  } finally {
    await admin.disconnect();
  }
  const pending = new Set(
    [...ends].filter(([partition, end]) => (starts.get(partition) ?? 0n) < end).map(([partition]) => partition),
  );
  const replayed: Record<string, number> = {};
  let skipped = 0;
  if (pending.size === 0) return { replayed, skipped };

  // The services' partitioner (murmur2): a replayed record lands in its key's partition again.
  const producer = kafka.producer({
    allowAutoTopicCreation: false,
    idempotent: true,
    maxInFlightRequests: 1,
    createPartitioner: Partitioners.DefaultPartitioner,
  });
  const consumer = kafka.consumer({ groupId: group });
  await Promise.all([producer.connect(), consumer.connect()]);
  try {
    await consumer.subscribe({ topics: [options.topic], fromBeginning: true });
    await new Promise<void>((resolve, reject) => {
      consumer.on(consumer.events.CRASH, (event) => reject(event.payload.error));
      void consumer.run({
        autoCommit: false,
        eachMessage: async ({ partition, message }) => {
          const offset = BigInt(message.offset);
          const end = ends.get(partition) ?? 0n;
          if (offset >= end || !pending.has(partition)) return; // written after the replay started
          const headers = message.headers ?? {};
          const original = headerText(headers[DLQ_HEADERS.originalTopic]);
          if (original) {
            options.onRecord?.(
              `${options.topic}[${partition}]@${offset} → ${original} key=${message.key?.toString() ?? ''} error=${headerText(headers[DLQ_HEADERS.error]) ?? ''}`,
            );
            if (!options.dryRun)
              await producer.send({
                topic: original,
                acks: -1,
                messages: [{ key: message.key, value: message.value, headers: withoutDlqHeaders(headers) }],
              });
            replayed[original] = (replayed[original] ?? 0) + 1;
          } else {
            skipped += 1;
          }
          if (!options.dryRun)
            await consumer.commitOffsets([{ topic: options.topic, partition, offset: String(offset + 1n) }]);
          if (offset + 1n >= end) {
            pending.delete(partition);
            if (pending.size === 0) resolve();
          }
        },
      });
    });
  } finally {
    await consumer.disconnect();
    await producer.disconnect();
  }
  return { replayed, skipped };
}

function headerText(value: IHeaders[string]): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined ? undefined : first.toString();
}

function withoutDlqHeaders(headers: IHeaders): IHeaders {
  const dlq = new Set<string>(Object.values(DLQ_HEADERS));
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !dlq.has(name)));
}
