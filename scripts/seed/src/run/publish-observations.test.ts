import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Events } from '@pc/proto/event-catalog';
import { on, subscribeEvents } from '@pc/kit/events/subscriber';
import { openEventBus } from '@pc/engine-profile/open-event-bus';
import { createLogger } from '@pc/kit/logging/logger';
import type { EventBus } from '@pc/kit/ports/event-bus';
import { startOfDay } from '../calendar/days';
import { parseSeedOptions, type SeedOptions } from '../cli/seed-options';
import { loadSeedConfig } from '../config';
import { builtinTaxonomy } from '../taxonomy/builtin-categories';
import { prepareGeneration } from './generation';
import { byteBoundedChunks, publishObservations } from './publish-observations';
import type { Report } from './report';

const silentReport: Report = { line: () => {}, progress: () => {}, done: () => {} };

describe('publishing observations to the event bus the services read', () => {
  let dataDir: string;
  let bus: EventBus;

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'seed-bus-'));
    // The same selection as the services: DATA_DIR → the embedded log at <DATA_DIR>/events.
    bus = await openEventBus(loadSeedConfig({ DATA_DIR: dataDir }), createLogger('seed-test', 'silent'), 'seed');
  });

  afterEach(async () => {
    await bus.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers every observation to a consumer group, in time order per offer, the last one at "now"', async () => {
    const options = parseSeedOptions(
      ['--products', '40', '--until', '2026-05-01', '--batch', '250'],
      {},
      new Date(),
    ) as SeedOptions;
    const generation = prepareGeneration(options, builtinTaxonomy());
    const shopIds = generation.shops.map((shop) => `shop-${shop.index}`);
    const now = startOfDay(options.untilDay);

    const tally = await publishObservations(generation.observations(shopIds), bus, now, silentReport);

    const seen = new Map<string, { at: number; eventId: string; producer: string }[]>();
    let received = 0;
    const subscription = await subscribeEvents(bus, {
      group: 'seed-test',
      logger: createLogger('seed-test', 'silent'),
      handlers: [
        on(Events.offerObserved, async (payload, meta) => {
          expect(meta.key).toBe(`${payload.shopId}:${payload.shopOfferId}`);
          seen.set(meta.key, [
            ...(seen.get(meta.key) ?? []),
            { at: payload.observedAt?.getTime() ?? 0, eventId: meta.eventId, producer: meta.producer },
          ]);
          received += 1;
        }),
      ],
    });
    const deadline = Date.now() + 60_000;
    while (received < tally.events && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    await subscription.stop();

    expect(tally.events).toBeGreaterThan(1_000);
    expect(received).toBe(tally.events);
    expect(seen.size).toBe(tally.offers);
    expect(tally.shopsWithOffers.size).toBeGreaterThan(20);
    for (const observations of seen.values()) {
      for (let i = 1; i < observations.length; i += 1)
        expect(observations[i]?.at).toBeGreaterThan(observations[i - 1]?.at as number);
      expect(observations[observations.length - 1]?.at).toBe(now.getTime());
      expect(observations[0]?.producer).toBe('seed');
    }
  }, 90_000);

  it('splits appends so that no request nears the 1 MB a Kafka broker accepts per batch', () => {
    const record = (bytes: number) => ({ topic: 't', key: 'k', value: new Uint8Array(bytes) });
    const chunks = [...byteBoundedChunks(Array.from({ length: 3_000 }, () => record(700)))];
    expect(chunks.reduce((sum, chunk) => sum + chunk.length, 0)).toBe(3_000);
    for (const chunk of chunks)
      expect(chunk.reduce((sum, r) => sum + r.value.length + 1, 0)).toBeLessThanOrEqual(512 * 1024);
    expect([...byteBoundedChunks([record(2_000_000)])]).toHaveLength(1);
  });
});
