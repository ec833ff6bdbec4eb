import { countryCurrency } from '../domain/currency.js';
import type { FxRateBook } from '../domain/fx-rate-book.js';
import type { MoneyRecord } from '../domain/money.js';
import { isFresh, type FreshnessRules } from '../domain/freshness.js';
import { implausiblePrices, isConfirmedPrice, type HoldVerdict } from '../domain/implausible-price.js';
import type { OfferRecord } from '../domain/offer-record.js';
import { summaryFigures, type ListedOffer, type SummaryFigures } from '../domain/price-summary.js';

/**
 * The currency a country's prices are compared in: the country's own, else the most common
 * among its offers (a country outside the currency table), else EUR.
 */
export function comparisonCurrency(country: string, offers: readonly Pick<OfferRecord, 'price'>[]): string {
  const known = countryCurrency(country);
  if (known) return known;
  const counts = new Map<string, number>();
  for (const offer of offers) counts.set(offer.price.currency, (counts.get(offer.price.currency) ?? 0) + 1);
  let best: string | null = null;
  for (const [currency, count] of counts) if (best === null || count > (counts.get(best) ?? 0)) best = currency;
  return best ?? 'EUR';
}

/** The figures of a country's listed offers now: active ones seen within the stale limit. */
export function currentFigures(
  active: readonly OfferRecord[],
  country: string,
  now: Date,
  rules: FreshnessRules,
  book: FxRateBook,
): SummaryFigures {
  return listedFigures(
    active.filter((offer) => offer.country === country),
    country,
    now,
    rules,
    book,
  );
}

/** `currentFigures` of offers known to be active in `country`. */
export function listedFigures(
  active: readonly ListedOffer[],
  country: string,
  now: Date,
  rules: FreshnessRules,
  book: FxRateBook,
): SummaryFigures {
  return judgedFigures(active, country, now, rules, book).figures;
}

/**
 * The figures of a country's active offers without the prices held back as implausible (ADR 146),
 * and those holds: judged on the fresh offers' prices in the comparison currency, the figure
 * "cheapest" compares. An offer that cannot be converted is neither counted nor judged.
 */
export function judgedFigures(
  active: readonly ListedOffer[],
  country: string,
  now: Date,
  rules: FreshnessRules,
  book: FxRateBook,
): { figures: SummaryFigures; held: ReadonlyMap<string, HoldVerdict> } {
  const listed = active.filter((offer) => isFresh(new Date(offer.lastSeenAt), now, rules));
  const currency = comparisonCurrency(country, listed);
  const convert = (money: MoneyRecord) => book.convert(money, currency, now)?.money.amountMinor ?? null;
  const compared = listed.flatMap((offer) => {
    const amountMinor = convert(offer.price);
    return amountMinor === null
      ? []
      : [{ id: offer._id, amountMinor, confirmed: isConfirmedPrice(offer.price, offer.confirmedPrice) }];
  });
  const held = implausiblePrices(compared, currency);
  const counted = held.size === 0 ? listed : listed.filter((offer) => !held.has(offer._id));
  return { figures: summaryFigures(counted, currency, convert), held };
}
