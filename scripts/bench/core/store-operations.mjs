// Reads a service's embedded-store counters from its /metrics (kit/telemetry/store-metrics.ts):
// what a bench phase cost in reads, writes and commits, per collection.
const SAMPLE = /^store_operation(s|_seconds)(?:_total)?\{([^}]*)\} ([0-9.eE+-]+)/;

/** `{ "<collection>.<operation>": { count, seconds } }` of the service's /metrics at `opsUrl`. */
export async function storeOperations(opsUrl) {
  const response = await fetch(`${opsUrl}/metrics`);
  if (!response.ok) throw new Error(`${opsUrl}/metrics: HTTP ${response.status}`);
  const totals = {};
  for (const line of (await response.text()).split('\n')) {
    const match = SAMPLE.exec(line);
    if (!match) continue;
    const labels = Object.fromEntries([...match[2].matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    const key = labels.collection ? `${labels.collection}.${labels.operation}` : labels.operation;
    totals[key] ??= { count: 0, seconds: 0 };
    totals[key][match[1] === 's' ? 'count' : 'seconds'] = Number(match[3]);
  }
  return totals;
}

/** Operations and milliseconds per 1,000 events between two readings, busiest first. */
export function operationsPerThousand(before, after, events) {
  return Object.entries(after)
    .map(([key, { count, seconds }]) => ({
      key,
      count: ((count - (before[key]?.count ?? 0)) * 1000) / events,
      ms: ((seconds - (before[key]?.seconds ?? 0)) * 1_000_000) / events,
    }))
    .filter((entry) => entry.count > 0)
    .sort((a, b) => b.ms - a.ms);
}
