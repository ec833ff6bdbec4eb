// A site process warms up before it takes visitors (ADR 096): it renders the most visited product
// pages on its own loopback port some hundreds of times (ADR 098), so that V8 has compiled the
// render's hot code and the page parts of those products are kept (ADR 093) when the first
// visitors come. Without it the first seconds after a start or a restart met a process rendering
// at about half its speed while reading every product's parts for the first time: at 100 pages/s,
// p50 0.13 s and p95 1.7 s in the first ten seconds, 7 ms and 22–37 ms after. CommonJS, like the
// rest of the edge.
'use strict';
const { OWN_TOKEN: WARM_UP_TOKEN, isOwnRequest } = require('./own-requests.cjs');

/** Marks the site's own warm-up renders: not a visitor's (no rate limit, no advertisement impression). */
const WARM_UP_HEADER = 'x-site-warm-up';

/** Whether a request is this process's own warm-up render (own-requests.cjs). */
const isWarmUpRequest = (request) => isOwnRequest(request, WARM_UP_HEADER);

/** What a warm-up render asks for: rendered, never from the micro-cache, compressed as a browser takes it. */
const RENDER_HEADERS = {
  [WARM_UP_HEADER]: WARM_UP_TOKEN,
  'cache-control': 'no-cache',
  'accept-encoding': 'gzip, deflate, br, zstd',
};

/**
 * Renders product pages of `origin` (this process's loopback listener), `concurrency` at a time,
 * in turn over the `products` ranked first (the search service's own ranking, the pages visitors
 * ask for most), until it has rendered `renders` of them or `seconds` have passed, whichever
 * comes first (ADR 098: V8 optimises code by how often it ran, so a count says when the render is
 * warm on any machine; the seconds bound the wait on a slow or busy one). Never longer than
 * `seconds` in all, even when the services do not answer (a site started before them warms
 * nothing and listens). Resolves to what it did: `{ pages, renders, failures, ms }`.
 */
async function warmUp({
  origin,
  seconds,
  renders: enough = Infinity,
  products = 100,
  concurrency = 4,
  fetchImpl = fetch,
  now = () => Date.now(),
}) {
  const started = now();
  const deadline = started + seconds * 1000;
  const remaining = () => Math.max(1, deadline - now());
  const done = (pages, renders, failures) => ({ pages, renders, failures, ms: now() - started });
  if (seconds <= 0 || enough <= 0) return done(0, 0, 0);
  const paths = await rankedProductPaths({ origin, products, fetchImpl, timeoutMs: remaining() });
  if (paths.length === 0) return done(0, 0, 0);
  let next = 0;
  let renders = 0;
  let failures = 0;
  const render = async () => {
    // Stops once the renders begun and not failed (`next - failures`: done or under way) are
    // enough, at the deadline, or once most renders fail (the services went away meanwhile).
    while (next - failures < enough && now() < deadline && failures <= renders + 3) {
      const path = paths[next++ % paths.length];
      try {
        const answer = await fetchImpl(`${origin}${path}`, {
          headers: RENDER_HEADERS,
          signal: AbortSignal.timeout(remaining()),
        });
        await answer.arrayBuffer();
        if (answer.ok) renders += 1;
        else failures += 1;
      } catch {
        // A render cut off at the deadline did not fail.
        if (now() < deadline) failures += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, render));
  return done(paths.length, renders, failures);
}

/** The site paths of the products ranked first, as the site's own API lists them; none when it cannot say. */
async function rankedProductPaths({ origin, products, fetchImpl, timeoutMs }) {
  try {
    const answer = await fetchImpl(`${origin}/api/products?sort=rank&hitsPerPage=${products}&with_offers=true`, {
      headers: { [WARM_UP_HEADER]: WARM_UP_TOKEN },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!answer.ok) return [];
    const list = await answer.json();
    return (list.data ?? []).map((product) => product.route).filter((route) => typeof route === 'string');
  } catch {
    return [];
  }
}

module.exports = { warmUp, isWarmUpRequest, WARM_UP_HEADER, WARM_UP_TOKEN };
