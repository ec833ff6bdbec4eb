import type { Collection, DocumentStore } from '@pc/kit/ports/document-store';
import {
  foldAdClicks,
  foldDay,
  foldTally,
  type AdCountRecord,
  type ClickDayRecord,
  type ClickTallyRecord,
  type FoldPlan,
} from '../domain/click-aggregates.js';

/**
 * The click statistics (ADR 043a): a document per shop and UTC day (quarter hours, countries),
 * sharded monthly tallies per product and per offer, and an advertisement's counts. Every
 * document carries the marks of what it folded; ids are computed, so reads are `getMany`.
 */
export class ClickAggregateRepository {
  private constructor(
    private readonly days: Collection<ClickDayRecord>,
    private readonly tallies: Collection<ClickTallyRecord>,
    private readonly ads: Collection<AdCountRecord>,
  ) {}

  static async open(store: DocumentStore): Promise<ClickAggregateRepository> {
    const [days, tallies, ads] = await Promise.all([
      store.collection<ClickDayRecord>({ name: 'click_days' }),
      store.collection<ClickTallyRecord>({ name: 'click_tallies' }),
      store.collection<AdCountRecord>({ name: 'ad_counts' }),
    ]);
    return new ClickAggregateRepository(days, tallies, ads);
  }

  /**
   * Applies a batch's plan: each document takes the contributions its marks have not seen, in
   * one atomic write of its own (issued together: one group commit on the embedded store).
   */
  async apply(plan: FoldPlan): Promise<void> {
    await Promise.all([
      ...[...plan.days].map(([id, target]) => this.days.update(id, (current) => foldDay(current, id, target))),
      ...[...plan.tallies].map(([id, target]) => this.tallies.update(id, (current) => foldTally(current, id, target))),
      ...[...plan.ads].map(([id, target]) => this.ads.update(id, (current) => foldAdClicks(current, id, target))),
    ]);
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
        this.ads.update(id, (current) => ({
          _id: id,
          impressions: (current?.impressions ?? 0) + 1,
          clicks: current?.clicks ?? 0,
          marks: current?.marks ?? {},
        })),
      ),
    );
  }
}
