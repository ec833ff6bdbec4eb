import type { Collection, DocumentStore } from '@pc/kit/ports/document-store';

/** How often one query was searched on one day in one country and language. */
export interface QueryCountRecord {
  readonly _id: string;
  readonly day: string;
  readonly country: string;
  readonly language: string;
  readonly query: string;
  readonly count: number;
}

export interface QueryCountKey {
  readonly day: string;
  readonly country: string;
  readonly language: string;
  readonly query: string;
}

/** Most queries read per day when ranking a window: the long tail never reaches the top. */
const TOP_PER_DAY = 500;

/** Daily counts of tracked queries (search's side state, collection `query_counts`). */
export class QueryCounts {
  private constructor(private readonly counts: Collection<QueryCountRecord>) {}

  static async open(store: DocumentStore): Promise<QueryCounts> {
    return new QueryCounts(
      await store.collection<QueryCountRecord>({
        name: 'query_counts',
        indexes: [{ fields: ['country', 'language', 'day', 'count'] }, { fields: ['day'] }],
      }),
    );
  }

  /** Adds to the day's counts (concurrently: the writes share commits). */
  async add(increments: ReadonlyMap<string, { readonly key: QueryCountKey; readonly n: number }>): Promise<void> {
    await Promise.all(
      [...increments.values()].map(({ key, n }) =>
        this.counts.update(idOf(key), (current) => ({ _id: idOf(key), ...key, count: (current?.count ?? 0) + n })),
      ),
    );
  }

  /** The most counted queries over `days`, summed across them, best first. */
  async top(
    country: string,
    language: string,
    days: readonly string[],
    limit: number,
  ): Promise<{ query: string; count: number }[]> {
    const perDay = await Promise.all(
      days.map((day) => this.counts.find({ country, language, day }, { sort: { count: -1 }, limit: TOP_PER_DAY })),
    );
    const totals = new Map<string, number>();
    for (const record of perDay.flat()) totals.set(record.query, (totals.get(record.query) ?? 0) + record.count);
    return [...totals]
      .map(([query, count]) => ({ query, count }))
      .sort((a, b) => b.count - a.count || a.query.localeCompare(b.query))
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

const idOf = (key: QueryCountKey): string => `${key.day}|${key.country}|${key.language}|${key.query}`;
