import type { Collection, DocumentStore, Stored } from '@pc/kit/ports/document-store';
import { combineEntries, mergeMonth, type ClickMonthRecord, type MonthEntries } from '../domain/click-months.js';
import { foldInto } from './fold-into.js';
import { HotDocuments } from './hot-documents.js';

/** Everything a month's day documents and tally shards say, read from the store (a month document's first write). */
export type MonthSeed = (shopId: string, month: string) => Promise<MonthEntries>;

/**
 * The month documents of the click statistics (ADR 070): per shop and UTC month, the projection
 * of its day documents and tally shards that a statistics read decodes instead of them. Written
 * after the documents they project, held decoded between batches like them (ADR 062). A month
 * document exists only complete: its first write also projects every day document and tally shard
 * of its month already stored, so a month folded before month documents existed reads right.
 */
export class ClickMonthRepository {
  private readonly hot: HotDocuments<ClickMonthRecord>;

  private constructor(
    private readonly months: Collection<ClickMonthRecord>,
    hotDocuments: number,
  ) {
    this.hot = new HotDocuments(hotDocuments);
  }

  static async open(store: DocumentStore, hotDocuments: number): Promise<ClickMonthRepository> {
    return new ClickMonthRepository(await store.collection<ClickMonthRecord>({ name: 'click_months' }), hotDocuments);
  }

  /** Merges each month's entries into its document (one write each, issued together). */
  async project(entries: ReadonlyMap<string, MonthEntries>, seedOf: MonthSeed): Promise<void> {
    await Promise.all([...entries].map(([id, month]) => this.merge(id, month, seedOf)));
  }

  private async merge(id: string, entries: MonthEntries, seedOf: MonthSeed): Promise<void> {
    try {
      await foldInto(this.months, this.hot, id, (current) => {
        if (!current) throw new MonthNotStored();
        return mergeMonth(current, id, entries);
      });
    } catch (error) {
      if (!(error instanceof MonthNotStored)) throw error;
      // Its first write: it takes in what is stored of its month, so it starts complete.
      const seeded = combineEntries(await seedOf(entries.shopId, entries.month), entries);
      await foldInto(this.months, this.hot, id, (current) => mergeMonth(current, id, seeded));
    }
  }

  getMany(ids: readonly string[]): Promise<Stored<ClickMonthRecord>[]> {
    return this.months.getMany(ids);
  }

  forgetHotDocuments(): void {
    this.hot.clear();
  }

  get hotDocuments(): number {
    return this.hot.size;
  }
}

/** A month document not written yet (thrown inside `update`, which then writes nothing). */
class MonthNotStored extends Error {}
