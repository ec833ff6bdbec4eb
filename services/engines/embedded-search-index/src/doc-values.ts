import type { FieldValue } from '@pc/kit/ports/support/search/document-encoding';
import { KeywordColumn, type KeywordColumnState } from './keyword-column.js';
import { NumberColumn } from './number-column.js';
import { ParsedDocuments } from './parsed-documents.js';
import type { SchemaPlan } from '@pc/kit/ports/support/search/schema-plan';

/** What the columns are made of, for a snapshot of them (`column-snapshot-file.ts`). */
export interface DocValuesState {
  /** Id by rowid, null where no row lives. */
  readonly ids: readonly (string | null)[];
  readonly live: Uint8Array<ArrayBuffer>;
  readonly keywords: readonly KeywordColumnState[];
  readonly numbers: readonly Float64Array<ArrayBuffer>[];
}

/**
 * In-memory columns of every live document's id, keyword and number values, by SQLite rowid.
 * SQLite stays the source of truth; these are loaded at open and updated after each commit.
 * About 4-8 bytes per field per document plus the dictionaries and ids. The rowid of an id is
 * looked up in SQLite (its unique index): a map of every id was seconds at start and ~100 bytes
 * per document, for the few id filters a search has.
 */
export class DocValues {
  readonly keywords: KeywordColumn[];
  readonly numbers: NumberColumn[];
  /** Recent hits' documents, forgotten here whenever their row changes. */
  readonly documents = new ParsedDocuments();
  private ids: (string | undefined)[] = [];
  /**
   * 1 for a live row: what a search checks for every match, as one byte per row instead of a
   * read of `ids` (a pointer per row, several times the memory to pull through the cache).
   */
  private live = new Uint8Array(0);
  private liveCount = 0;

  constructor(private readonly plan: SchemaPlan) {
    this.keywords = Array.from({ length: plan.keywordCount }, () => new KeywordColumn());
    this.numbers = Array.from({ length: plan.numberCount }, () => new NumberColumn());
  }

  /** Columns from `state()` of others of the same plan: lookups are rebuilt, arrays adopted. */
  static restore(plan: SchemaPlan, state: DocValuesState): DocValues {
    if (state.keywords.length !== plan.keywordCount || state.numbers.length !== plan.numberCount)
      throw new Error('the columns do not fit the schema');
    const values = new DocValues(plan);
    values.keywords.splice(0, plan.keywordCount, ...state.keywords.map((keyword) => KeywordColumn.restore(keyword)));
    values.numbers.splice(0, plan.numberCount, ...state.numbers.map((numbers) => NumberColumn.restore(numbers)));
    values.live = state.live;
    values.ids = new Array<string | undefined>(state.ids.length);
    state.ids.forEach((id, rowid) => {
      if (id === null) return;
      if ((state.live[rowid] ?? 0) !== 1) throw new Error(`row ${rowid} does not fit the live rows`);
      values.ids[rowid] = id;
      values.liveCount++;
    });
    let liveFlags = 0;
    for (const flag of state.live) liveFlags += flag;
    if (liveFlags !== values.liveCount) throw new Error('the live rows do not fit the ids');
    return values;
  }

  /** Views of the columns, valid until their next change. */
  state(): DocValuesState {
    return {
      ids: Array.from(this.ids, (id) => id ?? null),
      live: this.live,
      keywords: this.keywords.map((column) => column.state()),
      numbers: this.numbers.map((column) => column.state()),
    };
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

  set(rowid: number, id: string, values: readonly FieldValue[]): void {
    this.documents.forget(rowid);
    if (this.ids[rowid] === undefined) this.liveCount++;
    this.ids[rowid] = id;
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
    this.documents.forget(rowid);
    const id = this.ids[rowid];
    if (id === undefined) return;
    this.ids[rowid] = undefined;
    this.live[rowid] = 0;
    this.liveCount--;
    for (const column of this.keywords) column.clear(rowid);
    for (const column of this.numbers) column.set(rowid, null);
  }
}
