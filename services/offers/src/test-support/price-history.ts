import type { PriceState } from '../domain/price-point.js';
import type { OfferKeys, PriceMonthRepository } from '../store/price-month-repository.js';

/** Records points in order, each after the one before (as ingest does with the offer's last
 *  point); returns the last. */
export async function recordInOrder(
  months: PriceMonthRepository,
  keys: OfferKeys,
  points: readonly PriceState[],
  previous: PriceState | null = null,
): Promise<PriceState | null> {
  let last = previous;
  for (const next of points) {
    await months.record(keys, last, next);
    last = next;
  }
  return last;
}
