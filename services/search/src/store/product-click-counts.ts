import type { Collection, DocumentStore } from '@pc/kit/ports/document-store';
import type { ClickDayCount } from '../domain/click-record.js';

/** How many counted clicks one product had on one day in one country. */
export interface ProductClickDayRecord extends ClickDayCount {
  readonly _id: string;
}

/** Most products read per day when ranking a window: the long tail never reaches the top. */
const TOP_PER_DAY = 500;

/**
 * Daily counts of counted click-outs per product and country (search's side state, collection
 * `product_click_days`), for the windowed "popular products". Derived from the products' click
 * records, which hold the same counts beside the click ids that make a redelivery count once:
 * each count is set to the record's, not added to, so writing it again is harmless and a
 * redelivered click repairs a count that a crash kept from being written.
 */
export class ProductClickCounts {
  private constructor(private readonly counts: Collection<ProductClickDayRecord>) {}

  static async open(store: DocumentStore): Promise<ProductClickCounts> {
    return new ProductClickCounts(
      await store.collection<ProductClickDayRecord>({
        name: 'product_click_days',
        indexes: [{ fields: ['country', 'day', 'count'] }, { fields: ['day'] }],
      }),
    );
  }

  /**
   * Sets the days' counts to these (concurrently: the writes share commits). A count is never
   * lowered: a day's count only grows in the records, so a lower one is an older read (another
   * replica's, or an earlier click of the same batch).
   */
  async set(counts: readonly ClickDayCount[]): Promise<void> {
    const highest = new Map<string, ClickDayCount>();
    for (const count of counts) {
      const id = idOf(count);
      if ((highest.get(id)?.count ?? 0) < count.count) highest.set(id, count);
    }
    await Promise.all(
      [...highest].map(([id, count]) =>
        this.counts.update(id, (current) =>
          current && current.count >= count.count ? null : { _id: id, ...pick(count) },
        ),
      ),
    );
  }

  /** The most clicked products over `days` (UTC days), summed across them, most first (ties by id). */
  async top(country: string, days: readonly string[], limit: number): Promise<{ productId: string; count: number }[]> {
    const perDay = await Promise.all(
      days.map((day) => this.counts.find({ country, day }, { sort: { count: -1 }, limit: TOP_PER_DAY })),
    );
    const totals = new Map<string, number>();
    for (const record of perDay.flat())
      totals.set(record.productId, (totals.get(record.productId) ?? 0) + record.count);
    return [...totals]
      .map(([productId, count]) => ({ productId, count }))
      .sort((a, b) => b.count - a.count || (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0))
      .slice(0, limit);
  }

  /** Deletes up to `limit` counts of days before `day`; returns how many. */
  async pruneBefore(day: string, limit: number): Promise<number> {
    // Sorted by the indexed field: the default (_id) order would read every count to find them.
    const old = await this.counts.find({ day: { $lt: day } }, { sort: { day: 1 }, limit });
    await Promise.all(old.map((record) => this.counts.delete(record._id)));
    return old.length;
  }
}

const idOf = (count: ClickDayCount): string => `${count.day}|${count.country}|${count.productId}`;

const pick = ({ day, country, productId, count }: ClickDayCount): ClickDayCount => ({ day, country, productId, count });
