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
import { dayId, TALLY_SHARDS, tallyId } from '../domain/click-buckets.js';
import { monthEntriesOf, monthId, slotsOf, type MonthEntries } from '../domain/click-months.js';
import type { DayCounts } from '../domain/click-stats.js';
import { ClickMonthRepository } from './click-month-repository.js';
import { foldInto } from './fold-into.js';
import { HotDocuments } from './hot-documents.js';

/**
 * Aggregate documents the fold keeps decoded between batches: a catch-up touches a few per shop
 * (its day, four tally shards), so this holds the hot documents of thousands of shops — tens to
 * hundreds of MB for the biggest tallies, bounded by count.
 */
const HOT_DOCUMENTS = 8_000;

/** What a statistics read takes of a shop: the asked UTC days and one month's top products per tally shard. */
export interface ShopClicks {
  readonly days: DayCounts[];
  readonly shardTops: Readonly<Record<string, number>>[];
}

/**
 * The click statistics (ADR 043a): a document per shop and UTC day (quarter hours, countries),
 * sharded monthly tallies per product and per offer, and an advertisement's clicks. Every
 * document carries the marks of what it folded; ids are computed, so reads are `getMany`.
 * Reads go through the month documents projected from them (ADR 070). They live in a store of
 * their own (`click-stats-store.ts`), written by the fold's thread alone (ADR 077).
 */
export class ClickAggregateRepository {
  private readonly hotDays: HotDocuments<ClickDayRecord>;
  private readonly hotTallies: HotDocuments<ClickTallyRecord>;
  private readonly hotAds: HotDocuments<AdCountRecord>;

  private constructor(
    private readonly days: Collection<ClickDayRecord>,
    private readonly tallies: Collection<ClickTallyRecord>,
    private readonly ads: Collection<AdCountRecord>,
    private readonly months: ClickMonthRepository,
    hotDocuments: number,
  ) {
    this.hotDays = new HotDocuments(hotDocuments);
    this.hotTallies = new HotDocuments(hotDocuments);
    this.hotAds = new HotDocuments(hotDocuments);
  }

  /** `hotDocuments`: documents of each kind held decoded between batches (0: none, the benchmark's baseline). */
  static async open(store: DocumentStore, options: { hotDocuments?: number } = {}): Promise<ClickAggregateRepository> {
    const hot = options.hotDocuments ?? HOT_DOCUMENTS;
    const [days, tallies, ads, months] = await Promise.all([
      store.collection<ClickDayRecord>({ name: 'click_days' }),
      store.collection<ClickTallyRecord>({ name: 'click_tallies' }),
      store.collection<AdCountRecord>({ name: 'ad_counts' }),
      ClickMonthRepository.open(store, hot),
    ]);
    return new ClickAggregateRepository(days, tallies, ads, months, hot);
  }

  /**
   * Applies a batch's plan: each document takes the contributions its marks have not seen, in
   * one atomic write of its own (issued together: one group commit on the embedded store). Then
   * the month documents take what those documents now hold — also the ones the batch found
   * nothing new for, so a redelivery after a crash between the two writes completes the months.
   */
  async apply(plan: FoldPlan): Promise<void> {
    const [days, tallies] = await Promise.all([
      Promise.all(
        [...plan.days].map(([id, target]) =>
          foldInto(this.days, this.hotDays, id, (current) => foldDay(current, id, target)),
        ),
      ),
      Promise.all(
        [...plan.tallies].map(([id, target]) =>
          foldInto(this.tallies, this.hotTallies, id, (current) => foldTally(current, id, target)),
        ),
      ),
      Promise.all(
        [...plan.ads].map(([id, target]) =>
          foldInto(this.ads, this.hotAds, id, (current) => foldAdClicks(current, id, target)),
        ),
      ),
    ]);
    await this.months.project(monthEntriesOf(days.filter(isStored), tallies.filter(isStored)), (shopId, month) =>
      this.monthSeed(shopId, month),
    );
  }

  /** Every day document and tally shard of a shop's month, as month entries. */
  private async monthSeed(shopId: string, month: string): Promise<MonthEntries> {
    const [days, tallies] = await Promise.all([
      this.days.getMany(daysOfMonth(month).map((day) => dayId(shopId, day))),
      this.tallies.getMany(shardIds(shopId, month)),
    ]);
    return monthEntriesOf(days, tallies).get(monthId(shopId, month)) ?? emptyEntries(shopId, month);
  }

  /**
   * A shop's counted clicks on the asked UTC days and the top products of `topMonth` by tally
   * shard: from the month documents, or, for a month that has none (folded before them, not
   * touched since), from its day documents and tally shards as they are.
   */
  async shopClicks(shopId: string, days: readonly string[], topMonth: string): Promise<ShopClicks> {
    const monthsAsked = [...new Set([...days.map((day) => day.slice(0, 7)), topMonth])];
    const found = new Map(
      (await this.months.getMany(monthsAsked.map((month) => monthId(shopId, month)))).map((doc) => [doc.month, doc]),
    );
    const unprojected = days.filter((day) => !found.has(day.slice(0, 7)));
    const top = found.get(topMonth);
    const [oldDays, oldTallies] = await Promise.all([
      unprojected.length > 0 ? this.days.getMany(unprojected.map((day) => dayId(shopId, day))) : [],
      top ? [] : this.tallies.getMany(shardIds(shopId, topMonth)),
    ]);
    const counts: DayCounts[] = oldDays;
    for (const day of days) {
      const entry = found.get(day.slice(0, 7))?.days[day];
      if (entry) counts.push({ day, total: entry.total, slots: slotsOf(entry), countries: entry.countries });
    }
    const shardTops = top
      ? Object.values(top.shards).map((shard) => Object.fromEntries(shard.top))
      : oldTallies.map((tally) => tally.products);
    return { days: counts, shardTops };
  }

  /**
   * Every product's clicks in a shop's month, one map per tally shard (disjoint: a product counts
   * in one shard). The shards are read whole, not the month document, which keeps only each
   * shard's top list.
   */
  async monthProductCounts(shopId: string, month: string): Promise<Readonly<Record<string, number>>[]> {
    const tallies = await this.tallies.getMany(shardIds(shopId, month));
    return tallies.map((tally) => tally.products);
  }

  /** Forgets the documents held decoded (the next batch reads what it touches from the store). */
  forgetHotDocuments(): void {
    this.hotDays.clear();
    this.hotTallies.clear();
    this.hotAds.clear();
    this.months.forgetHotDocuments();
  }

  /** Documents held decoded between batches. */
  hotDocuments(): number {
    return this.hotDays.size + this.hotTallies.size + this.hotAds.size + this.months.hotDocuments;
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
}

const isStored = <T>(doc: T | null): doc is T => doc !== null;

const shardIds = (shopId: string, month: string): string[] =>
  Array.from({ length: TALLY_SHARDS }, (_, shard) => tallyId(shopId, month, shard));

/** "YYYY-MM-DD" of every day of a "YYYY-MM". */
function daysOfMonth(month: string): string[] {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const length = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return Array.from({ length }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
}

const emptyEntries = (shopId: string, month: string): MonthEntries => ({
  shopId,
  month,
  days: new Map(),
  shards: new Map(),
});
