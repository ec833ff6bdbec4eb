import { DAY_MS, dailyLows, type DailyLowEntry, type DayConverter, type OfferTimeline } from '../domain/daily-lows.js';
import type { FxRateBook } from '../domain/fx-rate-book.js';
import type { FreshnessRules } from '../domain/freshness.js';
import { sameState, type PriceState } from '../domain/price-point.js';
import type { FxRateCache } from '../store/fx-rate-cache.js';
import type { OfferRepository, StoredOffer } from '../store/offer-repository.js';
import { monthOf, type PriceMonthRepository, type StoredPriceMonth } from '../store/price-month-repository.js';

/** One offer's timeline in a range, with the offer it belongs to (absent when it moved away). */
export interface OfferSeries extends OfferTimeline {
  readonly offerId: string;
  readonly shopId: string;
  readonly offer: StoredOffer | undefined;
}

/**
 * Reads price history: assembles each offer's timeline over a range from its monthly point
 * documents, and derives the product's daily lows from them. A year for one product and country
 * is one indexed query of (offers × 12) small documents.
 */
export class PriceHistoryReader {
  constructor(
    private readonly offers: OfferRepository,
    private readonly months: PriceMonthRepository,
    private readonly fx: FxRateCache,
    private readonly rules: FreshnessRules,
  ) {}

  /** The same reader over other views of the offers and of the months (a request's shared reads of one product). */
  withViews(
    offers: OfferRepository,
    months: (stored: PriceMonthRepository) => PriceMonthRepository,
  ): PriceHistoryReader {
    return new PriceHistoryReader(offers, months(this.months), this.fx, this.rules);
  }

  async series(productId: string, country: string, start: Date, end: Date, now: Date): Promise<OfferSeries[]> {
    const fromMonth = monthOf(start.toISOString());
    const toMonth = monthOf(new Date(end.getTime() - 1).toISOString());
    const [docs, offers] = await Promise.all([
      this.months.inRange(productId, country, fromMonth, toMonth),
      this.offers.allOfProduct(productId, country),
    ]);
    // Months after the range only matter for a range in the past: an offer without a point
    // inside it kept the state its next month opens with.
    const later =
      end.getTime() < now.getTime()
        ? groupFirst(await this.months.after(productId, country, toMonth))
        : new Map<string, StoredPriceMonth>();
    const inRange = groupAll(docs);
    const offerById = new Map(offers.map((offer) => [offer._id, offer]));
    const ids = new Set([...inRange.keys(), ...offers.filter((offer) => offer.lastPoint).map((offer) => offer._id)]);
    const result: OfferSeries[] = [];
    for (const offerId of ids) {
      const offer = offerById.get(offerId);
      const months = inRange.get(offerId) ?? [];
      const next = later.get(offerId);
      const timeline = this.timeline(months, next, offer, start, end, now);
      if (timeline)
        result.push({
          ...timeline,
          confirmedPrice: offer?.confirmedPrice ?? null,
          offerId,
          shopId: offer?.shopId ?? months[0]?.shopId ?? next?.shopId ?? '',
          offer,
        });
    }
    return result;
  }

  /** Daily lows of [start, end) in `currency`, each price converted with the rate of its day. */
  async dailyLows(
    productId: string,
    country: string,
    start: Date,
    end: Date,
    currency: string,
    now: Date,
  ): Promise<DailyLowEntry[]> {
    const [series, book] = await Promise.all([this.series(productId, country, start, end, now), this.fx.current()]);
    return dailyLows(series, start, end, dayConverter(book, currency));
  }

  /**
   * The trend window's daily lows, and whether they are *steady*: every later window will hold
   * the same lows until the product's prices next change here. That is so when no offer of the
   * product in the country has a point after the window's start (none since, today included),
   * each listed one prices in `currency` (no exchange rate moves its low from day to day) and
   * stays fresh through the window, and every day of the window has a low.
   */
  async trendWindow(
    productId: string,
    country: string,
    start: Date,
    end: Date,
    currency: string,
    now: Date,
  ): Promise<{ lows: DailyLowEntry[]; steady: boolean }> {
    const [series, book] = await Promise.all([this.series(productId, country, start, end, now), this.fx.current()]);
    const lows = dailyLows(series, start, end, dayConverter(book, currency));
    const startIso = start.toISOString();
    const fullWindow = lows.length === Math.round((end.getTime() - start.getTime()) / DAY_MS);
    const steady = fullWindow && series.every((entry) => isSteady(entry, startIso, end, currency));
    return { lows, steady };
  }

  private timeline(
    months: readonly StoredPriceMonth[],
    next: StoredPriceMonth | undefined,
    offer: StoredOffer | undefined,
    start: Date,
    end: Date,
    now: Date,
  ): OfferTimeline | null {
    const startIso = start.toISOString();
    const endIso = end.toISOString();
    let opening: PriceState | null;
    let points: PriceState[] = [];
    if (months.length > 0) {
      const all = inTimeOrder(months);
      opening = months[0]?.opening ?? null;
      for (const point of all) if (point.t <= startIso) opening = point;
      points = all.filter((point) => point.t > startIso && point.t < endIso);
    } else if (next) {
      opening = next.opening;
    } else if (offer?.lastPoint && offer.lastPoint.t < endIso) {
      opening = offer.lastPoint;
    } else {
      return null;
    }
    return { opening, points, until: this.until(next, offer, points, opening, end, now) };
  }

  /** How long the timeline's last state holds. */
  private until(
    next: StoredPriceMonth | undefined,
    offer: StoredOffer | undefined,
    points: readonly PriceState[],
    opening: PriceState | null,
    end: Date,
    now: Date,
  ): Date {
    if (next) return end; // a later point exists: the state holds through the range
    if (!offer) {
      // The offer moved to another product or country: its state here ends with its last point.
      const last = points.at(-1) ?? opening;
      return last ? new Date(last.t) : end;
    }
    // The current state holds while the offer is fresh: last seen + the stale limit.
    return new Date(Math.min(now.getTime(), Date.parse(offer.lastSeenAt) + this.rules.staleAfterMs));
  }
}

function isSteady(series: OfferSeries, startIso: string, end: Date, currency: string): boolean {
  const last = series.offer?.lastPoint;
  // An offer that moved to another product has no `offer` here: its history may still be settling.
  if (!series.offer || (last && last.t > startIso)) return false;
  const opening = series.opening;
  return opening === null || opening.p === null || (opening.c === currency && series.until.getTime() >= end.getTime());
}

/** Converts with the rate valid at the end of each day (the earliest stored rate before any). */
export function dayConverter(book: FxRateBook, currency: string): DayConverter {
  const cache = new Map<string, number | null>();
  return (amountMinor, from, dayStart) => {
    if (from === currency) return amountMinor;
    const key = `${amountMinor}:${from}:${dayStart.getTime()}`;
    let converted = cache.get(key);
    if (converted === undefined) {
      const at = new Date(dayStart.getTime() + DAY_MS - 1);
      converted =
        book.convert({ amountMinor, currency: from }, currency, at, { earliestIfNone: true })?.money.amountMinor ??
        null;
      cache.set(key, converted);
    }
    return converted;
  };
}

/**
 * The documents' points in order, leaving out any dated before the one kept last (or at its time
 * with its state): a day already folded into its month document, left by a fold that stopped
 * before deleting it (ADR 028).
 */
function inTimeOrder(docs: readonly StoredPriceMonth[]): PriceState[] {
  const points: PriceState[] = [];
  for (const doc of docs) {
    for (const point of doc.points) {
      const last = points.at(-1);
      if (!last || point.t > last.t || (point.t === last.t && !sameState(point, last))) points.push(point);
    }
  }
  return points;
}

function groupAll(docs: readonly StoredPriceMonth[]): Map<string, StoredPriceMonth[]> {
  const grouped = new Map<string, StoredPriceMonth[]>();
  for (const doc of docs) {
    const list = grouped.get(doc.offerId);
    if (list) list.push(doc);
    else grouped.set(doc.offerId, [doc]);
  }
  return grouped;
}

function groupFirst(docs: readonly StoredPriceMonth[]): Map<string, StoredPriceMonth> {
  const first = new Map<string, StoredPriceMonth>();
  for (const doc of docs) if (!first.has(doc.offerId)) first.set(doc.offerId, doc);
  return first;
}
