// Closed-loop load: `concurrency` clients, each sending its next request when the last one is
// answered, for `seconds`: the pages per second a site renders flat out, and their latency.
import { Agent, request } from 'undici';
import { closedLoop } from '../adapters/stats.mjs';
import { BROWSER_ENCODINGS } from './open-loop.mjs';

export async function flatOut({ urls, concurrency, seconds, headers = {} }) {
  const dispatcher = new Agent({ connections: concurrency, pipelining: 1, keepAliveTimeout: 30_000 });
  let errors = 0;
  try {
    const result = await closedLoop(
      async (i) => {
        try {
          const response = await request(urls[i % urls.length], {
            dispatcher,
            headers: { ...BROWSER_ENCODINGS, ...headers },
          });
          await response.body.dump({ limit: Infinity }).catch(() => response.body.text());
          if (response.statusCode !== 200) errors += 1;
        } catch {
          errors += 1;
        }
      },
      { concurrency, durationMs: seconds * 1000 },
    );
    return {
      answered: result.count,
      achieved: result.perSecond,
      p50: result.p50,
      p95: result.p95,
      p99: result.p99,
      errors,
    };
  } finally {
    await dispatcher.close();
  }
}
