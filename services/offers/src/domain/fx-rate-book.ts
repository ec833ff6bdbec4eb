import { chainRates, convertMinor, invertRate } from './fx-arithmetic.js';
import type { MoneyRecord } from './money.js';

/** One stored rate: quote units per base unit (scaled by 10^10), published at asOf. */
export interface StoredRate {
  readonly base: string;
  readonly quote: string;
  readonly scaled: bigint;
  readonly asOf: Date;
}

/** A rate usable for a conversion, possibly derived (inverse or through a pivot currency). */
export interface ResolvedRate extends StoredRate {
  /** True when no stored rate of exactly this direction exists. */
  readonly derived: boolean;
}

export interface ResolveOptions {
  /**
   * For days before the first stored rate of a pair (history display), use that first rate
   * instead of failing. Live conversions leave it off only where "valid at" matters.
   */
  readonly earliestIfNone?: boolean;
}

/** Pivot currencies tried, in order, when neither a direct nor an inverse rate exists. */
const PIVOTS = ['EUR', 'USD', 'CHF', 'GBP'];

/**
 * Every stored rate, by pair and time: answers "the rate from A to B valid at t". A pair with no
 * stored rate is served by the inverse of the opposite pair, then through one pivot currency
 * (EUR first, as central banks publish EUR rates), each step rounded to 10 digits.
 */
export class FxRateBook {
  private readonly byPair = new Map<string, StoredRate[]>();
  private readonly currencies = new Set<string>();

  constructor(rates: readonly StoredRate[]) {
    for (const rate of rates) {
      const key = pairKey(rate.base, rate.quote);
      const list = this.byPair.get(key) ?? [];
      list.push(rate);
      this.byPair.set(key, list);
      this.currencies.add(rate.base).add(rate.quote);
    }
    for (const list of this.byPair.values()) list.sort((a, b) => a.asOf.getTime() - b.asOf.getTime());
  }

  /** The stored pairs with this base (for "all known quotes"). */
  quotesOf(base: string): string[] {
    const quotes = new Set<string>();
    for (const key of this.byPair.keys()) {
      const [from, to] = key.split('>') as [string, string];
      if (from === base) quotes.add(to);
      if (to === base) quotes.add(from);
    }
    return [...quotes].sort();
  }

  resolve(base: string, quote: string, at: Date, options: ResolveOptions = {}): ResolvedRate | null {
    if (base === quote) return null;
    const direct = this.pick(base, quote, at, options);
    if (direct) return { ...direct, derived: false };
    const single = this.single(base, quote, at, options);
    if (single) return single;
    for (const pivot of [...PIVOTS, ...this.currencies]) {
      if (pivot === base || pivot === quote) continue;
      const first = this.single(base, pivot, at, options);
      const second = first && this.single(pivot, quote, at, options);
      if (first && second) {
        const asOf = first.asOf < second.asOf ? first.asOf : second.asOf;
        return { base, quote, scaled: chainRates(first.scaled, second.scaled), asOf, derived: true };
      }
    }
    return null;
  }

  /** The amount in `quote`, or null when no rate connects the currencies. */
  convert(
    money: MoneyRecord,
    quote: string,
    at: Date,
    options: ResolveOptions = {},
  ): { money: MoneyRecord; rate: ResolvedRate | null } | null {
    if (money.currency === quote) return { money, rate: null };
    const rate = this.resolve(money.currency, quote, at, options);
    if (!rate) return null;
    return {
      money: { amountMinor: convertMinor(money.amountMinor, money.currency, quote, rate.scaled), currency: quote },
      rate,
    };
  }

  /** A direct or inverse rate (one step). */
  private single(base: string, quote: string, at: Date, options: ResolveOptions): ResolvedRate | null {
    const direct = this.pick(base, quote, at, options);
    if (direct) return { ...direct, derived: false };
    const opposite = this.pick(quote, base, at, options);
    return opposite ? { base, quote, scaled: invertRate(opposite.scaled), asOf: opposite.asOf, derived: true } : null;
  }

  /** The latest stored rate of the pair published at or before `at`. */
  private pick(base: string, quote: string, at: Date, options: ResolveOptions): StoredRate | null {
    const list = this.byPair.get(pairKey(base, quote));
    if (!list || list.length === 0) return null;
    let found: StoredRate | null = null;
    for (const rate of list) {
      if (rate.asOf.getTime() > at.getTime()) break;
      found = rate;
    }
    return found ?? (options.earliestIfNone ? (list[0] ?? null) : null);
  }
}

const pairKey = (base: string, quote: string): string => `${base}>${quote}`;
