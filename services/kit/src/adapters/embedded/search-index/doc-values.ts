import type { FieldValue } from '../../shared-search/document-encoding.js';
import { KeywordColumn } from './keyword-column.js';
import { NumberColumn } from './number-column.js';
import type { SchemaPlan } from '../../shared-search/schema-plan.js';

/**
 * In-memory columns of every live document's id, keyword and number values, by SQLite rowid.
 * SQLite stays the source of truth; these are loaded at open and updated after each commit.
 * About 4-8 bytes per field per document plus the dictionaries and ids.
 */
export class DocValues {
  readonly keywords: KeywordColumn[];
  readonly numbers: NumberColumn[];
  private ids: (string | undefined)[] = [];
  /**
   * 1 for a live row: what a search checks for every match, as one byte per row instead of a
   * read of `ids` (a pointer per row, several times the memory to pull through the cache).
   */
  private live = new Uint8Array(0);
  private readonly rowids = new Map<string, number>();
  private liveCount = 0;

  constructor(private readonly plan: SchemaPlan) {
    this.keywords = Array.from({ length: plan.keywordCount }, () => new KeywordColumn());
    this.numbers = Array.from({ length: plan.numberCount }, () => new NumberColumn());
  }

  get size(): number {
    return this.liveCount;
  }

  /** One past the highest rowid ever set: the bound for loops over rows. */
  get rowLimit(): number {
    return this.ids.length;
  }

  /** Read only: 1 at every live rowid (shorter than `rowLimit` when the last rows were removed). */
  get liveFlags(): Uint8Array {
    return this.live;
  }

  idOf(rowid: number): string | undefined {
    return this.ids[rowid];
  }

  rowidOf(id: string): number | undefined {
    return this.rowids.get(id);
  }

  set(rowid: number, id: string, values: readonly FieldValue[]): void {
    const previous = this.ids[rowid];
    if (previous === undefined) this.liveCount++;
    else if (previous !== id) this.rowids.delete(previous);
    this.ids[rowid] = id;
    this.rowids.set(id, rowid);
    if (rowid >= this.live.length) {
      const grown = new Uint8Array(Math.max(rowid + 1, this.live.length * 2, 1024));
      grown.set(this.live);
      this.live = grown;
    }
    this.live[rowid] = 1;
    this.plan.valueFields.forEach((field, i) => {
      const value = values[i] ?? null;
      if (field.type === 'keyword') this.keywords[field.slot]?.set(rowid, value as readonly string[] | null);
      else this.numbers[field.slot]?.set(rowid, value as number | null);
    });
  }

  remove(rowid: number): void {
    const id = this.ids[rowid];
    if (id === undefined) return;
    if (this.rowids.get(id) === rowid) this.rowids.delete(id);
    this.ids[rowid] = undefined;
    this.live[rowid] = 0;
    this.liveCount--;
    for (const column of this.keywords) column.clear(rowid);
    for (const column of this.numbers) column.set(rowid, null);
  }
}
