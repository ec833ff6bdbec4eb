// The ingest part of bench:core: OfferObserved events published straight onto the platform's bus
// (as the crawler does), then measured until their prices are searchable.
import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { openEmbeddedEventBus } from '@pc/embedded-event-log/open-embedded-event-bus';
import { Events } from '@pc/proto/event-catalog';
import { createEventPublisher } from '@pc/kit/events/publisher';
import { OfferObserved, ObservationSource } from '@pc/proto/crawler/events/v1/events';
import { SearchProductsRequest } from '@pc/proto/search/v1/search';
import { join } from 'node:path';
import { percentile } from '../adapters/stats.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** An observation repeating what offers stores for an offer, with another price. */
export function observationOf(offer, priceMinor, observedAt) {
  return OfferObserved.fromPartial({
    observationId: randomUUID(),
    shopId: offer.shop.id,
    shopOfferId: offer.shopOfferId,
    url: offer.url,
    title: offer.name,
    gtin: offer.gtin,
    mpn: offer.mpn,
    price: { amountMinor: priceMinor, currency: offer.price.currency },
    originalPrice: offer.listPrice,
    shipping: offer.shipping,
    availability: offer.availability,
    deliveryTime: offer.deliveryTime,
    condition: offer.condition,
    country: offer.country,
    isGreen: offer.isGreen,
    imageUrls: offer.imageUrl ? [offer.imageUrl] : [],
    observedAt,
    source: ObservationSource.OBSERVATION_SOURCE_FEED,
  });
}

export function openBus(dataDir) {
  return openEmbeddedEventBus({ path: join(dataDir, 'events', 'log.sqlite'), logger: pino({ level: 'silent' }) });
}

/** Waits until search shows `priceMinor` as the product's lowest price in the country. */
async function searchable(search, productId, country, priceMinor, timeoutMs) {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    const result = await search.searchProducts(
      SearchProductsRequest.fromPartial({
        country,
        language: 'en',
        filter: { productIds: [productId] },
        page: { hitsPerPage: 1 },
      }),
    );
    if (Number(result.hits[0]?.lowestPrice?.amountMinor ?? -1) === priceMinor) return true;
    await sleep(5);
  }
  return false;
}

const keyOf = (offer) => `${offer.shop.id}:${offer.shopOfferId}`;
const changeOf = (offer, price) => ({
  type: Events.offerObserved,
  key: keyOf(offer),
  payload: observationOf(offer, price, new Date()),
});

/**
 * Throughput of a crawl: `observations` OfferObserved of the `offers`, of which `changedShare`
 * carry a new price and the rest repeat what offers stores (as most of a real crawl does: an
 * unchanged offer costs a read, no write and no event). Before the timed part every offer is
 * observed once unchanged (so last-seen is fresh, as in a steady crawl) and drained. The end is
 * a new price on each of `markers` (offers outside `offers`, over the partitions), timed until
 * search shows every one. `cpuSeconds` and `storeOperations` (optional) are read where the timed
 * part starts and ends, so what they return leaves out the warm-up round.
 */
export async function measureThroughput({
  bus,
  search,
  offers,
  markers,
  observations,
  changedShare,
  cpuSeconds = () => ({}),
  storeOperations = async () => ({}),
}) {
  const publisher = createEventPublisher(bus, 'crawler');
  const price = new Map(offers.map((offer) => [keyOf(offer), Number(offer.price.amountMinor)]));
  const publishAll = async (events) => {
    for (let i = 0; i < events.length; i += 2000) await publisher.publishAll(events.slice(i, i + 2000));
  };
  let round = 0;
  const markerPrices = new Map(markers.map(({ offer }) => [keyOf(offer), Number(offer.price.amountMinor)]));
  const drain = async () => {
    round += 1;
    const ends = markers.map((marker) => {
      const { offer, productId } = marker;
      const next = probePrice(marker, markerPrices.get(keyOf(offer)), round);
      if (next === null)
        throw new Error(
          `bench: no new lowest price is left for the marker offer ${keyOf(offer)}: seed a fresh data dir`,
        );
      markerPrices.set(keyOf(offer), next);
      return { offer, productId, price: next };
    });
    await publisher.publishAll(ends.map(({ offer, price: p }) => changeOf(offer, p)));
    let caughtUp = true;
    for (const end of ends)
      caughtUp = (await searchable(search, end.productId, end.offer.country, end.price, 900_000)) && caughtUp;
    return caughtUp;
  };
  await publishAll(offers.map((offer) => changeOf(offer, price.get(keyOf(offer)))));
  await drain();

  const every = Math.max(1, Math.round(1 / changedShare));
  const batch = [];
  let changed = 0;
  for (let i = 0; i < observations; i++) {
    const offer = offers[i % offers.length];
    const key = keyOf(offer);
    // Each pass over the offers changes another share of them: a crawl reprices offers here and
    // there, not the same tenth on every pass (whose history documents would grow run by run).
    if (i % every === Math.floor(i / offers.length) % every) {
      price.set(key, price.get(key) + 1);
      changed++;
    }
    batch.push(changeOf(offer, price.get(key)));
  }
  const storeBefore = await storeOperations();
  const cpuBefore = cpuSeconds();
  const started = performance.now();
  await publishAll(batch);
  const caughtUp = await drain();
  const seconds = (performance.now() - started) / 1000;
  const cpu = { before: cpuBefore, after: cpuSeconds() };
  const store = { before: storeBefore, after: await storeOperations() };
  const events = batch.length + markers.length;
  return {
    events,
    changed,
    unchanged: batch.length - changed,
    seconds,
    caughtUp,
    perSecond: events / seconds,
    cpu,
    store,
  };
}

/** How many prices under the product's next Swiss offer a probe steps through, one per probe. */
const PROBE_PRICE_STEPS = 50;

/**
 * A new price for a probe that is its product's lowest and differs from what it has, or null
 * when none is left. It is counted down from under the product's next Swiss offer (or from the
 * probe's own price, when it is the only one), not from the probe's own price: a new lowest price
 * taken from the last one would fall run after run on one data dir, until none is left (a price
 * of -1 that offers rightly refuses, and a probe search waits for in vain).
 */
function probePrice(probe, current, n) {
  const top = (probe.ceilingMinor ?? current + PROBE_PRICE_STEPS + 1) - 1;
  for (let step = 0; step < 2; step++) {
    const price = top - ((n + step) % PROBE_PRICE_STEPS);
    if (price >= 1 && price !== current) return price;
  }
  return null;
}

/**
 * Lag under a steady load: `rate` changes per second over `offers` for `seconds`, while probes
 * publish a new unique lowest price for one of `probes` every 250 ms and time it until search
 * shows it.
 */
export async function measureLag({ bus, search, offers, probes, rate, seconds }) {
  const publisher = createEventPublisher(bus, 'crawler');
  const lags = [];
  const end = performance.now() + seconds * 1000;
  const load = (async () => {
    let i = 0;
    while (performance.now() < end) {
      const tick = performance.now();
      const perTick = Math.max(1, Math.round(rate / 10));
      const events = Array.from({ length: perTick }, () => {
        const offer = offers[i % offers.length];
        i++;
        return changeOf(offer, Number(offer.price.amountMinor) + 7 + (i % 50));
      });
      await publisher.publishAll(events);
      await sleep(Math.max(0, 100 - (performance.now() - tick)));
    }
  })();
  let n = 0;
  let skipped = 0;
  const prices = new Map(probes.map(({ offer }) => [keyOf(offer), Number(offer.price.amountMinor)]));
  while (performance.now() < end) {
    const probe = probes[n % probes.length];
    const { offer, productId } = probe;
    const price = probePrice(probe, prices.get(keyOf(offer)), n);
    n++;
    if (price === null) {
      skipped++;
      await sleep(250);
      continue;
    }
    prices.set(keyOf(offer), price);
    const started = performance.now();
    await publisher.publish(Events.offerObserved, keyOf(offer), observationOf(offer, price, new Date()));
    if (await searchable(search, productId, offer.country, price, 30_000)) lags.push(performance.now() - started);
    await sleep(250);
  }
  await load;
  lags.sort((a, b) => a - b);
  return {
    rate,
    probes: n - skipped,
    seen: lags.length,
    p50: percentile(lags, 0.5),
    p95: percentile(lags, 0.95),
    max: lags.at(-1) ?? NaN,
  };
}
