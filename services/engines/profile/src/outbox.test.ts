import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OfferObserved } from '@pc/proto/crawler/events/v1/events';
import { EventEnvelope } from '@pc/proto/events/v1/envelope';
import { pino } from 'pino';
import { openEmbeddedDocumentStore } from '@pc/sqlite-document-store/embedded-document-store';
import { openEmbeddedEventBus } from '@pc/embedded-event-log/open-embedded-event-bus';
import type { Collection, Document, DocumentStore } from '@pc/kit/ports/document-store';
import type { ConsumedRecord, EventBus } from '@pc/kit/ports/event-bus';
import { eventually } from '@pc/kit/testing/eventually';
import { Events } from '@pc/proto/event-catalog';
import { OUTBOX_INDEX, OUTBOX_SIDE_FIELDS, Outbox, type OutboxFields } from '@pc/kit/events/outbox';

interface Offer extends Document, OutboxFields {
  readonly price: number;
}

const logger = pino({ level: 'silent' });

/** The bus while its broker is away: the next `failures` publishes fail, then it works again. */
function brokerAwayFor(bus: EventBus, failures: number): EventBus {
  let left = failures;
  return new Proxy(bus, {
    get(target, property) {
      if (property === 'publish') {
        return async (records: Parameters<EventBus['publish']>[0]) => {
          if (left > 0) {
            left -= 1;
            throw new Error('broker not reachable');
          }
          return target.publish(records);
        };
      }
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** Retries a test can wait for. */
const SOON = { firstMs: 10, maxMs: 40 };
const changed = (id: string, price: number) => ({
  type: Events.offerObserved,
  key: id,
  payload: OfferObserved.fromPartial({ observationId: `${id}@${price}`, shopId: 's', shopOfferId: id }),
});

describe('Outbox: events stored with the aggregate, published, then cleared', () => {
  let dir: string;
  let bus: EventBus;
  let store: DocumentStore;
  let offers: Collection<Offer>;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'outbox-'));
    bus = openEmbeddedEventBus({ path: join(dir, 'log.sqlite'), pollIntervalMs: 5 });
    store = await openEmbeddedDocumentStore({ path: join(dir, 'docs.sqlite') });
    offers = await store.collection<Offer>({ name: 'offers', indexes: [OUTBOX_INDEX], sideFields: OUTBOX_SIDE_FIELDS });
  });
  afterEach(async () => {
    await bus.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function publishedIds(): Promise<string[]> {
    const seen: string[] = [];
    const group = `reader-${Math.random()}`;
    const topics = [Events.offerObserved.topic];
    const subscription = await bus.subscribe({
      group,
      topics,
      fromBeginning: true,
      handler: async (record: ConsumedRecord) => {
        seen.push(EventEnvelope.decode(record.value).eventId);
      },
    });
    // Read to the end of the log, however long the machine takes: a new group's lag counts every record.
    await eventually(async () => (await bus.consumerLag(group, topics)) === 0);
    await subscription.stop();
    return seen;
  }

  it('publishes the staged events after the write and removes them from the document', async () => {
    const outbox = new Outbox(bus, 'offers', logger);
    const stored = await offers.put({ _id: 'o1', price: 100, ...outbox.stage(null, [changed('o1', 100)]) });
    expect(stored.outbox).toHaveLength(1);
    await outbox.flush(offers, stored);
    expect(await publishedIds()).toEqual([stored.outbox?.[0]?.eventId]);
    expect(await offers.get('o1')).toMatchObject({ price: 100, outbox: [], outboxPending: false });
  });

  it('a crash between write and publish loses nothing: the relay publishes the leftovers', async () => {
    const beforeCrash = new Outbox(bus, 'offers', logger);
    // The write is durable, then the process dies before flush.
    const stored = await offers.put({ _id: 'o2', price: 90, ...beforeCrash.stage(null, [changed('o2', 90)]) });
    expect(await publishedIds()).toEqual([]);

    const afterRestart = new Outbox(bus, 'offers', logger);
    expect(await afterRestart.relay(offers)).toBe(1);
    expect(await publishedIds()).toEqual([stored.outbox?.[0]?.eventId]);
    expect(await offers.count({ outboxPending: true })).toBe(0);
  });

  it('keeps entries staged by a later write that were not part of the flushed batch', async () => {
    const outbox = new Outbox(bus, 'offers', logger);
    const first = await offers.put({ _id: 'o3', price: 80, ...outbox.stage(null, [changed('o3', 80)]) });
    // A second write lands before the first flush: it carries both entries.
    const second = await offers.put({ _id: 'o3', price: 70, ...outbox.stage(first, [changed('o3', 70)]) });
    await outbox.flush(offers, first);
    const left = await offers.get('o3');
    expect(left?.outbox?.map((entry) => entry.eventId)).toEqual([second.outbox?.[1]?.eventId]);
    expect(left?.outboxPending).toBe(true);
    await outbox.flush(offers, left);
    expect((await publishedIds()).sort()).toEqual(second.outbox?.map((entry) => entry.eventId).sort());
  });

  it('flushAll publishes the entries of many documents and clears each of them', async () => {
    const outbox = new Outbox(bus, 'offers', logger);
    const stored = await Promise.all(
      ['a', 'b', 'c'].map((id, i) => offers.put({ _id: id, price: i, ...outbox.stage(null, [changed(id, i)]) })),
    );
    const untouched = await offers.put({ _id: 'd', price: 9 });
    await outbox.flushAll(offers, [...stored, untouched]);
    expect((await publishedIds()).sort()).toEqual(stored.map((doc) => doc.outbox?.[0]?.eventId).sort());
    expect(await offers.count({ outboxPending: true })).toBe(0);
    expect((await offers.get('d'))?._version).toBe(1);
  });

  it('finding (issue 43): a failed publish waited for a restart; now the same process tries again until it goes out', async () => {
    const outbox = new Outbox(brokerAwayFor(bus, 3), 'offers', logger, null, SOON);
    try {
      const stored = await offers.put({ _id: 'r1', price: 60, ...outbox.stage(null, [changed('r1', 60)]) });
      await expect(outbox.flush(offers, stored)).rejects.toThrow('broker not reachable');
      // No relay, no new Outbox: the timer publishes it once the broker answers again.
      await eventually(async () => (await offers.get('r1'))?.outboxPending === false);
      expect(await publishedIds()).toEqual([stored.outbox?.[0]?.eventId]);
    } finally {
      outbox.close();
    }
  });

  describe('on a store with an outbox of its own (ADR 035)', () => {
    it('finding (issue 43): a failed publish of the store outbox is tried again until it goes out, without a restart', async () => {
      const outbox = new Outbox(brokerAwayFor(bus, 2), 'offers', logger, store.outbox, SOON);
      try {
        const prepared = outbox.prepare(null, [changed('r2', 50)]);
        const stored = await offers.put({ _id: 'r2', price: 50, ...prepared.fields }, { outbox: prepared.records });
        await expect(outbox.publish(offers, stored, prepared)).rejects.toThrow('broker not reachable');
        await eventually(async () => (await store.outbox?.pending(10))?.length === 0);
        expect(await publishedIds()).toHaveLength(1);
      } finally {
        outbox.close();
      }
    });

    it('writes the document once with its events beside it, publishes them and empties the store outbox', async () => {
      const outbox = new Outbox(bus, 'offers', logger, store.outbox);
      const prepared = outbox.prepare(null, [changed('t1', 100)]);
      expect(prepared.fields).toEqual({ outbox: [], outboxPending: false });
      const stored = await offers.put({ _id: 't1', price: 100, ...prepared.fields }, { outbox: prepared.records });
      expect((await store.outbox?.pending(10))?.map((record) => record.documentId)).toEqual(['t1']);
      await outbox.publish(offers, stored, prepared);
      expect(await publishedIds()).toHaveLength(1);
      expect(await store.outbox?.pending(10)).toEqual([]);
      expect(await offers.get('t1')).toMatchObject({ price: 100, _version: 1, outboxPending: false });
    });

    it('publishes entries an earlier write staged in the document before the new events', async () => {
      const staging = new Outbox(bus, 'offers', logger);
      const first = await offers.put({ _id: 't2', price: 80, ...staging.stage(null, [changed('t2', 80)]) });
      const outbox = new Outbox(bus, 'offers', logger, store.outbox);
      const prepared = outbox.prepare(first, [changed('t2', 70)]);
      const second = await offers.put(
        { _id: 't2', price: 70, ...prepared.fields },
        { expectedVersion: first._version, outbox: prepared.records },
      );
      await outbox.publish(offers, second, prepared);
      const ids = await publishedIds();
      expect(ids).toHaveLength(2);
      expect(ids[0]).toBe(first.outbox?.[0]?.eventId);
      expect(await offers.count({ outboxPending: true })).toBe(0);
      expect(await store.outbox?.pending(10)).toEqual([]);
    });

    it('a crash between write and publish loses nothing: relayStore publishes the records, oldest first', async () => {
      const beforeCrash = new Outbox(bus, 'offers', logger, store.outbox);
      for (const [id, price] of [
        ['t3', 90],
        ['t4', 91],
      ] as const) {
        const prepared = beforeCrash.prepare(null, [changed(id, price)]);
        await offers.put({ _id: id, price, ...prepared.fields }, { outbox: prepared.records });
      }
      expect(await publishedIds()).toEqual([]);

      const afterRestart = new Outbox(bus, 'offers', logger, store.outbox);
      const seenBefore: string[] = [];
      expect(
        await afterRestart.relayStore(
          async (records) => void seenBefore.push(...records.map((record) => record.documentId)),
        ),
      ).toBe(2);
      expect(seenBefore).toEqual(['t3', 't4']);
      expect(await publishedIds()).toHaveLength(2);
      expect(await store.outbox?.pending(10)).toEqual([]);
      expect(await afterRestart.relayStore()).toBe(0);
    });
  });
});
