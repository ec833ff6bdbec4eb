import { ConflictError } from '@pc/kit/errors/domain-errors';
import type { HoldVerdict, PriceHoldRecord } from '../domain/implausible-price.js';
import { sameMoney } from '../domain/money.js';
import type { ListedOffer } from '../domain/price-summary.js';
import type { OfferRepository } from '../store/offer-repository.js';

const MAX_ATTEMPTS = 3;

/**
 * Stores on the offers the holds a summary refresh judged (ADR 146): a new hold is written, a
 * hold no longer judged is lifted, a lasting one is left as it is (its `since` and median stay).
 * The summary already leaves held prices out whatever is stored; this is what the product page,
 * the shopping panel and a restart read. Returns `active` with the holds as now stored.
 *
 * No OfferChanged: nothing a consumer of it derives changes (search and alerts take prices from
 * the summary). An offer whose price moved meanwhile is skipped: its own refresh judges it.
 */
export async function keepPriceHolds(
  offers: OfferRepository,
  active: readonly ListedOffer[],
  held: ReadonlyMap<string, HoldVerdict>,
  now: Date,
): Promise<ListedOffer[]> {
  const result: ListedOffer[] = [];
  for (const entry of active) {
    const verdict = held.get(entry._id);
    if (!!verdict === !!entry.priceHold) {
      result.push(entry);
      continue;
    }
    const hold: PriceHoldRecord | null = verdict ? { ...verdict, since: now.toISOString() } : null;
    const stored = await writeHold(offers, entry, hold);
    const { priceHold: _previous, ...rest } = entry;
    result.push(stored ? { ...rest, ...(hold ? { priceHold: hold } : {}) } : entry);
  }
  return result;
}

/** Whether the hold was written (false: the offer's price is no longer the one judged). */
async function writeHold(offers: OfferRepository, entry: ListedOffer, hold: PriceHoldRecord | null): Promise<boolean> {
  for (let attempt = 1; ; attempt += 1) {
    const offer = await offers.get(entry._id);
    if (!offer || !sameMoney(offer.price, entry.price)) return false;
    if (!!offer.priceHold === !!hold) return true;
    try {
      await offers.put({ ...offer, priceHold: hold }, offer._version);
      return true;
    } catch (error) {
      if (!(error instanceof ConflictError) || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}
