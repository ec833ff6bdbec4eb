// Open-loop load at a fixed arrival rate: request i is sent at start + i / rate whether or not
// earlier ones finished, and its latency counts from that scheduled time (no coordinated
// omission: a slow server shows as queueing, not as fewer requests).
import { request } from 'undici';
import { percentile } from '../adapters/stats.mjs';
import visitorConnectionsModule from './visitor-connections.cjs';

const { visitorConnections } = visitorConnectionsModule;

/**
 * What Chromium says it takes: pages are measured compressed, as visitors get them (the site
 * compresses every answer to a client that asks; the cost is part of a page's).
 */
export const BROWSER_ENCODINGS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

// A request unanswered `timeoutMs` after its send time (queueing in the client included) is an
// error, so a step far above what the machine renders ends instead of queueing for minutes.
// Requests go out over `connections` keep-alive connections in turn, as a crowd of visitors'
// would (`visitor-connections.cjs`, ADR 100).
export async function openLoop({ urls, rate, seconds, headers = {}, connections = 128, timeoutMs = 15_000 }) {
  const visitors = visitorConnections(connections);
  const total = Math.round(rate * seconds);
  const latencies = [];
  let errors = 0;
  const statuses = new Map();
  const started = performance.now();
  const inflight = [];
  for (let i = 0; i < total; i += 1) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const url = urls[i % urls.length];
    const connection = visitors.take(url);
    inflight.push(
      request(url, {
        dispatcher: connection.dispatcher,
        headers: { ...BROWSER_ENCODINGS, ...headers },
        signal: AbortSignal.timeout(timeoutMs),
      })
        .then(async (response) => {
          await response.body.dump({ limit: Infinity }).catch(() => response.body.text());
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          if (response.statusCode !== 200) errors += 1;
          latencies.push(performance.now() - due);
        })
        .catch(() => {
          errors += 1;
        })
        .finally(connection.done),
    );
  }
  await Promise.all(inflight);
  const elapsed = (performance.now() - started) / 1000;
  await visitors.close();
  latencies.sort((a, b) => a - b);
  return {
    sent: total,
    answered: latencies.length,
    achieved: latencies.length / elapsed,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    errors,
    statuses: Object.fromEntries(statuses),
  };
}
