import { formatDay, momentOf, startOfDay, type DayNumber } from '../calendar/days.js';
import type { ProductUniverse } from '../catalog/product-universe.js';
import { OfferTimeline, type TimelineContext } from '../history/offer-timeline.js';
import type { OfferPlanner } from '../offers/offer-planner.js';
import { Rng } from '../random/prng.js';
import { observationOf, recordKey, type PendingObservation } from './observation.js';

export interface StreamParams {
  readonly seed: string;
  readonly untilDay: DayNumber;
  readonly historyDays: number;
  readonly products: number;
  /** Products walked through time together; bounds memory (see observationBatches). */
  readonly cohortSize: number;
  readonly batchSize: number;
  /** Directory shop id per shop index (from RegisterShop, or stand-ins in a dry run). */
  readonly shopIds: readonly string[];
  /**
   * The history import (ADR 040): only observations dated before this, and none at "now" — the
   * current offers come from the demo shops' feeds and pages. Absent: everything, "now" included.
   */
  readonly pastBefore?: Date;
}

/** One offer on its way through time, with the stream its event ids come from. */
interface Cursor {
  readonly timeline: OfferTimeline;
  readonly ids: Rng;
  readonly order: number;
}

/**
 * Every observation of every offer, as batches ready to publish, oldest first: day by day across
 * all offers of a cohort (history first, only on days where something changed), then one
 * observation of every offer at "now" (the until day, 00:00 UTC).
 *
 * Memory is bounded by the cohort: products are taken `cohortSize` at a time and each cohort is
 * walked through the whole history before the next starts. A run of at most `cohortSize` products
 * (the default size) is therefore in global time order; a larger run is in time order per
 * cohort, and always per offer and per product — what offers needs for daily lows and trends.
 */
export function* observationBatches(
  universe: ProductUniverse,
  planner: OfferPlanner,
  context: TimelineContext,
  params: StreamParams,
): Generator<PendingObservation[]> {
  const windowStart = params.untilDay - params.historyDays;
  let batch: PendingObservation[] = [];
  const emit = (cursor: Cursor, observedAt: Date): PendingObservation[] | null => {
    const { offer, state } = cursor.timeline;
    const shopId = params.shopIds[offer.shop.index];
    if (shopId === undefined) throw new Error(`no shop id for shop ${offer.shop.index}`);
    const eventId = cursor.ids.uuid();
    const payload = observationOf(
      offer,
      state,
      shopId,
      observedAt,
      cursor.ids.uuid(),
      `seed-${formatDay(Math.min(cursor.timeline.day, params.untilDay))}`,
    );
    batch.push({ key: recordKey(shopId, offer.shopOfferId), eventId, observedAt, payload });
    if (batch.length < params.batchSize) return null;
    const full = batch;
    batch = [];
    return full;
  };

  for (let from = 0; from < params.products; from += params.cohortSize) {
    const to = Math.min(params.products, from + params.cohortSize);
    const buckets: (Cursor[] | undefined)[] = new Array(params.historyDays);
    const cursors: Cursor[] = [];
    for (const product of universe.products(to, from)) {
      for (const offer of planner.offersOf(product)) {
        const cursor: Cursor = {
          timeline: new OfferTimeline(offer, context),
          ids: Rng.derive(params.seed, 'event-ids', params.untilDay, product.index, offer.slot),
          order: cursors.length,
        };
        cursors.push(cursor);
        addToBucket(buckets, cursor, windowStart);
      }
    }
    for (let dayIndex = 0; dayIndex < params.historyDays; dayIndex += 1) {
      const due = buckets[dayIndex];
      if (!due) continue;
      buckets[dayIndex] = undefined;
      due.sort((a, b) => a.timeline.offer.minuteOfDay - b.timeline.offer.minuteOfDay || a.order - b.order);
      const day = windowStart + dayIndex;
      for (const cursor of due) {
        const at = momentOf(day, cursor.timeline.offer.minuteOfDay);
        const full = params.pastBefore && at >= params.pastBefore ? null : emit(cursor, at);
        if (full) yield full;
        if (cursor.timeline.advance()) addToBucket(buckets, cursor, windowStart);
      }
    }
    if (params.pastBefore) continue;
    const now = startOfDay(params.untilDay);
    for (const cursor of cursors) {
      const full = emit(cursor, now);
      if (full) yield full;
    }
  }
  if (batch.length > 0) yield batch;
}

function addToBucket(buckets: (Cursor[] | undefined)[], cursor: Cursor, windowStart: DayNumber): void {
  const index = cursor.timeline.day - windowStart;
  if (index < 0 || index >= buckets.length) return;
  const bucket = buckets[index];
  if (bucket) bucket.push(cursor);
  else buckets[index] = [cursor];
}
