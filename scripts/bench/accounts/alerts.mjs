// Price-alert evaluation with N active alerts (default 1,000,000): the notifications service's
// AlertIndex fed a stream of encoded ProductPriceChanged envelopes, decoded and evaluated as the
// event handler does; alerts that fire leave the armed index (as they do once FIRED is stored).
import { EventEnvelope } from '@pc/proto/events/v1/envelope';
import { ProductPriceChanged } from '@pc/proto/offers/events/v1/events';
import { AlertKind, AlertState } from '@pc/proto/notifications/v1/types';
import { AlertIndex } from '@pc/notifications/dist/domain/alert-index.js';

const EVENTS = 1_000_000;
const COUNTRIES = ['CH', 'DE'];

/** A small deterministic generator (mulberry32), so runs compare. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function alertBench(alertCount) {
  const rand = random(6);
  const products = Math.max(1, Math.round(alertCount / 4));
  const keys = products * COUNTRIES.length;
  const prices = new Int32Array(keys).map(() => 1_000 + Math.floor(rand() * 99_000));
  const inStock = new Uint8Array(keys).map(() => (rand() < 0.9 ? 1 : 0));
  const chf = (amountMinor) => ({ amountMinor, currency: 'CHF' });

  const heapBefore = process.memoryUsage().heapUsed;
  let started = performance.now();
  const alerts = [];
  for (let i = 0; i < alertCount; i += 1) {
    const key = Math.floor(rand() * keys);
    const price = prices[key];
    const roll = rand();
    const kind =
      inStock[key] === 0 && roll < 0.1
        ? AlertKind.ALERT_KIND_BACK_IN_STOCK
        : roll < 0.65
          ? AlertKind.ALERT_KIND_TARGET_PRICE
          : AlertKind.ALERT_KIND_PERCENTAGE_DROP;
    alerts.push({
      _id: `al_${i}`,
      productId: `p${Math.floor(key / COUNTRIES.length)}`,
      country: COUNTRIES[key % COUNTRIES.length],
      kind,
      state: AlertState.ALERT_STATE_ARMED,
      // Armed alerts do not hold: targets sit below today's price, drops measure from it.
      targetPrice: kind === AlertKind.ALERT_KIND_TARGET_PRICE ? chf(Math.floor(price * (0.5 + rand() * 0.49))) : null,
      referencePrice: kind === AlertKind.ALERT_KIND_PERCENTAGE_DROP ? chf(price) : null,
      dropPercent: kind === AlertKind.ALERT_KIND_PERCENTAGE_DROP ? 1 + Math.floor(rand() * 30) : 0,
      rearmAutomatically: false,
    });
  }
  const index = new AlertIndex();
  index.load(alerts);
  const loadSeconds = (performance.now() - started) / 1000;
  alerts.length = 0;
  globalThis.gc?.();
  const heapMiB = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;

  // The event stream: a random product and country moves its lowest price by up to ±3 %, and its
  // stock now and then; encoded as offers publishes it (envelope + payload).
  started = performance.now();
  const events = new Array(EVENTS);
  for (let i = 0; i < EVENTS; i += 1) {
    const key = Math.floor(rand() * keys);
    const before = prices[key];
    prices[key] = Math.max(100, Math.round(before * (0.97 + rand() * 0.06)));
    if (rand() < 0.02) inStock[key] = inStock[key] ? 0 : 1;
    const payload = ProductPriceChanged.encode({
      productId: `p${Math.floor(key / COUNTRIES.length)}`,
      country: COUNTRIES[key % COUNTRIES.length],
      version: i + 1,
      summary: {
        productId: '',
        country: '',
        lowestPrice: chf(prices[key]),
        highestPrice: undefined,
        offersCount: 3,
        inStockOffersCount: inStock[key] * 2,
        cheapestOfferId: '',
        trend: 0,
        priceDropPercent: 0,
        hasGreenOffer: false,
        updatedAt: undefined,
      },
      previousLowestPrice: chf(before),
      previousOffersCount: 3,
      previousInStockOffersCount: 0,
      changedAt: new Date(),
    }).finish();
    events[i] = EventEnvelope.encode({
      eventId: `e${i}`,
      occurredAt: new Date(),
      producer: 'offers',
      type: 'pricecompare.offers.events.v1.ProductPriceChanged',
      payload,
    }).finish();
  }
  const generateSeconds = (performance.now() - started) / 1000;

  let fired = 0;
  let touched = 0;
  started = performance.now();
  for (const bytes of events) {
    const event = ProductPriceChanged.decode(EventEnvelope.decode(bytes).payload);
    const summary = event.summary;
    const evaluation = index.evaluate(event.productId, event.country, {
      lowest: summary?.lowestPrice ?? null,
      inStockOffers: summary?.inStockOffersCount ?? 0,
    });
    if (evaluation.fire.length > 0) touched += 1;
    for (const id of evaluation.fire) {
      index.remove(id);
      fired += 1;
    }
  }
  const evaluateSeconds = (performance.now() - started) / 1000;

  process.stdout.write(
    `\nAlert evaluation: ${alertCount.toLocaleString('en')} active alerts on ${keys.toLocaleString('en')} products × countries (65 % target price, 35 % drop, back in stock where out of stock)\n`,
  );
  process.stdout.write(
    `  index built in ${loadSeconds.toFixed(1)} s, ~${heapMiB.toFixed(0)} MiB heap${globalThis.gc ? '' : ' (run with --expose-gc for a cleaner figure)'}; ${EVENTS.toLocaleString('en')} events generated and encoded in ${generateSeconds.toFixed(1)} s\n`,
  );
  process.stdout.write(
    `  **${Math.round(EVENTS / evaluateSeconds).toLocaleString('en')} events/s** decoded (envelope + ProductPriceChanged) and evaluated; ${fired.toLocaleString('en')} alerts fired on ${touched.toLocaleString('en')} events; ${index.size.toLocaleString('en')} still armed\n`,
  );
}
