import { createHash } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import type { ChangeLog } from './change-log.js';
import type { DocValues } from './doc-values.js';
import type { EncodedDocument, FieldValue } from '@pc/kit/ports/support/search/document-encoding';
import { ftsColumnValues } from './fts-layout.js';
import type { IndexStatements } from './index-statements.js';
import type { SchemaPlan } from '@pc/kit/ports/support/search/schema-plan';
import { suggestEntries } from '@pc/kit/ports/support/search/suggest-entries';

/** `text`: the row's new FTS values, null when its FTS row went; absent when FTS was not touched. */
type Change = { readonly rowid: number; readonly text?: readonly string[] | null } & (
  { readonly id: string; readonly values: readonly FieldValue[] } | { readonly id: null }
);

/** Told of every committed change of a row's FTS values (null: removed). */
export type TextChangeListener = (rowid: number, values: readonly string[] | null) => void;

/**
 * Writes documents to SQLite (docs, FTS, suggestions, the change log) in one transaction per
 * call and, only once it committed, applies the same changes to the in-memory doc values and
 * reports text changes, so a failed batch leaves all of them untouched.
 */
export class IndexWriter {
  constructor(
    private readonly db: Database,
    private readonly plan: SchemaPlan,
    private readonly statements: IndexStatements,
    private readonly values: DocValues,
    /** Null only while derived tables are rebuilt (that clears the log instead). */
    private readonly log: ChangeLog | null,
    private readonly textChanged: TextChangeListener = () => undefined,
  ) {}

  upsert(docs: readonly EncodedDocument[]): void {
    this.commit(() => docs.map((doc) => this.write(doc)));
  }

  delete(ids: readonly string[]): void {
    this.commit(() => {
      const removed: Change[] = [];
      for (const id of ids) {
        const old = this.statements.findRow.get(id);
        if (old === undefined) continue;
        this.unindex(old.rowid, old.suggest);
        this.statements.deleteDoc.run(old.rowid);
        removed.push({ rowid: old.rowid, id: null, text: null });
      }
      return removed;
    });
  }

  private commit(write: () => Change[]): void {
    const { changes, logged } = this.db.transaction(() => {
      const made = write();
      const range = this.log?.record(made.map((c) => ({ rowid: c.rowid, textChanged: c.text !== undefined }))) ?? null;
      return { changes: made, logged: range };
    })();
    this.apply(changes);
    this.log?.committed(logged);
  }

  /**
   * Re-derives a stored row's values, FTS row and suggestions into freshly created derived
   * tables (after a schema change). In-memory values are loaded afterwards, not here.
   */
  reindexStoredRow(rowid: number, doc: EncodedDocument): void {
    this.statements.updateDoc.run(doc.json, JSON.stringify(doc.values), doc.suggest, textsHash(doc.texts), rowid);
    this.index(rowid, doc);
  }

  private write(doc: EncodedDocument): Change {
    const old = this.statements.findRow.get(doc.id);
    const vals = JSON.stringify(doc.values);
    const hash = textsHash(doc.texts);
    if (old === undefined) {
      const rowid = Number(this.statements.insertDoc.run(doc.id, doc.json, vals, doc.suggest, hash).lastInsertRowid);
      return { rowid, id: doc.id, values: doc.values, text: this.index(rowid, doc) };
    }
    // Replacing in place keeps the rowid, so in-memory columns do not grow with updates. Most
    // updates (prices, offers, ratings) change no text: their FTS row and suggestions stay.
    const rowid = old.rowid;
    const sameText = old.texts_hash === hash && old.suggest === doc.suggest;
    if (!sameText) this.unindex(rowid, old.suggest);
    this.statements.updateDoc.run(doc.json, vals, doc.suggest, hash, rowid);
    if (sameText) return { rowid, id: doc.id, values: doc.values };
    return { rowid, id: doc.id, values: doc.values, text: this.index(rowid, doc) };
  }

  /** Returns the FTS values written (none without text fields). */
  private index(rowid: number, doc: EncodedDocument): readonly string[] {
    const text = this.plan.textFields.length > 0 ? ftsColumnValues(doc.texts) : [];
    if (text.length > 0) this.statements.ftsInsert.run(rowid, ...text);
    if (doc.suggest !== null) this.adjustSuggestions(doc.suggest, 1);
    return text;
  }

  private unindex(rowid: number, suggest: string | null): void {
    if (this.plan.textFields.length > 0) this.statements.ftsDelete.run(rowid);
    if (suggest !== null) this.adjustSuggestions(suggest, -1);
  }

  private adjustSuggestions(value: string, delta: 1 | -1): void {
    for (const entry of suggestEntries(value)) {
      this.statements.suggestAdd.run(entry.kind, entry.key, entry.display, delta);
      if (delta < 0) this.statements.suggestPrune.run(entry.kind, entry.key);
    }
  }

  private apply(changes: readonly Change[]): void {
    for (const change of changes) {
      if (change.id === null) this.values.remove(change.rowid);
      else this.values.set(change.rowid, change.id, change.values);
      if (change.text !== undefined) this.textChanged(change.rowid, change.text);
    }
  }
}

/** Identifies the texts an FTS row is built from (the analysis of equal texts is equal). */
function textsHash(texts: readonly string[]): string {
  return createHash('sha1').update(JSON.stringify(texts)).digest('base64');
}
