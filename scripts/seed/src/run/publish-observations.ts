import type { EventBus, OutgoingRecord } from '@pc/kit/ports/event-bus';
import { encodeObservations } from '../ingest/encode-records.js';
import type { PendingObservation } from '../ingest/observation.js';
import type { Report } from './report.js';
import { rate, thousands } from './report.js';

export interface PublishTally {
  events: number;
  bytes: number;
  /** Offers observed at "now" (every offer once). */
  offers: number;
  readonly shopsWithOffers: Set<string>;
  elapsedMs: number;
}

/**
 * Kafka brokers refuse a record batch above message.max.bytes (1 MB by default) per partition;
 * appends are kept well below that whatever --batch says.
 */
const MAX_APPEND_BYTES = 512 * 1024;

/** Records in consecutive runs of at most MAX_APPEND_BYTES (a single larger record alone). */
export function* byteBoundedChunks(records: readonly OutgoingRecord[]): Generator<OutgoingRecord[]> {
  let chunk: OutgoingRecord[] = [];
  let bytes = 0;
  for (const record of records) {
    const size = record.key.length + record.value.length;
    if (chunk.length > 0 && bytes + size > MAX_APPEND_BYTES) {
      yield chunk;
      chunk = [];
      bytes = 0;
    }
    chunk.push(record);
    bytes += size;
  }
  if (chunk.length > 0) yield chunk;
}

/**
 * Streams the observations to the bus in batches (durable appends of at most 512 KB), or only
 * encodes and counts them (dry run, `bus` null). Counts what went out for the summary.
 */
export async function publishObservations(
  batches: Iterable<PendingObservation[]>,
  bus: EventBus | null,
  now: Date,
  report: Report,
): Promise<PublishTally> {
  const tally: PublishTally = { events: 0, bytes: 0, offers: 0, shopsWithOffers: new Set(), elapsedMs: 0 };
  const started = performance.now();
  const nowMs = now.getTime();
  for (const batch of batches) {
    const records = encodeObservations(batch);
    if (bus) for (const chunk of byteBoundedChunks(records)) await bus.publish(chunk);
    tally.events += records.length;
    for (const record of records) tally.bytes += record.value.length;
    for (const observation of batch) {
      if (observation.observedAt.getTime() !== nowMs) continue;
      tally.offers += 1;
      tally.shopsWithOffers.add(observation.payload.shopId);
    }
    const last = batch[batch.length - 1];
    const elapsed = performance.now() - started;
    report.progress(
      `  ${bus ? 'published' : 'generated'} ${thousands(tally.events)} observations (${rate(tally.events, elapsed)}), at ${last?.observedAt.toISOString().slice(0, 10)}`,
    );
  }
  report.done();
  tally.elapsedMs = performance.now() - started;
  return tally;
}
