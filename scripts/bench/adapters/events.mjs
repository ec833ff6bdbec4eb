// Event bus workload: publish N records in batches of 100 while one consumer group drains them;
// each record carries its publish time, so consume latency is end to end.
import { percentile } from './stats.mjs';

export async function eventsWorkload(bus, { records = 20_000, batch = 100 } = {}) {
  const topic = `bench.events-${process.pid}-${Date.now()}.v1`;
  await bus.ensureTopics([{ name: topic, partitions: 3 }]);
  const latencies = [];
  let consumed = 0;
  let resolveDone;
  const done = new Promise((resolve) => (resolveDone = resolve));
  const subscription = await bus.subscribe({
    group: `bench-${process.pid}-${Date.now()}`,
    topics: [topic],
    fromBeginning: true,
    handler: async (record) => {
      latencies.push(Date.now() - Number(Buffer.from(record.value).toString()));
      consumed += 1;
      if (consumed === records) resolveDone();
    },
  });
  const started = performance.now();
  for (let sent = 0; sent < records; sent += batch) {
    const now = String(Date.now());
    await bus.publish(
      Array.from({ length: batch }, (_, i) => ({ topic, key: `offer-${(sent + i) % 500}`, value: Buffer.from(now) })),
    );
  }
  const producedSeconds = (performance.now() - started) / 1000;
  await Promise.race([
    done,
    new Promise((_, reject) =>
      setTimeout(() => reject(new Error(`consumed ${consumed}/${records} in 120 s`)), 120_000),
    ),
  ]);
  const endToEndSeconds = (performance.now() - started) / 1000;
  await subscription.stop();
  latencies.sort((a, b) => a - b);
  return {
    'produced/s': records / producedSeconds,
    'consumed end to end/s': records / endToEndSeconds,
    'latency p50 ms': percentile(latencies, 0.5),
    'latency p99 ms': percentile(latencies, 0.99),
  };
}
