import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEmbeddedEventBus } from '@pc/embedded-event-log/open-embedded-event-bus';
import { describeEventBusContract } from '@pc/kit/ports/contracts/event-bus.contract';
import type { ConsumedRecord } from '@pc/kit/ports/event-bus';
import { namespacedEventBus } from './namespaced-event-bus.js';

const dataDir = mkdtempSync(join(tmpdir(), 'namespaced-bus-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const log = () => openEmbeddedEventBus({ path: join(dataDir, 'events', 'log.sqlite') });

// A namespaced bus is still an event bus: the whole port contract, through the decorator.
describeEventBusContract('namespaced (over the embedded log)', async () => {
  const inner = log();
  return { bus: namespacedEventBus(inner, 'staging'), cleanup: () => inner.close() };
});

describe('namespacedEventBus', () => {
  it('keeps two namespaces on one log apart, and hands handlers the topic without the namespace', async () => {
    const inner = log();
    const [blue, green] = [namespacedEventBus(inner, 'blue'), namespacedEventBus(inner, 'green')];
    const seen: Record<string, ConsumedRecord[]> = { blue: [], green: [] };
    const subscriptions = await Promise.all(
      (['blue', 'green'] as const).map((name) =>
        (name === 'blue' ? blue : green).subscribe({
          group: 'search-indexer',
          topics: ['offers.offer-changed.v1'],
          fromBeginning: true,
          handler: async (record) => void seen[name]!.push(record),
        }),
      ),
    );
    try {
      await blue.publish([{ topic: 'offers.offer-changed.v1', key: 'o1', value: new TextEncoder().encode('blue') }]);
      await green.publish([{ topic: 'offers.offer-changed.v1', key: 'o1', value: new TextEncoder().encode('green') }]);
      for (let i = 0; i < 100 && (seen.blue!.length === 0 || seen.green!.length === 0); i++)
        await new Promise((r) => setTimeout(r, 50));
      expect(seen.blue!.map((r) => [r.topic, new TextDecoder().decode(r.value)])).toEqual([
        ['offers.offer-changed.v1', 'blue'],
      ]);
      expect(seen.green!.map((r) => [r.topic, new TextDecoder().decode(r.value)])).toEqual([
        ['offers.offer-changed.v1', 'green'],
      ]);
      // Underneath, each namespace has a topic of its own; the plain name was never written.
      expect(await inner.consumerLag('blue.search-indexer', ['blue.offers.offer-changed.v1'])).toBe(0);
      expect(await blue.consumerLag('search-indexer', ['offers.offer-changed.v1'])).toBe(0);
      expect(await inner.consumerLag('never-subscribed', ['offers.offer-changed.v1'])).toBe(0);
      expect(await inner.consumerLag('never-subscribed', ['blue.offers.offer-changed.v1'])).toBe(1);
    } finally {
      for (const subscription of subscriptions) await subscription.stop();
      await inner.close();
    }
  });
});
