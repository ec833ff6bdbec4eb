import type { Database } from 'better-sqlite3';
import type { SearchDocument } from '@pc/kit/ports/search-index';
import { encodeDocument, type FieldValue } from '@pc/kit/ports/support/search/document-encoding';
import { ftsColumnValues } from './fts-layout.js';
import { reloadValues, type LoadedIndex } from './load-index.js';

/**
 * Text changes re-derived per catch-up so that cached matches stay usable (each is one
 * document's analysis, ~0.2 ms); when more rows' texts changed, the index's cached matches are
 * dropped instead.
 */
const TEXT_REPLAY_LIMIT = 512;

/**
 * Brings one index's in-memory columns up to date with commits of other connections: reads the
 * change log after this connection's position and re-reads only the rows it names. Reloads every
 * row when the log no longer reaches back that far.
 */
export function catchUp(db: Database, index: LoadedIndex): void {
  // One read transaction: the log and the rows it names are read from the same snapshot.
  const caughtUp = db.transaction((): boolean => {
    const head = index.log.head();
    if (head === index.log.seen) return true;
    const entries = index.log.unseen();
    if (entries === null) return false;
    const rows = new Map<number, boolean>();
    for (const entry of entries) rows.set(entry.row, rows.get(entry.row) === true || entry.text_changed === 1);
    let textRows = 0;
    for (const textChanged of rows.values()) if (textChanged) textRows++;
    const replayText = textRows <= TEXT_REPLAY_LIMIT;
    if (!replayText) index.matcher.forgetCached();
    for (const [rowid, textChanged] of rows) applyRow(index, rowid, textChanged, replayText);
    index.log.markSeen(head);
    return true;
  })();
  if (!caughtUp) reloadValues(db, index);
}

function applyRow(index: LoadedIndex, rowid: number, textChanged: boolean, replayText: boolean): void {
  const stored = index.statements.valsByRowid.get(rowid);
  if (stored === undefined) index.values.remove(rowid);
  else index.values.set(rowid, stored.id, JSON.parse(stored.vals) as FieldValue[]);
  if (!textChanged) return;
  if (!replayText) index.matcher.textLengthChanged(rowid);
  else index.matcher.textChanged(rowid, stored === undefined ? null : ftsValuesOf(index, rowid));
}

/** The FTS values the writer stored for a row: its analysis is deterministic, so it is redone. */
function ftsValuesOf(index: LoadedIndex, rowid: number): readonly string[] {
  if (index.plan.textFields.length === 0) return [];
  const row = index.statements.docByRowid.get(rowid);
  if (row === undefined) return [];
  return ftsColumnValues(encodeDocument(index.plan, JSON.parse(row.doc) as SearchDocument, 0).texts);
}
