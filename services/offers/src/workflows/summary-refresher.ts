import { ConflictError } from '@pc/kit/errors/domain-errors';
import type { Outbox } from '@pc/kit/events/outbox';
import { DAY_MS, startOfUtcDay } from '../domain/daily-lows.js';
import { isFresh, type FreshnessRules } from '../domain/freshness.js';
import {
  buildSummaryRecord,
  byOfferId,
  listedOfferOf,
  sameListed,
  samePublicSummary,
  type ListedOffer,
  type SummaryFigures,
} from '../domain/price-summary.js';
import { DEFAULT_TREND_WINDOW_DAYS, priceTrend, trendReference, type TrendReference } from '../domain/price-trend.js';
import { productPriceChanged } from '../events/offer-events.js';
import type { FxRateCache } from '../store/fx-rate-cache.js';
import type { OfferRepository } from '../store/offer-repository.js';
import type { PriceSummaryRepository, StoredSummary } from '../store/price-summary-repository.js';
import { CoalescedRefreshes, type RefreshCause } from './coalesced-refreshes.js';
import { judgedFigures } from './current-prices.js';
import { keepPriceHolds } from './price-holds.js';
import type { PriceHistoryReader } from './price-history-reader.js';

const MAX_ATTEMPTS = 8;

/**
 * A summary keeps its list while the product has at most this many active offers in the country.
 * Past that, a list costs more than it saves: a price move of any offer then rewrites the summary
 * (a few KB), where reading all offers was needed only on a change and a write only when a
 * public figure moved (offers' ingest bench, 10 offers per product, unbounded list: ~20 % fewer
 * changes/s; ADR 030).
 */
export const MAX_LISTED_OFFERS = 8;

/**
 * `referenceDay` of a reference that holds on every later day until the product's prices in the
 * country change (`PriceHistoryReader.trendWindow`): the daily sweep, which recomputes references
 * of earlier days, passes it by, and the next change makes it that day's reference again.
 */
export const STEADY_REFERENCE_DAY = '9999-12-31';

/** `refresh`'s `changedAt` when a change may reach back to any point of history (a merge moved
 *  offers with all their history; a crashed write left no record of when): recompute from scratch. */
export const HISTORY_CHANGED_SINCE_EVER = new Date(0);

export interface SummaryRefresherDeps {
  readonly offers: OfferRepository;
  readonly summaries: PriceSummaryRepository;
  readonly history: PriceHistoryReader;
  readonly fx: FxRateCache;
  readonly outbox: Outbox;
  readonly rules: FreshnessRules;
  readonly clock: () => Date;
}

/**
 * Keeps a product's price summary in one country equal to what its listed offers say, and emits
 * ProductPriceChanged (version +1) only when a public figure changed.
 *
 * The summary keeps the active offers it was computed from (`listed`, up to MAX_LISTED_OFFERS).
 * A refresh for named changed offers reads those and takes the others from there, instead of
 * reading all of the product's offers (a query per change, the larger part of a refresh). It
 * reads them all when the summary has no list, when one of the others looks stale there (its
 * last-seen time in the list is the one of the last write; the offer may have been seen since),
 * when no offer is named (the sweep, the delister, merges, the relay), and when it retries.
 *
 * Concurrency: the summary's version is read before the offers, and the write expects it; a
 * concurrent refresh makes the write conflict and this one recomputes from all offers, fresh. So
 * the last write reflects every offer write that finished before it started: an offer of the list
 * whose change finished meanwhile has its own refresh under way, which either wrote before (then
 * the list holds the change) or will write after (and conflict, or read this write and apply it).
 *
 * The trend reference (average daily low of the 30 days before today) is derived from price
 * history and cached in the summary for the day, or for every day while nothing changes
 * (STEADY_REFERENCE_DAY); a change dated before today (a replay, a late observation) invalidates it.
 */
export class SummaryRefresher {
  private readonly coalesced = new CoalescedRefreshes((productId, country, cause) =>
    this.refreshWithRetries(productId, country, cause),
  );

  constructor(private readonly deps: SummaryRefresherDeps) {}

  /**
   * `changedAt`: the earliest time whose price history the triggering change altered.
   * `changedOfferId`: the offer whose write asked for this refresh, if one did. Concurrent
   * requests for one summary share refreshes (coalesced-refreshes.ts).
   */
  refresh(productId: string, country: string, changedAt?: Date, changedOfferId?: string): Promise<void> {
    return this.coalesced.request(productId, country, {
      changedAt,
      changedOfferIds: changedOfferId === undefined ? undefined : [changedOfferId],
    });
  }

  private async refreshWithRetries(productId: string, country: string, cause: RefreshCause): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        // A retry follows a concurrent write: read every offer again.
        return await this.refreshOnce(
          productId,
          country,
          cause.changedAt,
          attempt === 1 ? cause.changedOfferIds : undefined,
        );
      } catch (error) {
        if (!(error instanceof ConflictError) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }

  private async refreshOnce(
    productId: string,
    country: string,
    changedAt: Date | undefined,
    changedOfferIds: readonly string[] | undefined,
  ): Promise<void> {
    const { summaries, fx, outbox, rules } = this.deps;
    const now = this.deps.clock();
    const stored = await summaries.get(productId, country);
    const judged = await this.activeOffers(stored, productId, country, changedOfferIds, now);
    // Implausible prices are left out of the figures and held on their offers (ADR 146).
    const { figures, held } = judgedFigures(judged, country, now, rules, await fx.current());
    const active = await keepPriceHolds(this.deps.offers, judged, held, now);
    const reference = await this.reference(stored, productId, country, figures, now, changedAt);
    const trend = priceTrend(figures.lowestMinor, reference.value);
    const publicChange = !samePublicSummary(stored, figures, trend);
    const referenceMoved = stored !== null && stored.referenceDay !== reference.day;
    const listed = active.length <= MAX_LISTED_OFFERS ? active : undefined;
    const listMoved = stored !== null && !sameListed(stored.listed, listed);
    if (!publicChange && !referenceMoved && !listMoved) return;
    const next = buildSummaryRecord(
      stored,
      { productId, country },
      figures,
      trend,
      reference,
      listed,
      publicChange,
      now,
    );
    const events = publicChange ? [productPriceChanged(next, stored, now)] : [];
    const prepared = outbox.prepare(stored, events, now);
    const written = await summaries.put({ ...next, ...prepared.fields }, stored?._version ?? 0, prepared.records);
    await outbox.publish(summaries.collection, written, prepared);
  }

  /** The product's active offers in `country`, in id order (see the class comment). */
  private async activeOffers(
    stored: StoredSummary | null,
    productId: string,
    country: string,
    changedOfferIds: readonly string[] | undefined,
    now: Date,
  ): Promise<ListedOffer[]> {
    const { offers, rules } = this.deps;
    const known = stored?.listed;
    const named = new Set(changedOfferIds);
    const othersFresh = (list: readonly ListedOffer[]) =>
      list.every((entry) => named.has(entry._id) || isFresh(new Date(entry.lastSeenAt), now, rules));
    if (changedOfferIds === undefined || known === undefined || !othersFresh(known)) {
      return (await offers.activeOfProduct(productId, country)).map(listedOfferOf).sort(byOfferId);
    }
    const changed = (await offers.getMany(changedOfferIds)).filter(
      (offer) => offer.active && offer.productId === productId && offer.country === country,
    );
    const others = known.filter((entry) => !named.has(entry._id));
    return [...others, ...changed.map(listedOfferOf)].sort(byOfferId);
  }

  private async reference(
    stored: StoredSummary | null,
    productId: string,
    country: string,
    figures: SummaryFigures,
    now: Date,
    changedAt: Date | undefined,
  ): Promise<{ day: string; value: TrendReference }> {
    const today = startOfUtcDay(now);
    const windowStart = new Date(today.getTime() - DEFAULT_TREND_WINDOW_DAYS * DAY_MS);
    const day = today.toISOString().slice(0, 10);
    // A steady reference holds until the next change; from the day of one, it is that day's only.
    const storedDay = stored?.referenceDay ?? '';
    const cachedDay = storedDay === STEADY_REFERENCE_DAY && changedAt !== undefined ? day : storedDay;
    const cached = {
      day: cachedDay,
      value: { averageMinor: stored?.referenceAverageMinor ?? null, days: stored?.referenceDays ?? 0 },
    };
    // A change dated before today rewrites history the window may see (directly, or through the
    // price it carries forward into the window): the cached reference is no longer right.
    const changeInPast = changedAt !== undefined && changedAt < today;
    // Without a current price there is no trend to compute now; a past change still voids the
    // cache, so the next refresh with a price computes it afresh.
    if (figures.lowestMinor === null)
      return changeInPast ? { day: '', value: { averageMinor: null, days: 0 } } : cached;
    if ((cachedDay === day || cachedDay === STEADY_REFERENCE_DAY) && !changeInPast) return cached;
    const window = await this.deps.history.trendWindow(productId, country, windowStart, today, figures.currency, now);
    return {
      day: window.steady ? STEADY_REFERENCE_DAY : day,
      value: trendReference(window.lows.map((entry) => entry.low)),
    };
  }
}
