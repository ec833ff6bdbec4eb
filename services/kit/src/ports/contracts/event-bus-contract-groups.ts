import {
  type ContractHarness,
  Recorder,
  decode,
  delay,
  encode,
  uniqueName,
  waitUntil,
} from './event-bus-contract-harness.js';

/** Consumer groups: fan-out between groups, sharing within one, and committed positions. */
export function describeGroups(harness: ContractHarness): void {
  it('gives every record to each of two groups', async () => {
    const bus = await harness.openBus();
    const topic = uniqueName('two-groups');
    await bus.ensureTopics([{ name: topic, partitions: 3 }]);
    const search = new Recorder();
    const notifications = new Recorder();
    await bus.subscribe({ group: uniqueName('search'), topics: [topic], handler: search.handler });
    await bus.subscribe({ group: uniqueName('notifications'), topics: [topic], handler: notifications.handler });
    const texts = Array.from({ length: 30 }, (_, n) => `price-${n}`);
    await bus.publish(texts.map((text, n) => ({ topic, key: `product-${n % 7}`, value: encode(text) })));

    await waitUntil(
      'both groups saw every record',
      () => search.records.length >= 30 && notifications.records.length >= 30,
    );
    expect(search.texts().sort()).toEqual([...texts].sort());
    expect(notifications.texts().sort()).toEqual([...texts].sort());
  });

  it('splits the records between two members of one group, each record handled once', async () => {
    const [first, second] = [await harness.openBus(), await harness.openBus()];
    const topic = uniqueName('shared-group');
    await first.ensureTopics([{ name: topic, partitions: 4 }]);
    const group = uniqueName('group');
    const a = new Recorder();
    const b = new Recorder();
    await first.subscribe({ group, topics: [topic], handler: a.handler });
    await second.subscribe({ group, topics: [topic], handler: b.handler });

    // Keep publishing in waves until the group has rebalanced and both members receive records.
    const published: string[] = [];
    const deadline = Date.now() + 20_000;
    while (a.records.length === 0 || b.records.length === 0) {
      if (Date.now() > deadline) throw new Error('the second member never received a record');
      const wave = Array.from({ length: 20 }, (_, i) => `offer-${published.length + i}`);
      await first.publish(wave.map((text) => ({ topic, key: `key-${text}`, value: encode(text) })));
      published.push(...wave);
      await delay(100);
    }
    await waitUntil('every record is handled', () => a.records.length + b.records.length >= published.length);
    await delay(300); // a duplicate would show up now

    const handled = [...a.texts(), ...b.texts()];
    expect(handled.sort()).toEqual([...published].sort());
  });

  it('resumes a group after its last committed record when the bus is reopened', async () => {
    const topic = uniqueName('resume');
    const group = uniqueName('group');
    const before = await harness.openBus();
    await before.ensureTopics([{ name: topic, partitions: 1 }]);
    await before.publish(
      ['r0', 'r1', 'r2', 'r3', 'r4'].map((text) => ({ topic, key: 'order-1', value: encode(text) })),
    );

    const first = new Recorder();
    let r3Failed = false;
    await before.subscribe({
      group,
      topics: [topic],
      // A long backoff keeps r3 uncommitted until the bus is closed under it.
      retry: { maxAttempts: 10, initialBackoffMs: 60_000, maxBackoffMs: 60_000 },
      handler: async (record) => {
        if (decode(record.value) === 'r3') {
          r3Failed = true;
          throw new Error('downstream unavailable');
        }
        await first.handler(record);
      },
    });
    await waitUntil('r0-r2 are handled and r3 has failed', () => first.records.length === 3 && r3Failed);
    await harness.closeBus(before);

    const after = await harness.openBus();
    const second = new Recorder();
    await after.subscribe({ group, topics: [topic], handler: second.handler });
    await waitUntil('the reopened group reaches r4', () => second.has('r4'));
    expect(first.texts()).toEqual(['r0', 'r1', 'r2']);
    expect(second.texts()).toEqual(['r3', 'r4']);
  });

  it('lets stop() finish and commit the record in flight', async () => {
    const bus = await harness.openBus();
    const topic = uniqueName('stop');
    const group = uniqueName('group');
    await bus.ensureTopics([{ name: topic, partitions: 1 }]);
    let started = false;
    let finished = false;
    const subscription = await bus.subscribe({
      group,
      topics: [topic],
      handler: async () => {
        started = true;
        await delay(300);
        finished = true;
      },
    });
    await bus.publish([{ topic, key: 'user-1', value: encode('slow') }]);
    await waitUntil('the slow record is in flight', () => started);
    await subscription.stop();
    expect(finished).toBe(true);

    await bus.publish([{ topic, key: 'user-1', value: encode('next') }]);
    const successor = new Recorder();
    await bus.subscribe({ group, topics: [topic], handler: successor.handler });
    await waitUntil('the next member gets the next record', () => successor.has('next'));
    expect(successor.texts()).toEqual(['next']);
  });
}

/** consumerLag: what a group has yet to handle, for progress waits and lag metrics. */
export function describeLag(harness: ContractHarness): void {
  it('counts what a group has not committed yet, from the start for a group that never consumed', async () => {
    const bus = await harness.openBus();
    const topic = uniqueName('lag');
    const group = uniqueName('group');
    await bus.ensureTopics([{ name: topic, partitions: 2 }]);
    expect(await bus.consumerLag(group, [topic])).toBe(0);
    await bus.publish(['a', 'b', 'c', 'd', 'e', 'f'].map((text, i) => ({ topic, key: `k${i}`, value: encode(text) })));
    expect(await bus.consumerLag(group, [topic])).toBe(6);

    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const handled = new Recorder();
    await bus.subscribe({
      group,
      topics: [topic],
      handler: async (record) => {
        if (decode(record.value) === 'f') await gate;
        await handled.handler(record);
      },
    });
    await waitUntil('everything but f is handled', () => handled.records.length === 5);
    await waitUntil('the lag shows only f left', async () => (await bus.consumerLag(group, [topic])) === 1);
    release();
    await waitUntil('the lag is gone', async () => (await bus.consumerLag(group, [topic])) === 0);
    expect(await bus.consumerLag(uniqueName('other-group'), [topic])).toBe(6);
    expect(await bus.consumerLag(group, [uniqueName('no-such-topic')])).toBe(0);
  });
}

/** lastHeardAt: how a subscriber knows its member is still in touch with the bus. */
export function describeHeard(harness: ContractHarness): void {
  it('says a member heard from the bus within its heartbeats while subscribed, and no more once stopped', async () => {
    const bus = await harness.openBus();
    const topic = uniqueName('heard');
    await bus.ensureTopics([{ name: topic, partitions: 1 }]);
    const subscription = await bus.subscribe({ group: uniqueName('group'), topics: [topic], handler: async () => {} });
    await waitUntil('the member has heard from the bus', () => subscription.lastHeardAt() > 0);
    const first = subscription.lastHeardAt();
    await waitUntil('the member hears from the bus again, idle as it is', () => subscription.lastHeardAt() > first);
    expect(Date.now() - subscription.lastHeardAt()).toBeLessThan(2_000);

    await subscription.stop();
    const last = subscription.lastHeardAt();
    await delay(2_000);
    expect(subscription.lastHeardAt()).toBe(last);
  });
}
