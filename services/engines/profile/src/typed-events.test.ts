import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OfferObserved } from '@pc/proto/crawler/events/v1/events';
import { EventEnvelope } from '@pc/proto/events/v1/envelope';
import { pino } from 'pino';
import { openEmbeddedEventBus } from '@pc/embedded-event-log/open-embedded-event-bus';
import type { EventBus } from '@pc/kit/ports/event-bus';
import { currentTraceIds, runInTrace } from '@pc/kit/telemetry/trace-context';
import { defineEvent } from '@pc/proto/event-type';
import { createEventPublisher } from '@pc/kit/events/publisher';
import { on, subscribeEvents, type EventMeta } from '@pc/kit/events/subscriber';

const offerObserved = defineEvent(
  'crawler.offer-observed.v1',
  'pricecompare.crawler.events.v1.OfferObserved',
  OfferObserved,
);
const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';

describe('typed events over a bus: envelope, payload, trace context', () => {
  let dir: string;
  let bus: EventBus;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'typed-events-'));
    bus = openEmbeddedEventBus({ path: join(dir, 'log.sqlite'), pollIntervalMs: 5 });
  });

  afterEach(async () => {
    await bus.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('delivers the typed payload with its envelope metadata and the publisher trace', async () => {
    const received: { payload: OfferObserved; meta: EventMeta; traceId: string | undefined }[] = [];
    const subscription = await subscribeEvents(bus, {
      group: 'offers',
      logger: pino({ level: 'silent' }),
      handlers: [
        on(offerObserved, async (payload, meta) => {
          received.push({ payload, meta, traceId: currentTraceIds()?.trace_id });
        }),
      ],
    });
    const publisher = createEventPublisher(bus, 'crawler');
    const observation = OfferObserved.fromPartial({
      observationId: 'o-1',
      shopId: 'shop-7',
      shopOfferId: 'sku-1',
      title: 'Kühlschrank',
    });
    await runInTrace(`00-${TRACE}-00f067aa0ba902b7-01`, () =>
      publisher.publish(offerObserved, 'shop-7:sku-1', observation),
    );

    const deadline = Date.now() + 10_000;
    while (received.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    await subscription.stop();

    expect(received).toHaveLength(1);
    expect(received[0]?.payload).toMatchObject({ observationId: 'o-1', shopId: 'shop-7', title: 'Kühlschrank' });
    expect(received[0]?.meta).toMatchObject({ producer: 'crawler', key: 'shop-7:sku-1', attempt: 1 });
    expect(received[0]?.meta.eventId).toMatch(/^[0-9a-f-]{36}$/);
    expect(received[0]?.traceId).toBe(TRACE);
  });

  it('refuses a record whose envelope names another type, so it is retried and dead-lettered', async () => {
    const failures: number[] = [];
    const subscription = await subscribeEvents(bus, {
      group: 'strict',
      logger: pino({ level: 'silent' }),
      retry: { maxAttempts: 2, initialBackoffMs: 10, maxBackoffMs: 10 },
      handlers: [on(offerObserved, async () => undefined)],
    });
    const wrongType = EventEnvelope.encode({
      eventId: 'e-1',
      occurredAt: new Date(),
      producer: 'x',
      type: 'other.Type',
      payload: Buffer.alloc(0),
    }).finish();
    await bus.publish([{ topic: offerObserved.topic, key: 'k', value: wrongType }]);
    const dlq = await bus.subscribe({
      group: 'dlq-reader',
      topics: [`${offerObserved.topic}.dlq`],
      handler: async (record) => {
        failures.push(record.offset);
      },
    });
    const deadline = Date.now() + 10_000;
    while (failures.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    await Promise.all([subscription.stop(), dlq.stop()]);
    expect(failures).toEqual([0]);
  });
});
