import { FailedPreconditionError, NotFoundError } from '../errors/domain-errors.js';
import type { Collection, DocumentStore } from '../ports/document-store.js';
import { DLQ_HEADERS, type EventBus } from '../ports/event-bus.js';
import type { EventBusAdmin, LoggedRecord } from '../ports/event-bus-admin.js';
import { deadLetterId, parseDeadLetterId } from './dead-letter-id.js';

/** The newest dead letters of each dead-letter topic that listing looks at. */
export const DEAD_LETTERS_LOOKED_AT = 1_000;

/** What staff did to a dead letter (collection `dead_letter_dispositions` of the mounting service). */
export interface DeadLetterDisposition {
  /** The dead letter's id, "<topic>.dlq/<partition>/<offset>". */
  readonly _id: string;
  readonly action: 'replayed' | 'discarded';
  readonly actorUserId: string;
  readonly at: string;
}

/** A dead letter as staff see it. */
export interface DeadLetterView {
  readonly id: string;
  readonly topic: string;
  readonly partition: number;
  readonly offset: number;
  readonly originalTopic: string;
  readonly key: string;
  readonly error: string;
  readonly attempts: number;
  readonly deadLetteredAt: Date;
  readonly value: Uint8Array;
  /** The original headers (without the x-dlq-* ones). */
  readonly headers: Readonly<Record<string, string>>;
}

const DLQ_HEADER_NAMES = new Set<string>(Object.values(DLQ_HEADERS));

function view(record: LoggedRecord): DeadLetterView {
  const headers = record.headers;
  return {
    id: deadLetterId(record),
    topic: record.topic,
    partition: record.partition,
    offset: record.offset,
    originalTopic: headers[DLQ_HEADERS.originalTopic] ?? '',
    key: record.key,
    error: headers[DLQ_HEADERS.error] ?? '',
    attempts: Number(headers[DLQ_HEADERS.attempts] ?? 0) || 0,
    deadLetteredAt: record.timestamp,
    value: record.value,
    headers: Object.fromEntries(Object.entries(headers).filter(([name]) => !DLQ_HEADER_NAMES.has(name))),
  };
}

/**
 * Dead letters of the shared bus: the records of its `<topic>.dlq` topics (read through the
 * EventBusAdmin), less those staff replayed or discarded (kept here, since a log's records never
 * change). A replay publishes the record again to the topic it came from through the EventBus —
 * durably, to every group of that topic (handlers are idempotent) — and only then records the
 * disposition: a crash in between can send it twice, never lose it.
 */
export class DeadLetters {
  private constructor(
    private readonly admin: EventBusAdmin,
    private readonly bus: EventBus,
    private readonly dispositions: Collection<DeadLetterDisposition>,
    private readonly clock: () => Date,
  ) {}

  static async open(
    store: DocumentStore,
    admin: EventBusAdmin,
    bus: EventBus,
    clock: () => Date = () => new Date(),
  ): Promise<DeadLetters> {
    const dispositions = await store.collection<DeadLetterDisposition>({ name: 'dead_letter_dispositions' });
    return new DeadLetters(admin, bus, dispositions, clock);
  }

  /** Pending dead letters, newest first (of `originalTopic` when given). */
  async pending(originalTopic = ''): Promise<DeadLetterView[]> {
    const topics = (await this.admin.topics())
      .map((topic) => topic.name)
      .filter((name) => name.endsWith('.dlq') && (!originalTopic || name === `${originalTopic}.dlq`));
    const records = (
      await Promise.all(topics.map((topic) => this.admin.newestRecords(topic, DEAD_LETTERS_LOOKED_AT)))
    ).flat();
    const resolved = new Set(
      (await this.dispositions.getMany(records.map((record) => deadLetterId(record)))).map((done) => done._id),
    );
    return records
      .filter((record) => !resolved.has(deadLetterId(record)))
      .map(view)
      .sort((a, b) => b.deadLetteredAt.getTime() - a.deadLetteredAt.getTime() || a.id.localeCompare(b.id));
  }

  /** One dead letter (pending or not): NOT_FOUND when the log does not hold it. */
  async get(id: string): Promise<DeadLetterView & { readonly disposition: DeadLetterDisposition | null }> {
    const place = parseDeadLetterId(id);
    const record = await this.admin.record(place.topic, place.partition, place.offset);
    if (!record) throw new NotFoundError('dead letter', id);
    return { ...view(record), disposition: await this.dispositions.get(deadLetterId(place)) };
  }

  /** Replays one pending dead letter; FAILED_PRECONDITION when it was replayed or discarded already. */
  async replay(id: string, actorUserId: string): Promise<DeadLetterView> {
    const letter = await this.pendingOne(id);
    await this.send([letter]);
    await this.resolve(letter, 'replayed', actorUserId);
    return letter;
  }

  /** Replays every pending dead letter (of `originalTopic` when given); how many were sent. */
  async replayAll(originalTopic: string, actorUserId: string): Promise<DeadLetterView[]> {
    const letters = (await this.pending(originalTopic)).filter((letter) => letter.originalTopic !== '');
    // Oldest first, so a key's records go back in the order they failed.
    letters.reverse();
    await this.send(letters);
    for (const letter of letters) await this.resolve(letter, 'replayed', actorUserId);
    return letters;
  }

  async discard(id: string, actorUserId: string): Promise<DeadLetterView> {
    const letter = await this.pendingOne(id);
    await this.resolve(letter, 'discarded', actorUserId);
    return letter;
  }

  private async pendingOne(id: string): Promise<DeadLetterView> {
    const { disposition, ...letter } = await this.get(id);
    if (disposition)
      throw new FailedPreconditionError(`dead letter ${id} was ${disposition.action} already`, {
        reason: 'DEAD_LETTER_RESOLVED',
        metadata: { action: disposition.action },
      });
    if (!letter.originalTopic)
      throw new FailedPreconditionError(`dead letter ${id} does not name the topic it came from`, {
        reason: 'DEAD_LETTER_WITHOUT_ORIGIN',
      });
    return letter;
  }

  private async send(letters: readonly DeadLetterView[]): Promise<void> {
    if (letters.length === 0) return;
    await this.bus.publish(
      letters.map((letter) => ({
        topic: letter.originalTopic,
        key: letter.key,
        value: letter.value,
        headers: letter.headers,
      })),
    );
  }

  private async resolve(letter: DeadLetterView, action: DeadLetterDisposition['action'], actorUserId: string) {
    await this.dispositions.put({ _id: letter.id, action, actorUserId, at: this.clock().toISOString() });
  }
}
