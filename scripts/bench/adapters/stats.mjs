// Small helpers shared by the adapter benchmark's workloads.
export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
}

export async function timed(fn) {
  const started = performance.now();
  const result = await fn();
  return { result, seconds: (performance.now() - started) / 1000 };
}

/** Runs `fn` from `concurrency` workers until `durationMs` is over; returns rate and latencies. */
export async function closedLoop(fn, { concurrency, durationMs, count = Number.POSITIVE_INFINITY }) {
  const latencies = [];
  const end = performance.now() + durationMs;
  const started = performance.now();
  let i = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end && i < count) {
        const t0 = performance.now();
        await fn(i++);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    count: latencies.length,
    perSecond: latencies.length / ((performance.now() - started) / 1000),
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
  };
}

export const fmt = (n, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : '—';
