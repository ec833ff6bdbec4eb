import type { IHeaders, KafkaMessage, Message } from 'kafkajs';
import type { ConsumedRecord, OutgoingRecord } from '@pc/kit/ports/event-bus';

/** A record as kafkajs produces it; the value is a view on the caller's bytes, not a copy. */
export function toKafkaMessage(record: OutgoingRecord): Message {
  const { value } = record;
  return {
    key: record.key,
    value: Buffer.from(value.buffer, value.byteOffset, value.byteLength),
    headers: { ...record.headers },
  };
}

/** A fetched message as the port hands it to a handler. */
export function toConsumedRecord(
  topic: string,
  partition: number,
  message: KafkaMessage,
  attempt: number,
): ConsumedRecord {
  return {
    topic,
    partition,
    offset: Number(message.offset),
    // Records from producers other than ours may lack a key or a value.
    key: message.key?.toString('utf8') ?? '',
    value: message.value ?? Buffer.alloc(0),
    headers: decodeHeaders(message.headers),
    timestamp: new Date(Number(message.timestamp)),
    attempt,
  };
}

/**
 * Kafka headers are bytes and may repeat; the port's are strings, one per name. A repeated
 * header keeps its last value, as Java's `Headers.lastHeader` does.
 */
export function decodeHeaders(headers: IHeaders | undefined): Record<string, string> {
  const decoded: Record<string, string> = {};
  for (const [name, raw] of Object.entries(headers ?? {})) {
    const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
    if (value !== undefined) decoded[name] = value.toString();
  }
  return decoded;
}
