// A closed-loop load generator: `concurrency` workers call `fn` back to back for `durationMs`.
export async function measure(fn, { concurrency, durationMs, warmupMs = 1000 }) {
  const warmupEnd = performance.now() + warmupMs;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < warmupEnd) await fn();
    }),
  );
  const latencies = [];
  const start = performance.now();
  const end = start + durationMs;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        await fn();
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  return { callsPerSecond: latencies.length / elapsed, calls: latencies.length, latencies };
}

/** The p-quantile of latencies (ms), sorting them in place. */
export function percentile(latencies, p) {
  latencies.sort((a, b) => a - b);
  return latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? NaN;
}
