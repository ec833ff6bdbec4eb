import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { ClickRecorded } from '@pc/proto/affiliates/events/v1/events';
import { ClickFilter, ClickOrigin, LocationKind, UserAgentClass } from '@pc/proto/affiliates/v1/types';
import { EventEnvelope } from '@pc/proto/events/v1/envelope';
import { Events } from '@pc/proto/event-catalog';
import { openEmbeddedEventBus } from '@pc/embedded-event-log/open-embedded-event-bus';
import { openEmbeddedDocumentStore } from '@pc/sqlite-document-store/embedded-document-store';
import { Outbox } from '@pc/kit/events/outbox';
import type { DocumentStore } from '@pc/kit/ports/document-store';
import type { EventBus } from '@pc/kit/ports/event-bus';
import { eventually } from '@pc/kit/testing/eventually';
import { ClickIds, parseClickId } from '../domain/click-id.js';
import type { ClickRecord } from '../domain/click-record.js';
import { ClickRepository } from '../store/click-repository.js';
import { OutboxPump } from './outbox-pump.js';

const silent = pino({ level: 'silent' });

const clickOf = (id: string): ClickRecord => ({
  _id: id,
  locationId: 'lc_1',
  locationKind: LocationKind.LOCATION_KIND_OFFER,
  offerId: 'of_1',
  productId: 'p_1',
  shopId: 'sh_1',
  promotionId: '',
  advertisementId: '',
  targetUrl: `https://shop.example/p/1?pc_click=${id}`,
  origin: ClickOrigin.CLICK_ORIGIN_PRODUCT_PAGE,
  placement: 'offer',
  referrerPageType: 'product',
  price: null,
  isGreen: false,
  country: 'CH',
  language: 'de',
  userId: '',
  visitorKey: 'vk',
  userAgentClass: UserAgentClass.USER_AGENT_CLASS_DESKTOP,
  filter: ClickFilter.CLICK_FILTER_NOT_FILTERED,
  counted: true,
  clickedAt: new Date().toISOString(),
});

/** Stores a click with its ClickRecorded in the store's outbox, as the click-out does; its id. */
async function record(clicks: ClickRepository, outbox: Outbox, id: string): Promise<string> {
  const prepared = outbox.prepare(null, [
    {
      type: Events.clickRecorded,
      key: id,
      payload: ClickRecorded.fromPartial({ clickId: id, recordedAt: new Date() }),
    },
  ]);
  await clicks.insert({ ...clickOf(id), ...prepared.fields }, prepared.records);
  return id;
}

/** The pump over the embedded store's own outbox and the embedded log, as affiliates runs locally. */
describe('the outbox pump', () => {
  let dir: string;
  let store: DocumentStore;
  let bus: EventBus;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'affiliates-pump-'));
    store = await openEmbeddedDocumentStore({ path: join(dir, 'documents.sqlite') });
    bus = openEmbeddedEventBus({ path: join(dir, 'events', 'log.sqlite'), pollIntervalMs: 5 });
    await bus.ensureTopics([{ name: Events.clickRecorded.topic, partitions: 12 }]);
  });

  afterEach(async () => {
    await bus.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('publishes at start what a crash left waiting — every event once, each partition in the order written — and empties the outbox', async () => {
    const clicks = await ClickRepository.open(store);
    const outbox = new Outbox(bus, 'affiliates', silent, store.outbox);
    // The process that recorded these died before its pump ran: the clicks are stored and acknowledged, their events wait.
    const ids = new ClickIds();
    const written: string[] = [];
    for (let i = 0; i < 40; i += 1) {
      written.push(await record(clicks, outbox, ids.next()));
    }
    expect(await store.outbox!.pending(100)).toHaveLength(40);

    const received: { partition: number; clickId: string }[] = [];
    const subscription = await bus.subscribe({
      group: 'pump-test',
      topics: [Events.clickRecorded.topic],
      handler: async (record) => {
        received.push({
          partition: record.partition,
          clickId: ClickRecorded.decode(EventEnvelope.decode(record.value).payload).clickId,
        });
      },
    });
    // The next process: its pump starts with what is waiting.
    const pump = new OutboxPump(bus, outbox, store.outbox, [], silent);
    pump.start();
    await pump.idle();
    await eventually(() => (received.length >= 40 ? true : undefined), 10_000);
    await pump.stop();
    await subscription.stop();

    expect(received.map((r) => r.clickId).sort()).toEqual([...written].sort());
    // The fold's marks rely on this: within a partition, a run's sequences only rise.
    const byPartition = new Map<number, number[]>();
    for (const r of received)
      byPartition.set(r.partition, [...(byPartition.get(r.partition) ?? []), parseClickId(r.clickId)!.sequence]);
    expect(byPartition.size).toBeGreaterThan(1);
    for (const sequences of byPartition.values()) expect(sequences).toEqual([...sequences].sort((a, b) => a - b));
    expect(await store.outbox!.pending(100)).toEqual([]);
  });

  it('publishes clicks that keep coming in few appends, every one once', async () => {
    // The pause between publishes is ours to move; the store's and the log's turns run as they do.
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
    try {
      const clicks = await ClickRepository.open(store);
      const outbox = new Outbox(bus, 'affiliates', silent, store.outbox);
      const pump = new OutboxPump(bus, outbox, store.outbox, [], silent);
      const publish = jest.spyOn(bus, 'publish');
      const ids = new ClickIds();
      // Sixty clicks one after the other, each poking the pump as the click-out does.
      for (let i = 0; i < 60; i += 1) {
        await record(clicks, outbox, ids.next());
        pump.poke();
      }
      // The first went at once; those that came while it was appended wait for the pause.
      expect(publish.mock.calls.length).toBeLessThanOrEqual(2);
      await jest.advanceTimersByTimeAsync(50);
      await pump.idle();
      expect(publish.mock.calls.length).toBeLessThanOrEqual(3);
      expect(publish.mock.calls.flatMap(([records]) => records).map((record) => record.key)).toEqual(
        [...Array(60)].map((_, i) => `ck_${ids.run}${(i + 1).toString(36).padStart(9, '0')}`),
      );
      expect(await store.outbox!.pending(100)).toEqual([]);
    } finally {
      jest.useRealTimers();
    }
  });
});
