import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { ConflictError } from '../errors/domain-errors.js';
import type {
  Collection,
  Document,
  OutboxRecord,
  StoreOutbox,
  Stored,
  StoredOutboxRecord,
} from '../ports/document-store.js';
import type { EventBus, OutgoingRecord } from '../ports/event-bus.js';
import { toRecord, type PendingEvent } from './publisher.js';
import { watchOutbox } from '../telemetry/outbox-metrics.js';

/** One event waiting inside an aggregate document until it is published. */
export interface OutboxEntry {
  readonly eventId: string;
  readonly topic: string;
  readonly key: string;
  /** The encoded envelope, base64 (documents are JSON). */
  readonly value: string;
  readonly headers: Readonly<Record<string, string>>;
}

/** What `Outbox.prepare` made ready for one write. */
export interface PreparedEvents {
  /** Spread into the document written. */
  readonly fields: Required<OutboxFields>;
  /** `PutOptions.outbox` of the write: undefined where the events are staged in `fields`. */
  readonly records: readonly OutboxRecord[] | undefined;
}

/** The fields an aggregate document carries to take part in the outbox. */
export interface OutboxFields {
  readonly outbox?: readonly OutboxEntry[];
  /** Indexed flag so the relay finds leftovers without scanning every document. */
  readonly outboxPending?: boolean;
}

/** When a failed publish is tried again: after `firstMs`, doubling up to `maxMs`, until it succeeds. */
export interface OutboxRetry {
  readonly firstMs: number;
  readonly maxMs: number;
}

const DEFAULT_RETRY: OutboxRetry = { firstMs: 1_000, maxMs: 60_000 };

/** Index every outbox-carrying collection needs (add it to the collection's spec). */
export const OUTBOX_INDEX = { fields: ['outboxPending'] } as const;

/**
 * Side fields for an outbox-carrying collection (add them to the collection's spec): the staged
 * events are large and live only until their flush, so the store may keep them beside the
 * document's row, which then keeps its size. Worth it for many small, often-changed documents
 * such as offers (ADR 021).
 */
export const OUTBOX_SIDE_FIELDS: readonly string[] = ['outbox'];

/**
 * Transactional outbox (docs/architecture.md §3). The document store has no multi-document
 * transactions on every engine (FerretDB v1), so the events a write implies are stored in the
 * same document, in the same atomic write; then they are published and removed. A crash between
 * the write and the publish leaves them in the document, and `relay` publishes them on the next
 * start. A publish that fails while the process runs (the broker away) is tried again on a timer
 * until it succeeds — it does not wait for a restart — and the caller still sees the failure.
 * Consumers see each event at least once (dedupe on version/event id).
 *
 *   const next = { ...offer, ...outbox.stage(current, [event]) };
 *   const stored = await offers.put(next, { expectedVersion });
 *   await outbox.flush(offers, stored);
 *
 * On a store with an outbox of its own (`DocumentStore.outbox`, the embedded store), `prepare`
 * and `publish` append the events beside the document in the same atomic write instead, so
 * publishing them needs no second write of the document (ADR 035); `relayStore` is their relay:
 *
 *   const prepared = outbox.prepare(current, [event]);
 *   const stored = await offers.put({ ...offer, ...prepared.fields }, { expectedVersion, outbox: prepared.records });
 *   await outbox.publish(offers, stored, prepared);
 */
export class Outbox {
  /** Record ids that grow: this process's start time, then a counter (OutboxRecord.id). */
  private readonly idPrefix = `${Date.now().toString(36).padStart(9, '0')}${randomUUID().slice(0, 4)}`;
  private idCounter = 0;
  /** Documents whose entries failed to go out, per collection, to try again. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- documents of any outbox-carrying collection
  private readonly failedDocuments = new Map<Collection<any>, Set<string>>();
  /** Whether records of the store's outbox failed to go out. */
  private failedStoreRecords = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private retryDelayMs: number;
  private closed = false;
  private readonly unwatch: () => void;

  /**
   * `storeOutbox`: the outbox of the store the documents live in, when it has one
   * (`DocumentStore.outbox`); `prepare` then appends events there instead of into the document.
   */
  constructor(
    private readonly bus: EventBus,
    private readonly producer: string,
    private readonly logger: Logger,
    private readonly storeOutbox: StoreOutbox | null = null,
    private readonly retry: OutboxRetry = DEFAULT_RETRY,
  ) {
    this.retryDelayMs = retry.firstMs;
    this.unwatch = watchOutbox({ producer, backlog: () => this.backlog() });
  }

  /** Events waiting for a retry: those of the documents that failed, and the store's records. */
  async backlog(): Promise<number> {
    let waiting = 0;
    for (const ids of this.failedDocuments.values()) waiting += ids.size;
    // A bounded read: past this many, the gauge says "at least".
    if (this.failedStoreRecords && this.storeOutbox) waiting += (await this.storeOutbox.pending(10_000)).length;
    return waiting;
  }

  /**
   * The events a write implies, made ready to go with it (ADR 035): on a store with an outbox, as
   * records for `PutOptions.outbox` (one atomic write, nothing to clear later); elsewhere staged
   * in the document as `stage` does. Spread `fields` into the document, pass `records` to `put`,
   * then call `publish` with what `put` returned.
   */
  prepare(current: OutboxFields | null, events: readonly PendingEvent<unknown>[], now = new Date()): PreparedEvents {
    if (this.storeOutbox === null) return { fields: this.stage(current, events, now), records: undefined };
    // Entries an earlier write staged in the document stay there until `publish` flushes them.
    const waiting = current?.outbox ?? [];
    const records = events.map((event): OutboxRecord => {
      const record = toRecord(this.producer, event, now);
      return {
        id: this.nextRecordId(),
        topic: record.topic,
        key: record.key,
        value: record.value,
        headers: record.headers ?? {},
      };
    });
    return {
      fields: { outbox: waiting, outboxPending: waiting.length > 0 },
      records: records.length > 0 ? records : undefined,
    };
  }

  /** After the write is durable: publishes what `prepare` made ready (and any entries the document still stages). */
  async publish<T extends Document & OutboxFields>(
    collection: Collection<T>,
    written: Stored<T>,
    prepared: PreparedEvents,
  ): Promise<void> {
    await this.flush(collection, written);
    const records = prepared.records ?? [];
    if (records.length === 0) return;
    try {
      await this.bus.publish(records.map(toOutgoing));
      await this.storeOutbox!.remove(records.map((record) => record.id));
    } catch (error) {
      this.failedStoreRecords = true;
      this.scheduleRetry();
      throw error;
    }
  }

  /**
   * Publishes what a crash left in the store's outbox, oldest first; `before` runs on each batch
   * ahead of its publish (to repair what the writes behind it may have left undone). Returns how
   * many records.
   */
  async relayStore(
    before: (records: readonly StoredOutboxRecord[]) => Promise<void> = async () => {},
    batchSize = 500,
  ): Promise<number> {
    if (this.storeOutbox === null) return 0;
    let relayed = 0;
    for (;;) {
      const pending = await this.storeOutbox.pending(batchSize);
      if (pending.length === 0) return relayed;
      await before(pending);
      await this.bus.publish(pending.map(toOutgoing));
      await this.storeOutbox.remove(pending.map((record) => record.id));
      relayed += pending.length;
      this.logger.info({ relayed }, "outbox: published events an earlier run left in the store's outbox");
    }
  }

  private nextRecordId(): string {
    this.idCounter += 1;
    return `${this.idPrefix}${this.idCounter.toString(36).padStart(10, '0')}`;
  }

  /** Outbox fields for the document about to be written: entries still waiting plus `events`. */
  stage(
    current: OutboxFields | null,
    events: readonly PendingEvent<unknown>[],
    now = new Date(),
  ): Required<OutboxFields> {
    const waiting = current?.outbox ?? [];
    const added = events.map((event) => {
      const eventId = randomUUID();
      return toEntry(eventId, toRecord(this.producer, event, now, eventId));
    });
    const outbox = [...waiting, ...added];
    return { outbox, outboxPending: outbox.length > 0 };
  }

  /**
   * After the write is durable: publish the document's entries, then remove exactly those
   * (a concurrent writer may have staged more meanwhile; they stay for its own flush).
   */
  async flush<T extends Document & OutboxFields>(collection: Collection<T>, stored: Stored<T> | null): Promise<void> {
    await this.flushAll(collection, stored ? [stored] : []);
  }

  /**
   * `flush` for many documents of one collection (a batch write): their entries go out in one
   * durable publish instead of one per document, then each document is cleared as in `flush`.
   */
  async flushAll<T extends Document & OutboxFields>(
    collection: Collection<T>,
    stored: readonly Stored<T>[],
  ): Promise<void> {
    const withEntries = stored.filter((doc) => (doc.outbox?.length ?? 0) > 0);
    if (withEntries.length === 0) return;
    try {
      await this.bus.publish(withEntries.flatMap((doc) => (doc.outbox ?? []).map(fromEntry)));
      // Distinct documents: their clears are independent (a remote store overlaps the round trips).
      await Promise.all(withEntries.map((doc) => clearPublished(collection, doc)));
    } catch (error) {
      this.retryDocuments(
        collection,
        withEntries.map((doc) => doc._id),
      );
      throw error;
    }
  }

  /**
   * One round of trying again what failed to go out: the documents' entries (as stored now) and
   * the store outbox's records. What fails again waits longer (doubling up to `retry.maxMs`).
   */
  async retryFailed(): Promise<void> {
    const documents = [...this.failedDocuments];
    this.failedDocuments.clear();
    const storeRecords = this.failedStoreRecords;
    this.failedStoreRecords = false;
    let failed = false;
    for (const [collection, ids] of documents) {
      try {
        await this.flushAll(
          collection,
          (await collection.getMany([...ids])).filter((doc) => doc.outboxPending),
        );
      } catch (error) {
        failed = true;
        this.retryDocuments(collection, [...ids]);
        this.logger.warn({ err: error }, 'outbox: publishing failed again; retrying later');
      }
    }
    if (storeRecords) {
      try {
        await this.relayStore();
      } catch (error) {
        failed = true;
        this.failedStoreRecords = true;
        this.logger.warn({ err: error }, "outbox: publishing the store's outbox failed again; retrying later");
      }
    }
    this.retryDelayMs = failed ? Math.min(this.retryDelayMs * 2, this.retry.maxMs) : this.retry.firstMs;
    if (failed) this.scheduleRetry();
    else if (documents.length > 0 || storeRecords) this.logger.info('outbox: published what had failed to go out');
  }

  /** Stops trying again (the service is stopping; its next start relays what is left). */
  close(): void {
    this.closed = true;
    this.unwatch();
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- documents of any outbox-carrying collection
  private retryDocuments(collection: Collection<any>, ids: readonly string[]): void {
    const waiting = this.failedDocuments.get(collection) ?? new Set<string>();
    for (const id of ids) waiting.add(id);
    this.failedDocuments.set(collection, waiting);
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    if (this.retryTimer || this.closed) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.retryFailed();
    }, this.retryDelayMs);
    this.retryTimer.unref();
  }

  /** Publishes whatever a crash left staged in a collection; returns how many documents. */
  async relay<T extends Document & OutboxFields>(collection: Collection<T>, batchSize = 500): Promise<number> {
    let relayed = 0;
    for (;;) {
      const pending = await collection.find({ outboxPending: true }, { limit: batchSize });
      if (pending.length === 0) return relayed;
      for (const doc of pending) await this.flush(collection, doc);
      relayed += pending.length;
      this.logger.info({ relayed }, 'outbox: published events left by an earlier run');
    }
  }
}

/**
 * Removes exactly the published entries (a concurrent writer may have staged more meanwhile).
 * Usually the document as written is still the stored one: it is written back without its entries
 * under its version, with no read. After a concurrent write, the version check fails and the
 * entries are removed from what is stored now.
 */
async function clearPublished<T extends Document & OutboxFields>(
  collection: Collection<T>,
  written: Stored<T>,
): Promise<void> {
  const { _version: version, ...doc } = written;
  try {
    await collection.put({ ...doc, outbox: [], outboxPending: false } as unknown as T, { expectedVersion: version });
    return;
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
  }
  const published = new Set((written.outbox ?? []).map((entry) => entry.eventId));
  await collection.update(written._id, (current) => {
    if (!current?.outbox?.some((entry) => published.has(entry.eventId))) return null;
    const outbox = current.outbox.filter((entry) => !published.has(entry.eventId));
    return { ...current, outbox, outboxPending: outbox.length > 0 };
  });
}

function toEntry(eventId: string, record: OutgoingRecord): OutboxEntry {
  return {
    eventId,
    topic: record.topic,
    key: record.key,
    value: Buffer.from(record.value).toString('base64'),
    headers: record.headers ?? {},
  };
}

function toOutgoing(record: OutboxRecord): OutgoingRecord {
  return { topic: record.topic, key: record.key, value: record.value, headers: record.headers };
}

function fromEntry(entry: OutboxEntry): OutgoingRecord {
  return { topic: entry.topic, key: entry.key, value: Buffer.from(entry.value, 'base64'), headers: entry.headers };
}
