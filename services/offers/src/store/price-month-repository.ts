import type { Collection, DocumentStore, Stored } from '@pc/kit/ports/document-store';
import { sameState, type PriceState } from '../domain/price-point.js';

/**
 * One offer's price points of one UTC month. Small documents, so recording a point rewrites
 * little, and a range read loads only the months it covers. `opening` is the state in effect at
 * the month's start, so a month can be read without the ones before it.
 */
export interface PriceMonthRecord {
  /** `${offerId}:${YYYY-MM}`. */
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
 * Points kept per offer and month (over 32 changes a day). Past it the oldest fold into
 * `opening`, so such a month's first days show the folded state: bounded size over exactness for
 * offers that reprice many times a day.
 */
export const MAX_POINTS_PER_MONTH = 1_000;

export const monthOf = (iso: string): string => iso.slice(0, 7);

export interface OfferKeys {
  readonly offerId: string;
  readonly productId: string;
  readonly country: string;
  readonly shopId: string;
}

/** Where an offer's points are filed: under its current product and country. */
export const historyKeysOf = (offer: { _id: string; productId: string; country: string; shopId: string }): OfferKeys => ({
  offerId: offer._id,
  productId: offer.productId,
  country: offer.country,
  shopId: offer.shopId,
});

/** Per-offer price history in monthly documents (bounded: retention prunes whole months). */
export class PriceMonthRepository {
  private constructor(private readonly months: Collection<PriceMonthRecord>) {}

  static async open(store: DocumentStore): Promise<PriceMonthRepository> {
    const months = await store.collection<PriceMonthRecord>({
      name: 'offer_price_months',
      indexes: [{ fields: ['productId', 'country', 'month'] }, { fields: ['month'] }],
    });
    return new PriceMonthRepository(months);
  }

  /**
   * Records `point` after `previous` (the offer's last point so far). Idempotent: recording the
   * same point again changes nothing. A previous point dated after this one (a removal the sweep
   * dated at last-seen + stale limit, contradicted by this later-arriving observation) is taken
   * back first.
   */
  async record(keys: OfferKeys, previous: PriceState | null, point: PriceState): Promise<void> {
    const month = monthOf(point.t);
    let opening = previous && previous.t < point.t && monthOf(previous.t) < month ? previous : null;
    if (previous && previous.t > point.t && monthOf(previous.t) !== month) {
      const emptied = await this.retractAfter(keys.offerId, monthOf(previous.t), point.t);
      opening = emptied ?? opening;
    }
    await this.months.update(`${keys.offerId}:${month}`, (current) => {
      if (!current) return { _id: `${keys.offerId}:${month}`, ...keys, month, opening, points: [point] };
      const kept = current.points.filter((p) => p.t <= point.t);
      const last = kept.at(-1) ?? current.opening;
      const points = last && sameState(last, point) ? kept : [...kept, point];
      if (points.length === current.points.length && points.every((p, i) => p === current.points[i])) return null;
      return bounded({ ...current, ...keys, points });
    });
  }

  /** Removes a month's points after `afterIso`; returns the month's opening when none is left. */
  private async retractAfter(offerId: string, month: string, afterIso: string): Promise<PriceState | null> {
    const id = `${offerId}:${month}`;
    const updated = await this.months.update(id, (current) => {
      if (!current || current.points.every((p) => p.t <= afterIso)) return null;
      return { ...current, points: current.points.filter((p) => p.t <= afterIso) };
    });
    if (updated && updated.points.length === 0) {
      await this.months.delete(id);
      return updated.opening;
    }
    return null;
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
    for (let page = await this.months.find({ productId: fromId }, { limit: pageSize }); page.length > 0; page = await this.months.find({ productId: fromId }, { limit: pageSize })) {
      await this.months.bulkPut(page.map((month) => ({ ...month, productId: toId })));
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
function bounded(month: PriceMonthRecord): PriceMonthRecord {
  if (month.points.length <= MAX_POINTS_PER_MONTH) return month;
  const excess = month.points.length - MAX_POINTS_PER_MONTH;
  return { ...month, opening: month.points[excess - 1] ?? month.opening, points: month.points.slice(excess) };
}
