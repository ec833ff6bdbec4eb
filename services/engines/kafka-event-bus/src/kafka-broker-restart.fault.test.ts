import { decode, encode, uniqueName, waitUntil } from '@pc/kit/ports/contracts/event-bus-contract-harness';
import type { ConsumedRecord, EventBus, OutgoingRecord } from '@pc/kit/ports/event-bus';
import { describeWithEngine, enginesAreManaged, restartEngine } from '@pc/kit/testing/real-engine';
import { openKafkaEventBus, parseBrokerList } from './open-kafka-event-bus.js';

// A broker restart (about 10-15 s here) plus the clients' reconnect backoff.
jest.setTimeout(90_000);

const KEYS = Array.from({ length: 8 }, (_, i) => `product-${i}`);

describeWithEngine('KAFKA_BROKERS', 'Kafka event bus across a broker restart', (url) => {
  if (!enginesAreManaged()) {
    process.stderr.write(
      '\n*** SKIPPED: broker restart test — the broker is not managed by scripts/engines (ENGINES_HOME unset) ***\n',
    );
  }
  const maybeIt = enginesAreManaged() ? it : it.skip;
  const open: EventBus[] = [];
  const openBus = (): EventBus => {
    const bus = openKafkaEventBus({ brokers: parseBrokerList(url), clientId: 'broker-restart-test' });
    open.push(bus);
    return bus;
  };
  afterEach(async () => {
    await Promise.all(open.splice(0).map((bus) => bus.close()));
  });

  maybeIt('consumes every acknowledged record in order per key, and the group resumes after the restart', async () => {
    const topic = uniqueName('broker-restart');
    const group = uniqueName('group');
    const publisher = openBus();
    await publisher.ensureTopics([{ name: topic, partitions: 3 }]);
    const handled: ConsumedRecord[] = [];
    const subscription = await openBus().subscribe({
      group,
      topics: [topic],
      handler: async (r) => void handled.push(r),
    });

    // How long the member went without hearing from the brokers (what ADR 101's follower reads).
    let longestSilence = 0;
    const sampler = setInterval(() => {
      longestSilence = Math.max(longestSilence, Date.now() - subscription.lastHeardAt());
    }, 100);

    // Waves of one record per key, from before the restart until well after the broker is back.
    const acknowledged: string[] = [];
    let restarted = false;
    let wavesAfterRestart = 0;
    let waves = 0;
    for (; wavesAfterRestart < 10; waves += 1) {
      if (waves === 10) void restartEngine('kafka').then(() => (restarted = true));
      const records = KEYS.map((key) => ({ topic, key, value: encode(`${key}#${waves}`) }));
      await publishUntilAcknowledged(publisher, records);
      acknowledged.push(...records.map((record) => decode(record.value)));
      if (restarted) wavesAfterRestart += 1;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    const texts = () => new Set(handled.map((record) => decode(record.value)));
    await waitUntil(
      'every acknowledged record is consumed',
      () => acknowledged.every((text) => texts().has(text)),
      60_000,
    );
    for (const key of KEYS) {
      // At-least-once: a record handled just before the outage may come again, but a record is
      // never seen for the first time before an earlier one of its key.
      const firstSeen = [...new Set(handled.filter((record) => record.key === key).map((r) => decode(r.value)))];
      expect(firstSeen).toEqual(Array.from({ length: waves }, (_, wave) => `${key}#${wave}`));
    }
    // The member heard nothing while the broker was away, and hears it again now it is back.
    clearInterval(sampler);
    expect(longestSilence).toBeGreaterThan(3_000);
    await waitUntil('the member hears from the broker again', () => Date.now() - subscription.lastHeardAt() < 1_000);

    // The group's committed position survived the restart: a new member starts after it.
    await subscription.stop();
    await publisher.publish([{ topic, key: KEYS[0]!, value: encode('marker') }]);
    const successor: string[] = [];
    await openBus().subscribe({ group, topics: [topic], handler: async (r) => void successor.push(decode(r.value)) });
    await waitUntil('the successor receives the marker', () => successor.includes('marker'), 30_000);
    expect(successor).toEqual(['marker']);

    // Closing releases every connection, also those kafkajs reopened during the outage, so that
    // a service's process can exit.
    await Promise.all(open.splice(0).map((bus) => bus.close()));
    const connections = () => process.getActiveResourcesInfo().filter((kind) => kind === 'TCPSocketWrap').length;
    await waitUntil('no connection keeps the process alive', () => connections() === 0, 5_000);
  });
});

/** A publish that fails while the broker is away is sent again, as an outbox relay would. */
async function publishUntilAcknowledged(bus: EventBus, records: OutgoingRecord[]): Promise<void> {
  for (;;) {
    try {
      return await bus.publish(records);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}
