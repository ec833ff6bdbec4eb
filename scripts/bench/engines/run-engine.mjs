// Runs every workload against one engine in a fresh directory and returns the rates.
import { strict as assert } from 'node:assert';
import { makeDoc, makeRecord, measure, SIZES } from './workloads.mjs';

// A fixed pseudo-random sequence, so every engine reads the same ids in the same order.
function lcg(seed) {
  let state = seed >>> 0;
  return () => (state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0);
}

export async function runEngine(engine, dir) {
  await engine.open(dir);
  const results = {};
  const batches = SIZES.docs / SIZES.batch;

  const upsert = await measure(
    batches * 2,
    (b) => {
      const pass = b < batches ? 0 : 1;
      const first = (b % batches) * SIZES.batch;
      return engine.upsertBatch(Array.from({ length: SIZES.batch }, (_, k) => makeDoc(first + k, pass)));
    },
    () => SIZES.batch,
  );
  results.upsert = upsert;
  const loaded = Math.min(SIZES.docs, upsert.units);

  let next = lcg(1);
  results.pointRead = await measure(SIZES.pointReads, async () => {
    const i = next() % loaded;
    const doc = await engine.get(makeDoc(i, 0)._id);
    assert.equal(doc.shopId, `shop-${i % SIZES.shops}`);
  });

  next = lcg(2);
  results.equality = await measure(SIZES.equalityQueries, async () => {
    const shop = next() % Math.min(SIZES.shops, loaded);
    const found = await engine.findByShop(`shop-${shop}`);
    assert.ok(found.length >= 1);
  });

  if (!engine.appendOne) {
    await engine.close();
    return results; // a document store only: no event-log workloads
  }

  let seq = 0;
  results.singleAppend = await measure(SIZES.singleAppends, () => engine.appendOne(makeRecord(seq++)));
  results.batchedAppend = await measure(
    SIZES.batchedAppends / SIZES.appendBatch,
    () => engine.appendBatch(Array.from({ length: SIZES.appendBatch }, () => makeRecord(seq++))),
    () => SIZES.appendBatch,
  );

  if (!engine.readRange) {
    await engine.close();
    return results; // appends through a port: records are read by subscribing, not by range
  }

  next = lcg(3);
  const lastStart = Math.max(1, seq - SIZES.range);
  results.rangeRead = await measure(SIZES.rangeReads, async () => {
    const rows = await engine.readRange(next() % lastStart, SIZES.range);
    assert.equal(rows.length, Math.min(SIZES.range, seq));
  });

  await engine.close();
  return results;
}
