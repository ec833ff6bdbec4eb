import { randomUUID } from 'node:crypto';
import { countryCurrency } from '../domain/currency.js';
import { freshCutoff, type FreshnessRules } from '../domain/freshness.js';
import type { FxRateBook } from '../domain/fx-rate-book.js';
import { UNKNOWN_TOTAL } from '../domain/offer-record.js';
import { firstOf, standingOf, type ComparableOffer, type StandingResult } from '../domain/price-standing.js';
import { offersOfProducts, shopOffersInCountry, type StandingOffer } from '../store/price-standing-reads.js';
import type { OfferRepository } from '../store/offer-repository.js';

/** Products whose competing offers are read and compared together. */
const PRODUCTS_PER_ROUND = 1000;

/** A product the shop is not the cheapest of, before its page and shop names. */
export interface StandingGap {
  readonly productId: string;
  readonly own: ComparableOffer;
  readonly cheapest: ComparableOffer;
  readonly result: StandingResult;
  readonly shopsCount: number;
}

/** Where a shop's prices stood in one country when it was computed (ADR 144). */
export interface StandingSnapshot {
  /** Names this computation in page tokens: later pages read the same one (ADR 144). */
  readonly id: string;
  readonly shopId: string;
  readonly country: string;
  readonly currency: string;
  readonly computedAt: Date;
  readonly counts: { cheapest: number; within: number; above: number; not_compared: number };
  /** Products whose every offer of the shop is held as implausibly low (ADR 146). */
  readonly heldOnly: number;
  /** The products it is not the cheapest of, the biggest gap first, then by product id. */
  readonly gaps: readonly StandingGap[];
}

export interface StandingReads {
  readonly offers: OfferRepository;
  readonly rules: FreshnessRules;
  readonly rates: () => Promise<FxRateBook>;
}

/**
 * Computes a shop's price standing in one country: reads the shop's fresh listed offers in
 * batches, then the offers of its products a batch of products at a time (never a read per
 * product), compares them as the product page does and keeps only the counts and the products it
 * is not the cheapest of, ordered for paging.
 */
export async function computeStanding(
  reads: StandingReads,
  query: { shopId: string; country: string; now: Date },
): Promise<StandingSnapshot> {
  const { shopId, country, now } = query;
  const freshFrom = freshCutoff(now, reads.rules).toISOString();
  const currency = countryCurrency(country) ?? 'EUR';
  const comparable = comparableIn(await reads.rates(), currency, now);

  const { best: own, heldOnly } = await bestOwnOffers(reads.offers, { shopId, country, freshFrom }, comparable);
  const counts = { cheapest: 0, within: 0, above: 0, not_compared: 0 };
  const gaps: StandingGap[] = [];
  const productIds = [...own.keys()];
  for (let i = 0; i < productIds.length; i += PRODUCTS_PER_ROUND) {
    const round = productIds.slice(i, i + PRODUCTS_PER_ROUND);
    const byProduct = groupByProduct(await offersOfProducts(reads.offers, { productIds: round, country, freshFrom }));
    for (const productId of round) {
      const ownBest = own.get(productId)!;
      const all = byProduct.get(productId) ?? [];
      // Another shop's held price is not its price on the site: it competes with nothing.
      const others = all
        .filter((offer) => offer.shopId !== shopId && !offer.held)
        .map(comparable)
        .filter(isComparable);
      const cheapest = firstOf(others);
      const result = standingOf(ownBest, cheapest);
      counts[result.standing] += 1;
      if (cheapest && (result.standing === 'within' || result.standing === 'above'))
        gaps.push({ productId, own: ownBest, cheapest, result, shopsCount: new Set(all.map((o) => o.shopId)).size });
    }
  }
  gaps.sort(byBiggestGap);
  return { id: randomUUID(), shopId, country, currency, computedAt: now, counts, heldOnly, gaps };
}

/**
 * The shop's best offer of each product in the country (a shop may list one product twice), and
 * how many products it has only held prices of (compared with nothing, as the site counts none).
 */
async function bestOwnOffers(
  offers: OfferRepository,
  query: { shopId: string; country: string; freshFrom: string },
  comparable: (offer: StandingOffer) => ComparableOffer | null,
): Promise<{ best: Map<string, ComparableOffer>; heldOnly: number }> {
  const best = new Map<string, ComparableOffer>();
  const heldProducts = new Set<string>();
  for await (const batch of shopOffersInCountry(offers, query))
    for (const offer of batch) {
      if (offer.held) {
        heldProducts.add(offer.productId);
        continue;
      }
      const candidate = comparable(offer);
      if (!candidate) continue;
      const kept = best.get(offer.productId);
      if (!kept || firstOf([candidate, kept]) === candidate) best.set(offer.productId, candidate);
    }
  const heldOnly = [...heldProducts].filter((productId) => !best.has(productId)).length;
  return { best, heldOnly };
}

function groupByProduct(offers: readonly StandingOffer[]): Map<string, StandingOffer[]> {
  const groups = new Map<string, StandingOffer[]>();
  for (const offer of offers) {
    const group = groups.get(offer.productId);
    if (group) group.push(offer);
    else groups.set(offer.productId, [offer]);
  }
  return groups;
}

const isComparable = (offer: ComparableOffer | null): offer is ComparableOffer => offer !== null;

/**
 * An offer in the country's currency at the current rate; null without a rate (it cannot be
 * compared, as the price summaries leave it out).
 */
function comparableIn(book: FxRateBook, currency: string, now: Date) {
  const convert = (amountMinor: number, from: string): number | null =>
    from === currency
      ? amountMinor
      : (book.convert({ amountMinor, currency: from }, currency, now)?.money.amountMinor ?? null);
  return (offer: StandingOffer): ComparableOffer | null => {
    const priceMinor = convert(offer.price.amountMinor, offer.price.currency);
    const shippingStated = offer.totalSort !== UNKNOWN_TOTAL;
    const amountMinor = shippingStated ? convert(offer.totalSort, offer.price.currency) : priceMinor;
    if (priceMinor === null || amountMinor === null) return null;
    return {
      offerId: offer._id,
      shopId: offer.shopId,
      shippingStated,
      amountMinor,
      priceMinor,
      inStock: offer.inStock,
    };
  };
}

/** The biggest gap in percent first, then by product id (stable pages). */
function byBiggestGap(a: StandingGap, b: StandingGap): number {
  return (
    b.result.gapPercent - a.result.gapPercent || (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0)
  );
}
