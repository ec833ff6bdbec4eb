/**
 * Where a shop's offer of a product stands against the product's cheapest offer in a country
 * (ADR 144), compared as the product page's "cheapest" orders offers (ADR 049): by total
 * (price + shipping) in the country's currency; an offer without stated shipping follows every
 * known total, and such offers are compared among themselves by item price.
 */

/** One offer as the comparison sees it; amounts in the country's currency (minor units). */
export interface ComparableOffer {
  readonly offerId: string;
  readonly shopId: string;
  /** Its shipping is stated: `amountMinor` is its total; otherwise its item price. */
  readonly shippingStated: boolean;
  readonly amountMinor: number;
  /** The item price, the product page's next criterion between equal totals. */
  readonly priceMinor: number;
  readonly inStock: boolean;
}

/** The products' band of a shop's price: more than this above the cheapest is "above". */
export const NEAR_CHEAPEST_PERCENT = 5;

export type Standing = 'cheapest' | 'within' | 'above' | 'not_compared';

/** Rank by what the visitor pays: stated totals first, then the amount. Ties are equal. */
function byPaid(a: ComparableOffer, b: ComparableOffer): number {
  if (a.shippingStated !== b.shippingStated) return a.shippingStated ? -1 : 1;
  return a.amountMinor - b.amountMinor;
}

/** The product page's order: what is paid, then item price, in stock first, then offer id. */
export function byProductPageOrder(a: ComparableOffer, b: ComparableOffer): number {
  return (
    byPaid(a, b) ||
    a.priceMinor - b.priceMinor ||
    Number(b.inStock) - Number(a.inStock) ||
    (a.offerId < b.offerId ? -1 : a.offerId > b.offerId ? 1 : 0)
  );
}

/** The first of `offers` in the product page's order (null for none). */
export function firstOf(offers: readonly ComparableOffer[]): ComparableOffer | null {
  let best: ComparableOffer | null = null;
  for (const offer of offers) if (!best || byProductPageOrder(offer, best) < 0) best = offer;
  return best;
}

/** A shop's best offer against the best of the others' (null: no other shop sells it). */
export interface StandingResult {
  readonly standing: Standing;
  /** own − cheapest, and that in percent of the cheapest; 0 unless within or above. */
  readonly gapMinor: number;
  readonly gapPercent: number;
}

/**
 * The shop is the cheapest when no other offer is paid less for: a tie is the cheapest too.
 * An own offer without stated shipping against a known cheapest total ranks after it with a gap
 * nobody knows: not compared, rather than a gap made up from the item price.
 */
export function standingOf(own: ComparableOffer, cheapestOther: ComparableOffer | null): StandingResult {
  if (!cheapestOther || byPaid(own, cheapestOther) <= 0) return { standing: 'cheapest', gapMinor: 0, gapPercent: 0 };
  if (own.shippingStated !== cheapestOther.shippingStated)
    return { standing: 'not_compared', gapMinor: 0, gapPercent: 0 };
  const gapMinor = own.amountMinor - cheapestOther.amountMinor;
  const gapPercent = (gapMinor * 100) / cheapestOther.amountMinor;
  // Integer arithmetic for the band, so exactly 5 % is within it whatever the floats say.
  const within = gapMinor * 100 <= cheapestOther.amountMinor * NEAR_CHEAPEST_PERCENT;
  return { standing: within ? 'within' : 'above', gapMinor, gapPercent };
}
