import { join } from 'node:path';
import { openEmbeddedEventBus } from '@pc/embedded-event-log/open-embedded-event-bus';
import { Events } from '@pc/proto/event-catalog';
import type { EventType } from '@pc/proto/event-type';
import type { EventBus, Subscription } from '@pc/kit/ports/event-bus';
import { EventEnvelope } from '@pc/proto/events/v1/envelope';

export interface RecordedEvent {
  readonly topic: string;
  readonly key: string;
  readonly eventId: string;
  readonly producer: string;
  readonly payload: unknown;
}

const CATALOG_EVENTS: readonly EventType<unknown>[] = [
  Events.productCreated,
  Events.productChanged,
  Events.reviewAdded,
  Events.categoryChanged,
  Events.categoryDeleted,
];

/** Reads what the catalog published to the shared embedded log of a data dir, decoded. */
export class EventRecorder {
  private constructor(
    /** Every catalog event seen so far, in arrival order (per key: publish order). */
    readonly events: readonly RecordedEvent[],
    private readonly bus: EventBus,
    private readonly subscription: Subscription,
  ) {}

  static async start(dataDir: string): Promise<EventRecorder> {
    const bus = openEmbeddedEventBus({ path: join(dataDir, 'events', 'log.sqlite'), pollIntervalMs: 5 });
    const events: RecordedEvent[] = [];
    const byTopic = new Map(CATALOG_EVENTS.map((type) => [type.topic, type]));
    const subscription = await bus.subscribe({
      group: `test-recorder-${Math.random().toString(36).slice(2)}`,
      topics: [...byTopic.keys()],
      fromBeginning: true,
      handler: async (record) => {
        const envelope = EventEnvelope.decode(record.value);
        const type = byTopic.get(record.topic);
        if (!type) return;
        events.push({
          topic: record.topic,
          key: record.key,
          eventId: envelope.eventId,
          producer: envelope.producer,
          payload: type.codec.decode(envelope.payload),
        });
      },
    });
    return new EventRecorder(events, bus, subscription);
  }

  /** The payloads of one event type (with their keys), in log order per key. */
  of<T>(type: EventType<T>): (RecordedEvent & { payload: T })[] {
    return this.events.filter((event): event is RecordedEvent & { payload: T } => event.topic === type.topic);
  }

  /** Waits until `done` holds for the recorded events (or fails after `timeoutMs`). */
  async waitFor(done: (events: readonly RecordedEvent[]) => boolean, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!done(this.events)) {
      if (Date.now() > deadline)
        throw new Error(`events not seen within ${timeoutMs} ms; got ${this.events.map((e) => e.topic).join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  async stop(): Promise<void> {
    await this.subscription.stop();
    await this.bus.close();
  }
}
