import { ConflictError } from '@pc/kit/errors/domain-errors';
import type { Collection, DocumentStore, Stored } from '@pc/kit/ports/document-store';
import { sameState, type PriceState } from '../domain/price-point.js';

/**
 * One offer's price points of one UTC day (`_id` `${offerId}:${YYYY-MM-DD}`), filed under its
 * month for the queries. Documents written before day documents hold a whole month
 * (`${offerId}:${YYYY-MM}`); both kinds are read alike, a month's before its days (the `_id`
 * order). `opening` is the state in effect at the document's start, so a range can be read
 * without the documents before it.
 *
 * Why days (ADR 027): recording a point rewrites the document it lands in, so a month of an
 * offer that reprices several times a day made every change decode and re-encode hundreds of
 * points. A day holds a few.
 */
export interface PriceMonthRecord {
  readonly _id: string;
  readonly offerId: string;
  readonly productId: string;
  readonly country: string;
  readonly shopId: string;
  readonly month: string;
  readonly opening: PriceState | null;
  readonly points: readonly PriceState[];
}

export type StoredPriceMonth = Stored<PriceMonthRecord>;

/**
 * Points kept per offer and day (one every 5 minutes). Past it the oldest fold into `opening`,
 * so such a day's first hours show the folded state: bounded size over exactness for offers that
 * reprice all the time.
 */
export const MAX_POINTS_PER_DAY = 288;

/**
 * Most points a folded month may hold (`foldMonth`); an offer's month with more keeps its days.
 * The cap month documents had before days (ADR 027).
 */
export const MAX_POINTS_PER_MONTH = 1_000;

export const monthOf = (iso: string): string => iso.slice(0, 7);
export const dayOf = (iso: string): string => iso.slice(0, 10);

export interface OfferKeys {
  readonly offerId: string;
  readonly productId: string;
  readonly country: string;
  readonly shopId: string;
}

/** Where an offer's points are filed: under its current product and country. */
export const historyKeysOf = (offer: {
  _id: string;
  productId: string;
  country: string;
  shopId: string;
}): OfferKeys => ({
  offerId: offer._id,
  productId: offer.productId,
  country: offer.country,
  shopId: offer.shopId,
});

/** How far the folding of a finished month got (`_id` the month): the last id walked, or done. */
export interface FoldingProgressRecord {
  readonly _id: string;
  readonly afterId: string;
  readonly done: boolean;
}

/** Per-offer price history in daily documents, queried by month (retention prunes whole months). */
export class PriceMonthRepository {
  private constructor(
    private readonly months: Collection<PriceMonthRecord>,
    private readonly folding: Collection<FoldingProgressRecord>,
  ) {}

  static async open(store: DocumentStore): Promise<PriceMonthRepository> {
    const months = await store.collection<PriceMonthRecord>({
      name: 'offer_price_months',
      indexes: [{ fields: ['productId', 'country', 'month'] }, { fields: ['month'] }],
    });
    const folding = await store.collection<FoldingProgressRecord>({ name: 'offer_history_folding' });
    return new PriceMonthRepository(months, folding);
  }

  /** How far folding `month` got; a month never walked starts before its first id. */
  async foldingProgress(month: string): Promise<{ afterId: string; done: boolean }> {
    const stored = await this.folding.get(month);
    return { afterId: stored?.afterId ?? '', done: stored?.done ?? false };
  }

  async saveFoldingProgress(month: string, afterId: string, done: boolean): Promise<void> {
    await this.folding.put({ _id: month, afterId, done });
  }

  /**
   * Records `point` after `previous` (the offer's last point so far). Idempotent: recording the
   * same point again changes nothing. A previous point dated after this one (a removal the sweep
   * dated at last-seen + stale limit, contradicted by this later-arriving observation) is taken
   * back first.
   */
  async record(keys: OfferKeys, previous: PriceState | null, point: PriceState): Promise<void> {
    const day = dayOf(point.t);
    let opening = previous && previous.t < point.t && dayOf(previous.t) < day ? previous : null;
    if (previous && previous.t > point.t && dayOf(previous.t) !== day) {
      const emptied = await this.retractAfter(keys.offerId, previous.t, point.t);
      opening = emptied ?? opening;
    }
    const id = `${keys.offerId}:${day}`;
    await this.months.update(id, (current) => {
      if (!current) return { _id: id, ...keys, month: monthOf(point.t), opening, points: [point] };
      const kept = current.points.filter((p) => p.t <= point.t);
      const last = kept.at(-1) ?? current.opening;
      const points = last && sameState(last, point) ? kept : [...kept, point];
      if (points.length === current.points.length && points.every((p, i) => p === current.points[i])) return null;
      return bounded({ ...current, ...keys, points });
    });
  }

  /**
   * Removes the points after `afterIso` from the document holding the point of `previousIso`
   * (its day's, or its month's when written before days); returns the document's opening when
   * none is left.
   */
  private async retractAfter(offerId: string, previousIso: string, afterIso: string): Promise<PriceState | null> {
    for (const id of [`${offerId}:${dayOf(previousIso)}`, `${offerId}:${monthOf(previousIso)}`]) {
      let retracted = false;
      const updated = await this.months.update(id, (current) => {
        retracted = current !== null && current.points.some((p) => p.t > afterIso);
        return retracted && current ? { ...current, points: current.points.filter((p) => p.t <= afterIso) } : null;
      });
      if (!retracted || !updated) continue;
      if (updated.points.length > 0) return null;
      await this.months.delete(id);
      return updated.opening;
    }
    return null;
  }

  /** Ids of a month's documents after `afterId`, in `_id` order: an offer's are neighbours. */
  idsOfMonth(month: string, afterId: string, limit: number): Promise<string[]> {
    return this.months.findIds({ month, _id: { $gt: afterId } }, { sort: { _id: 1 }, limit });
  }

  /**
   * Folds an offer's documents of a finished month (`ids`: its days, and its month document if
   * it has one) into the one month document, then deletes the days; returns how many it deleted.
   * The caller makes sure nothing records into that month any more (ADR 028). Points a day shares
   * with the month document (an earlier fold that stopped before deleting the day) count once.
   * A month over MAX_POINTS_PER_MONTH, or whose documents are filed under more than one product
   * or country, keeps its days; a concurrent write leaves the rest to the next fold.
   */
  async foldMonth(offerId: string, month: string, ids: readonly string[]): Promise<number> {
    const monthId = `${offerId}:${month}`;
    const docs = (await this.months.getMany(ids)).sort((a, b) => (a._id < b._id ? -1 : 1));
    const folded = docs.find((doc) => doc._id === monthId) ?? null;
    const days = docs.filter((doc) => doc._id !== monthId && doc.offerId === offerId && doc.month === month);
    const latest = days.at(-1);
    if (!latest) return 0;
    // Points are filed under the product and country the offer had then: an offer matched anew
    // or moved to another country within the month keeps its days where they are.
    const sameKeys = (doc: PriceMonthRecord) => doc.productId === latest.productId && doc.country === latest.country;
    if (!days.every(sameKeys) || (folded && !sameKeys(folded))) return 0;
    const points = [...(folded?.points ?? [])];
    const foldedUntil = (points.at(-1) ?? folded?.opening)?.t ?? '';
    for (const day of days) points.push(...day.points.filter((p) => p.t > foldedUntil));
    if (points.length > MAX_POINTS_PER_MONTH) return 0;
    const { productId, country, shopId } = latest;
    const opening = folded ? folded.opening : (days[0]?.opening ?? null);
    try {
      await this.months.put(
        { _id: monthId, offerId, productId, country, shopId, month, opening, points },
        { expectedVersion: folded?._version ?? 0 },
      );
    } catch (error) {
      if (error instanceof ConflictError) return 0;
      throw error;
    }
    let deleted = 0;
    for (const day of days) {
      try {
        if (await this.months.delete(day._id, { expectedVersion: day._version })) deleted += 1;
      } catch (error) {
        if (!(error instanceof ConflictError)) throw error;
      }
    }
    return deleted;
  }

  /** The months of a product's offers in a country from `fromMonth` to `toMonth` (inclusive). */
  inRange(productId: string, country: string, fromMonth: string, toMonth: string): Promise<StoredPriceMonth[]> {
    return this.months.find({ productId, country, month: { $gte: fromMonth, $lte: toMonth } }, { sort: { month: 1 } });
  }

  /** The months after `month` (for offers with no point inside a past range). */
  after(productId: string, country: string, month: string): Promise<StoredPriceMonth[]> {
    return this.months.find({ productId, country, month: { $gt: month } }, { sort: { month: 1 } });
  }

  /** Files every month of a merged product's offers under the product it was merged into. Idempotent. */
  async moveProduct(fromId: string, toId: string, pageSize = 500): Promise<void> {
    for (
      let page = await this.months.find({ productId: fromId }, { limit: pageSize });
      page.length > 0;
      page = await this.months.find({ productId: fromId }, { limit: pageSize })
    ) {
      await this.months.bulkPut(page.map((month) => ({ ...month, productId: toId })));
    }
  }

  /** Files one offer's months under another product (a wrong match corrected, ADR 060). Idempotent. */
  async moveOffer(offerId: string, fromProductId: string, toProductId: string, pageSize = 500): Promise<void> {
    if (fromProductId === toProductId) return;
    for (
      let page = await this.months.find({ productId: fromProductId, offerId }, { limit: pageSize });
      page.length > 0;
      page = await this.months.find({ productId: fromProductId, offerId }, { limit: pageSize })
    ) {
      await this.months.bulkPut(page.map((month) => ({ ...month, productId: toProductId })));
    }
  }

  /** Deletes up to `limit` months before `month` (retention); returns how many. */
  async pruneBefore(month: string, limit: number): Promise<number> {
    // Sorted by the indexed field: in the default (_id) order, a run with nothing to prune read
    // every month of history (minutes at 5M offers) to find that out.
    const old = await this.months.find({ month: { $lt: month } }, { sort: { month: 1 }, limit });
    await Promise.all(old.map((doc) => this.months.delete(doc._id)));
    return old.length;
  }
}

/** Folds the oldest points into the opening state past the cap. */
function bounded(doc: PriceMonthRecord): PriceMonthRecord {
  if (doc.points.length <= MAX_POINTS_PER_DAY) return doc;
  const excess = doc.points.length - MAX_POINTS_PER_DAY;
  return { ...doc, opening: doc.points[excess - 1] ?? doc.opening, points: doc.points.slice(excess) };
}
