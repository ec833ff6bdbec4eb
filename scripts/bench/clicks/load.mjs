// HTTP load for the click-out benchmark: a closed loop (as fast as `connections` keep-alive
// connections allow) and an open loop at a fixed rate, latency counted from each request's
// scheduled time (no coordinated omission). A redirect (302) is a success.
import { Agent, request } from 'undici';
import { percentile } from '../adapters/stats.mjs';

/** A browser's user agent and a made-up visitor address per request, so every click counts. */
function visitorHeaders(i) {
  return {
    'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
    'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
    referer: 'http://127.0.0.1/de-ch/products/p1',
  };
}

async function send(dispatcher, url, i, tally) {
  const response = await request(url, { dispatcher, headers: visitorHeaders(i) });
  await response.body.dump();
  tally.set(response.statusCode, (tally.get(response.statusCode) ?? 0) + 1);
  return response.statusCode;
}

/** As many requests as `connections` can carry for `seconds`: the sustainable rate. */
export async function closedLoop({ urlOf, connections, seconds, offset = 0 }) {
  const dispatcher = new Agent({ connections, pipelining: 1, keepAliveTimeout: 30_000 });
  const statuses = new Map();
  const end = performance.now() + seconds * 1000;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const i = offset + next++;
        await send(dispatcher, urlOf(i), i, statuses).catch(() =>
          statuses.set('error', (statuses.get('error') ?? 0) + 1),
        );
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  await dispatcher.close();
  return { requests: next, perSecond: next / elapsed, statuses: Object.fromEntries(statuses) };
}

/** `rate` requests a second for `seconds`, each on its schedule whether earlier ones finished or not. */
export async function openLoop({ urlOf, rate, seconds, offset = 0, connections = 256 }) {
  const dispatcher = new Agent({ connections, pipelining: 1, keepAliveTimeout: 30_000 });
  const statuses = new Map();
  const latencies = [];
  const total = Math.round(rate * seconds);
  const inflight = [];
  const started = performance.now();
  for (let n = 0; n < total; n += 1) {
    const due = started + (n * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const i = offset + n;
    inflight.push(
      send(dispatcher, urlOf(i), i, statuses)
        .then(() => latencies.push(performance.now() - due))
        .catch(() => statuses.set('error', (statuses.get('error') ?? 0) + 1)),
    );
  }
  await Promise.all(inflight);
  const elapsed = (performance.now() - started) / 1000;
  await dispatcher.close();
  latencies.sort((a, b) => a - b);
  return {
    requests: total,
    achieved: latencies.length / elapsed,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    statuses: Object.fromEntries(statuses),
  };
}
