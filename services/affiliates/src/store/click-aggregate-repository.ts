import { ConflictError } from '@pc/kit/errors/domain-errors';
import type { Collection, Document, DocumentStore, Stored } from '@pc/kit/ports/document-store';
import {
  foldAdClicks,
  foldDay,
  foldTally,
  type AdCountRecord,
  type ClickDayRecord,
  type ClickTallyRecord,
  type FoldPlan,
} from '../domain/click-aggregates.js';
import { HotDocuments } from './hot-documents.js';

/**
 * Aggregate documents the fold keeps decoded between batches: a catch-up touches a few per shop
 * (its day, four tally shards), so this holds the hot documents of thousands of shops — tens to
 * hundreds of MB for the biggest tallies, bounded by count.
 */
const HOT_DOCUMENTS = 8_000;

/**
 * The click statistics (ADR 043a): a document per shop and UTC day (quarter hours, countries),
 * sharded monthly tallies per product and per offer, and an advertisement's counts. Every
 * document carries the marks of what it folded; ids are computed, so reads are `getMany`.
 */
export class ClickAggregateRepository {
  private readonly hotDays: HotDocuments<ClickDayRecord>;
  private readonly hotTallies: HotDocuments<ClickTallyRecord>;
  private readonly hotAds: HotDocuments<AdCountRecord>;

  private constructor(
    private readonly days: Collection<ClickDayRecord>,
    private readonly tallies: Collection<ClickTallyRecord>,
    private readonly ads: Collection<AdCountRecord>,
    hotDocuments: number,
  ) {
    this.hotDays = new HotDocuments(hotDocuments);
    this.hotTallies = new HotDocuments(hotDocuments);
    this.hotAds = new HotDocuments(hotDocuments);
  }

  /** `hotDocuments`: documents of each kind held decoded between batches (0: none, the benchmark's baseline). */
  static async open(store: DocumentStore, options: { hotDocuments?: number } = {}): Promise<ClickAggregateRepository> {
    const [days, tallies, ads] = await Promise.all([
      store.collection<ClickDayRecord>({ name: 'click_days' }),
      store.collection<ClickTallyRecord>({ name: 'click_tallies' }),
      store.collection<AdCountRecord>({ name: 'ad_counts' }),
    ]);
    return new ClickAggregateRepository(days, tallies, ads, options.hotDocuments ?? HOT_DOCUMENTS);
  }

  /**
   * Applies a batch's plan: each document takes the contributions its marks have not seen, in
   * one atomic write of its own (issued together: one group commit on the embedded store).
   */
  async apply(plan: FoldPlan): Promise<void> {
    await Promise.all([
      ...[...plan.days].map(([id, target]) =>
        foldInto(this.days, this.hotDays, id, (current) => foldDay(current, id, target)),
      ),
      ...[...plan.tallies].map(([id, target]) =>
        foldInto(this.tallies, this.hotTallies, id, (current) => foldTally(current, id, target)),
      ),
      ...[...plan.ads].map(([id, target]) =>
        foldInto(this.ads, this.hotAds, id, (current) => foldAdClicks(current, id, target)),
      ),
    ]);
  }

  /** Forgets the documents held decoded (the next batch reads what it touches from the store). */
  forgetHotDocuments(): void {
    this.hotDays.clear();
    this.hotTallies.clear();
    this.hotAds.clear();
  }

  /** Documents held decoded between batches. */
  hotDocuments(): number {
    return this.hotDays.size + this.hotTallies.size + this.hotAds.size;
  }

  getDays(ids: readonly string[]): Promise<ClickDayRecord[]> {
    return this.days.getMany(ids);
  }

  getTallies(ids: readonly string[]): Promise<ClickTallyRecord[]> {
    return this.tallies.getMany(ids);
  }

  getAdCounts(ids: readonly string[]): Promise<AdCountRecord[]> {
    return this.ads.getMany(ids);
  }

  /** One more impression of each advertisement served. */
  async countImpressions(ids: readonly string[]): Promise<void> {
    await Promise.all(
      ids.map((id) =>
        foldInto(this.ads, this.hotAds, id, (current) => ({
          _id: id,
          impressions: (current?.impressions ?? 0) + 1,
          clicks: current?.clicks ?? 0,
          marks: current?.marks ?? {},
        })),
      ),
    );
  }
}

/**
 * One fold of a document (ADR 062). When it is held decoded, the change is made to it and written
 * only if the stored version is still the one held (`expectedVersion`): a write by anyone else —
 * another replica after a rebalance, an impression served by another process — fails that check,
 * and the document is read again from the store as before. Either way only what the store took is
 * held afterwards; a failed write leaves nothing held.
 */
async function foldInto<T extends Document>(
  collection: Collection<T>,
  hot: HotDocuments<T>,
  id: string,
  change: (current: Stored<T> | null) => T | null,
): Promise<void> {
  const held = hot.take(id);
  if (held) {
    // `change` may add to the held document in place: it is not held while this write is in flight.
    const version = held._version;
    const next = change(held);
    if (next === null) {
      hot.keep(held);
      return;
    }
    try {
      hot.keep(await collection.put(next, { expectedVersion: version }));
      return;
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
    }
  }
  const stored = await collection.update(id, change);
  if (stored) hot.keep(stored);
}
