import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { openEmbeddedEventBus } from '@pc/embedded-event-log/open-embedded-event-bus';
import { Outbox } from '@pc/kit/events/outbox';
import { on, subscribeEvents } from '@pc/kit/events/subscriber';
import type { EventBus, Subscription } from '@pc/kit/ports/event-bus';
import { eventually } from '@pc/kit/testing/eventually';
import { Events } from '@pc/proto/event-catalog';
import type { ProductWatchChanged } from '@pc/proto/notifications/events/v1/events';
import { AlertState } from '@pc/proto/notifications/v1/types';
import { openEmbeddedDocumentStore } from '@pc/sqlite-document-store/embedded-document-store';
import type { DocumentStore } from '@pc/kit/ports/document-store';
import type { AlertRecord } from '../domain/alert-record.js';
import { AlertRepository } from '../store/alert-repository.js';
import { WatchRepository } from '../store/watch-repository.js';
import { alertRecord } from '../test-support/alert-record-fixture.js';
import { ProductWatches } from './product-watches.js';

const silent = pino({ level: 'silent' });
const at = '2026-11-24T10:00:00.000Z';
const alert = (id: string, productId: string, state = AlertState.ALERT_STATE_ARMED): AlertRecord =>
  alertRecord({ _id: id, productId, state });

describe('ProductWatches (how many alerts watch a product, told to the crawler)', () => {
  let dir: string;
  let store: DocumentStore;
  let bus: EventBus;
  let alerts: AlertRepository;
  let watches: ProductWatches;
  let received: ProductWatchChanged[];
  let subscription: Subscription;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'product-watches-'));
    store = await openEmbeddedDocumentStore({ path: join(dir, 'documents.sqlite') });
    bus = openEmbeddedEventBus({ path: join(dir, 'events.sqlite'), pollIntervalMs: 5 });
    alerts = await AlertRepository.open(store);
    const outbox = new Outbox(bus, 'notifications', silent, store.outbox);
    watches = new ProductWatches({
      alerts,
      watches: await WatchRepository.open(store),
      outbox,
      clock: () => new Date(at),
      logger: silent,
    });
    received = [];
    subscription = await subscribeEvents(bus, {
      group: 'watch-test',
      logger: silent,
      handlers: [on(Events.productWatchChanged, async (event) => void received.push(event))],
    });
  });
  afterEach(async () => {
    await subscription.stop();
    await bus.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const counts = () => received.map((event) => [event.productId, event.activeAlerts, event.version]);

  it('publishes a new count when alerts are added, paused or removed, and nothing when the count stays', async () => {
    await alerts.collection.put(alert('a1', 'p1'));
    await watches.touched(['p1']);
    await alerts.collection.put(alert('a2', 'p1', AlertState.ALERT_STATE_FIRED));
    await watches.touched(['p1', 'p1']);
    await watches.touched(['p1']); // nothing moved
    const paused = await alerts.get('a1');
    await alerts.collection.put(
      { ...alert('a1', 'p1', AlertState.ALERT_STATE_PAUSED) },
      { expectedVersion: paused!._version },
    );
    await watches.touched(['p1']);
    await alerts.collection.delete('a2');
    await watches.touched(['p1']);
    await eventually(() => received.length >= 4);
    expect(counts()).toEqual([
      ['p1', 1, 1],
      ['p1', 2, 2],
      ['p1', 1, 3],
      ['p1', 0, 4],
    ]);
  });

  it('a sweep repairs counts a crash never recounted: new products, and products whose alerts went', async () => {
    await alerts.collection.put(alert('b1', 'gone'));
    await watches.touched(['gone']);
    // Written without their recount (a crash between the two writes).
    await alerts.collection.delete('b1');
    await alerts.collection.put(alert('b2', 'p2'));
    await alerts.collection.put(alert('b3', 'p2'));
    await alerts.collection.put(alert('b4', 'p3', AlertState.ALERT_STATE_PAUSED));
    expect(await watches.sweep(2)).toBe(2);
    expect(await watches.sweep(2)).toBe(0);
    await eventually(() => received.length >= 3);
    expect(counts()).toEqual(
      expect.arrayContaining([
        ['gone', 1, 1],
        ['gone', 0, 2],
        ['p2', 2, 1],
      ]),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received).toHaveLength(3);
  });
});
