// The data and the timing shared by every engine: same documents, same records, same clocks.

export const SIZES = {
  docs: 10_000, // upserted twice (insert pass, then every price changed), 500 per transaction
  batch: 500,
  shops: 1_000, // ~10 documents per indexed equality query
  pointReads: 20_000,
  equalityQueries: 3_000,
  singleAppends: 2_000,
  batchedAppends: 20_000,
  appendBatch: 100,
  rangeReads: 300,
  range: 1_000,
};

/** Stops a workload early once it has run this long, so a slow engine cannot blow the budget. */
export const TIME_BOX_MS = 2_500;

/** An offer of ~600 bytes of JSON, shaped like the offers service's. */
export function makeDoc(i, pass) {
  return {
    _id: `offer-${String(i).padStart(7, '0')}`,
    productId: `prod-${i % 3_000}`,
    shopId: `shop-${i % SIZES.shops}`,
    title: `Stainless steel espresso machine model ${i} with milk frother, 15 bar, 1.8 l water tank`,
    price: { amount: 19_900 + ((i * 37 + pass * 101) % 50_000), currency: 'EUR' },
    shipping: { amount: 495, currency: 'EUR', days: 1 + (i % 5) },
    availability: i % 7 === 0 ? 'preorder' : 'in_stock',
    url: `https://shop-${i % SIZES.shops}.example.com/products/espresso-machine-${i}?ref=pricecompare&utm_source=pc`,
    gtins: [`0${String(4_000_000_000_000 + i)}`],
    attributes: { color: ['black', 'silver', 'red'][i % 3], power: '1350 W', weight: '5.4 kg', warranty: '2 years' },
    updatedAt: new Date(Date.UTC(2025, 0, 1, 0, 0, i % 86_400)).toISOString(),
  };
}

/** An event-log record: topic, key, ~200-byte payload, headers, timestamp. */
export function makeRecord(seq) {
  return {
    seq,
    topic: 'offers.OfferChanged.v1',
    key: `offer-${seq % 5_000}`,
    value: Buffer.alloc(200, seq % 251),
    headers: JSON.stringify({ traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' }),
    ts: 1_735_689_600_000 + seq,
  };
}

/**
 * Runs `op(i)` for i = 0.. until `count` or the time box, one at a time (awaited), and returns
 * operations per second. `units(i)` counts what one call did (documents, records).
 */
export async function measure(count, op, units = () => 1) {
  const started = performance.now();
  let done = 0;
  let i = 0;
  for (; i < count; i++) {
    await op(i);
    done += units(i);
    if ((i & 7) === 7 && performance.now() - started > TIME_BOX_MS) {
      i++;
      break;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  return { rate: done / seconds, ops: i, units: done, seconds };
}
