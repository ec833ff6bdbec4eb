// bench:freshness — how long after a price change a visitor of the micro-cache still sees the old
// price, before and after in one run: two site processes on one seeded platform (as bench:web
// starts them), the "before" another checkout's build (--before-root, e.g. the previous commit in
// a git worktree, its web built). Each product page, and a search page listing the product (a
// search for its name), is stored in both sites' caches, then the cheapest Swiss offer of every
// sampled product drops by 5 cents (an OfferObserved on the bus, as the crawler publishes it),
// and both sites' pages are read every 50 ms until they show the new lowest price: the time from
// the observation, and whether that answer came from the cache.
// Usage: npm run bench:freshness -- --before-root DIR [--products N] [--sample 8] [--data-dir DIR]
// Ports: WEB_PORT (the sites on WEB_PORT + 1 and + 2), GRPC_PORT_BASE, OPS_PORT_BASE.
import { tmpdir } from 'node:os';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createServiceClient } from '@pc/kit/grpc/client';
import { createEventPublisher } from '@pc/kit/events/publisher';
import { Events } from '@pc/proto/event-catalog';
import { OffersServiceService } from '@pc/proto/offers/v1/offers';
import { SearchServiceService } from '@pc/proto/search/v1/search';
import { SERVICES } from '../../platform/services.mjs';
import { fmt, percentile } from '../adapters/stats.mjs';
import { observationOf, openBus } from '../core/ingest.mjs';
import { startPlatform } from '../core/platform.mjs';
import { sampleOffers, swissOffers } from '../core/sample.mjs';
import { startSite } from './site-process.mjs';

const root = resolve(import.meta.dirname, '..', '..', '..');
const { values: args } = parseArgs({
  args: process.argv.slice(3),
  options: {
    products: { type: 'string', default: '600' },
    sample: { type: 'string', default: '8' },
    'data-dir': { type: 'string' },
    'before-root': { type: 'string' },
  },
});
if (!args['before-root']) {
  console.error('bench:freshness needs --before-root DIR: the checkout to compare with, its web built');
  process.exit(2);
}
const dataDir = resolve(args['data-dir'] ?? join(tmpdir(), `pc-bench-web-${args.products}`));
mkdirSync(dataDir, { recursive: true });
const env = process.env;
const ports = {
  web: Number(env.WEB_PORT ?? 3750),
  grpcBase: Number(env.GRPC_PORT_BASE ?? 23151),
  opsBase: Number(env.OPS_PORT_BASE ?? 9951),
};
const grpc = (service) => `127.0.0.1:${ports.grpcBase + SERVICES.indexOf(service)}`;
/** Longer than a page can stay in the cache by age (s-maxage 30 s + stale-while-revalidate 30 s). */
const TIMEOUT_MS = 75_000;
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

console.log(`bench:freshness — ${args.products} products, data dir ${dataDir}`);
const platform = await startPlatform(root, {
  dataDir,
  seedArgs: `--products ${args.products} --history-days 365 --reviews 4`,
  ports,
});
const [before, after] = await Promise.all([
  startSite(resolve(args['before-root']), { dataDir, ports, port: ports.web + 1, reads: 'batched' }),
  startSite(root, { dataDir, ports, port: ports.web + 2, reads: 'batched' }),
]).catch(async (error) => {
  await platform.stop();
  throw error;
});
const bus = openBus(dataDir);

/** The product page's lowest price as the page shows it (its `<data value>`), and the cache's word on it. */
async function read(url) {
  const answer = await fetch(url);
  const html = await answer.text();
  return { cache: answer.headers.get('x-cache'), lowest: /<data value="([\d.]+)" class="price big"/.exec(html)?.[1] };
}

/** A search page's price of product `id` (its card's `<data value>`), and the cache's word on it. */
async function readListed(url, id) {
  const answer = await fetch(url);
  const html = await answer.text();
  const card = html.search(new RegExp(`href="/en-ch/products/[^"]*${id}"`));
  return {
    cache: answer.headers.get('x-cache'),
    lowest: card < 0 ? undefined : /<data value="([\d.]+)"/.exec(html.slice(card))?.[1],
  };
}

/** Reads a page every 50 ms until `reader` finds `lowest` on it: ms from `since`, and the answer's X-Cache. */
async function untilShown(reader, lowest, since) {
  while (performance.now() - since < TIMEOUT_MS) {
    const page = await reader();
    if (page.lowest === lowest) return { ms: performance.now() - since, cache: page.cache };
    await sleep(50);
  }
  return { ms: Infinity, cache: 'never' };
}

try {
  const search = createServiceClient(SearchServiceService, grpc('search'), { deadlineMs: 30_000 });
  const offers = createServiceClient(OffersServiceService, grpc('offers'), { deadlineMs: 30_000 });
  const { probes } = await sampleOffers(search, offers, 200, Date.now() % 997);
  // Each product page at its canonical address, and a search for its name, stored in both caches
  // (a second read is a hit), where the sampled offer is the price both lead with (so that its
  // drop shows there).
  const pages = [];
  for (const probe of probes) {
    if (pages.length === Number(args.sample)) break;
    const canonical = new URL((await fetch(`${after.url}/en-ch/products/${probe.productId}`)).url).pathname;
    const urls = [`${before.url}${canonical}`, `${after.url}${canonical}`];
    for (const url of urls) await read(url);
    const stored = await Promise.all(urls.map(read));
    const leads = (Number(probe.offer.price.amountMinor) / 100).toFixed(2);
    if (!stored.every((page) => page.cache === 'hit' && page.lowest === leads)) continue;
    // The product's name, as a visitor would type it into the search box (the JSON API's, not the page's HTML).
    const { data: product } = await (await fetch(`${after.url}/api/products/${probe.productId}?locale=en-ch`)).json();
    const query = `/en-ch/search?search=${encodeURIComponent(product.name)}`;
    const lists = [`${before.url}${query}`, `${after.url}${query}`];
    for (const url of lists) await readListed(url, probe.productId);
    const listed = await Promise.all(lists.map((url) => readListed(url, probe.productId)));
    if (!listed.every((page) => page.cache === 'hit' && page.lowest === leads)) continue;
    const priceMinor = Number(probe.offer.price.amountMinor) - 5;
    const readers = [
      ...urls.map((url) => () => read(url)),
      ...lists.map((url) => () => readListed(url, probe.productId)),
    ];
    pages.push({ probe, readers, priceMinor, lowest: (priceMinor / 100).toFixed(2) });
  }
  console.log(
    `  ${pages.length} product pages and searches listing them stored in both caches; each product's lowest Swiss price drops 5 cents now`,
  );
  const publisher = createEventPublisher(bus, 'crawler');
  const since = performance.now();
  await publisher.publishAll(
    pages.map(({ probe, priceMinor }) => ({
      type: Events.offerObserved,
      key: `${probe.offer.shop.id}:${probe.offer.shopOfferId}`,
      payload: observationOf(probe.offer, priceMinor, new Date()),
    })),
  );
  /** When the offers service answers the new price: the platform's part, before any site renders. */
  const inOffers = async ({ probe, priceMinor }) => {
    while (performance.now() - since < TIMEOUT_MS) {
      const offer = (await swissOffers(offers, probe.productId)).offers.find((o) => o.id === probe.offer.id);
      if (Number(offer?.price?.amountMinor) === priceMinor) return { ms: performance.now() - since, cache: '' };
      await sleep(50);
    }
    return { ms: Infinity, cache: 'never' };
  };
  const shown = await Promise.all(
    pages.map((page) =>
      Promise.all([...page.readers.map((reader) => untilShown(reader, page.lowest, since)), inOffers(page)]),
    ),
  );
  console.log('\n  price change → the cached page shows it (ms from the observation; 50 ms reads)');
  for (const [index, name] of [
    [4, 'the offers service answers it (no page)'],
    [0, `product page, before (${resolve(args['before-root'])})`],
    [1, 'product page, after (this checkout)'],
    [2, 'search page, before'],
    [3, 'search page, after'],
  ]) {
    const times = shown.map((pair) => pair[index].ms).sort((a, b) => a - b);
    const fromCache = shown.filter((pair) => pair[index].cache === 'hit').length;
    const cached = index === 4 ? '' : `  first answer with it from the cache: ${fromCache} of ${times.length}`;
    const never = times.filter((ms) => ms === Infinity).length;
    console.log(
      `  ${name.padEnd(44)} min ${fmt(times[0], 0).padStart(6)} ms  p50 ${fmt(percentile(times, 0.5), 0).padStart(6)} ms  max ${fmt(times.at(-1), 0).padStart(6)} ms${cached}${never ? `, ${never} not within ${TIMEOUT_MS / 1000} s` : ''}`,
    );
  }
} finally {
  await Promise.all([before.stop(), after.stop()]);
  await bus.close();
  await platform.stop();
}
