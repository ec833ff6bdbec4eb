import type { EcbRates } from './ecb-file.js';
import { crossRate, inverseRate } from './rate-text.js';

/** A rate to store: valid from the start (00:00 UTC) of its day. */
export interface DatedRate {
  readonly base: string;
  readonly quote: string;
  /** Units of quote per 1 base, as offers stores it. */
  readonly rate: string;
  /** "YYYY-MM-DD". */
  readonly day: string;
}

/** A pair offers holds a rate of. */
export interface RatePair {
  readonly base: string;
  readonly quote: string;
}

/**
 * A rate and, when asked, its inverse: offers serves a missing direction by the inverse, but a
 * stored one wins however old, so both are set to keep them consistent. An inverse that rounds to
 * 0 is left out.
 */
export function withInverse(base: string, quote: string, rate: string, day: string, inverse: boolean): DatedRate[] {
  const opposite = inverse ? inverseRate(rate) : null;
  return [{ base, quote, rate, day }, ...(opposite ? [{ base: quote, quote: base, rate: opposite, day }] : [])];
}

/**
 * What the ECB's daily file sets, as of its day: every EUR → X rate and its inverse X → EUR, and
 * each stored pair between two of its currencies (CHF → USD, say) again as their cross rate — a
 * stored pair wins over the route through EUR however old it is, so leaving it would keep
 * converting at its old rate. `stored`: the pairs offers holds now.
 */
export function ecbRatePairs(file: Pick<EcbRates, 'day' | 'rates'>, stored: Iterable<RatePair>): DatedRate[] {
  const perEur = new Map(file.rates.map((entry) => [entry.currency, entry.rate]));
  const pairs = file.rates.flatMap((entry) => withInverse('EUR', entry.currency, entry.rate, file.day, true));
  const crossed = new Set<string>();
  for (const { base, quote } of stored) {
    const eurToBase = perEur.get(base);
    const eurToQuote = perEur.get(quote);
    const rate = eurToBase && eurToQuote && base !== quote ? crossRate(eurToBase, eurToQuote) : null;
    if (!rate || crossed.has(`${base}>${quote}`)) continue;
    crossed.add(`${base}>${quote}`);
    pairs.push({ base, quote, rate, day: file.day });
  }
  return pairs;
}
