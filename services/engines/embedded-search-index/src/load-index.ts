import type { Database } from 'better-sqlite3';
import { FailedPreconditionError, InvalidArgumentError } from '@pc/kit/errors/domain-errors';
import type { SearchDocument } from '@pc/kit/ports/search-index';
import { addCatalogEntry, findCatalogEntry, setCatalogFingerprint } from './catalog.js';
import { ChangeLog } from './change-log.js';
import { ColumnSnapshots } from './column-snapshots.js';
import { DocValues } from './doc-values.js';
import { encodeDocument, type FieldValue } from '@pc/kit/ports/support/search/document-encoding';
import { createIndexTables, dropDerivedTables } from './index-tables.js';
import { prepareStatements, type IndexStatements } from './index-statements.js';
import { IndexWriter } from './index-writer.js';
import type { MatchCache } from './match-cache.js';
import type { SchemaPlan } from '@pc/kit/ports/support/search/schema-plan';
import { TextMatcher } from './text-matcher.js';

/** Everything one open index needs, over one SQLite connection. */
export interface LoadedIndex {
  readonly plan: SchemaPlan;
  /** The table number of its `ix<n>_*` tables. */
  readonly num: number;
  readonly statements: IndexStatements;
  readonly matcher: TextMatcher;
  /** This connection's position in the index's log of committed changes. */
  readonly log: ChangeLog;
  /** Replaced wholesale when another connection's changes are no longer in the log (see `reloadValues`). */
  values: DocValues;
  writer: IndexWriter;
  readonly snapshots: ColumnSnapshots;
  /** The change-log position of the snapshot file these columns were restored from or saved to; null: none. */
  snapshotSeq: number | null;
  /** Where the columns came from at open: the snapshot, or every row (and why not the snapshot). */
  readonly loadedFrom: { readonly snapshot: true } | { readonly snapshot: false; readonly reason: string };
}

/** Documents read per query while a schema change rebuilds an index: bounds the rows held at once. */
const REBUILD_CHUNK = 1000;

/**
 * Creates the index, adopts it, or — when the stored schema differs — rebuilds the derived
 * tables from the stored documents in one transaction (all or nothing), then loads the
 * in-memory columns: from the snapshot file when it is the stamped one (`snapshotFile`; the
 * caller then catches up with the change log after it), else from every row.
 */
export function loadIndex(
  db: Database,
  plan: SchemaPlan,
  cache: MatchCache | null,
  snapshotFile: string | null = null,
): LoadedIndex {
  const num = db.transaction(() => {
    const entry = findCatalogEntry(db, plan.name);
    if (entry === undefined) {
      const created = addCatalogEntry(db, plan.name, plan.fingerprint);
      createIndexTables(db, created, plan);
      return created;
    }
    if (entry.fingerprint !== plan.fingerprint) {
      dropDerivedTables(db, entry.num);
      createIndexTables(db, entry.num, plan);
      rebuild(db, plan, prepareStatements(db, entry.num, plan));
      new ChangeLog(db, entry.num).clear();
      setCatalogFingerprint(db, plan.name, plan.fingerprint);
    } else {
      // Idempotent, and it brings an index of an older layout up to date (added columns).
      createIndexTables(db, entry.num, plan);
    }
    return entry.num;
  })();
  const statements = prepareStatements(db, num, plan);
  const matcher = new TextMatcher(db, num, plan, cache);
  const log = new ChangeLog(db, num);
  const snapshots = new ColumnSnapshots(db, num, snapshotFile);
  const restored = snapshots.restore(plan, log);
  if ('values' in restored) log.markSeen(restored.seq);
  const values = 'values' in restored ? restored.values : loadValues(plan, statements, log);
  return {
    plan,
    num,
    statements,
    matcher,
    log,
    values,
    writer: writerFor(db, plan, statements, values, log, matcher),
    snapshots,
    snapshotSeq: 'values' in restored ? restored.seq : null,
    loadedFrom: 'values' in restored ? { snapshot: true } : { snapshot: false, reason: restored.rejected },
  };
}

/** (Re)loads the in-memory columns from the `vals` of every stored row; cached matches go too. */
export function reloadValues(db: Database, index: LoadedIndex): void {
  index.matcher.forgetCached();
  index.matcher.forgetLengths();
  index.values = loadValues(index.plan, index.statements, index.log);
  index.writer = writerFor(db, index.plan, index.statements, index.values, index.log, index.matcher);
}

function loadValues(plan: SchemaPlan, statements: IndexStatements, log: ChangeLog): DocValues {
  // The log position is read first: a change committed while the rows load is then read again
  // at the next catch-up, which is harmless (it re-reads the row's current values).
  log.markSeen(log.head());
  const values = new DocValues(plan);
  for (const row of statements.loadRows.iterate()) {
    values.set(row.rowid, row.id, JSON.parse(row.vals) as FieldValue[]);
  }
  return values;
}

/** The writer of live values, telling the matcher of every committed text change. */
function writerFor(
  db: Database,
  plan: SchemaPlan,
  statements: IndexStatements,
  values: DocValues,
  log: ChangeLog,
  matcher: TextMatcher,
): IndexWriter {
  return new IndexWriter(db, plan, statements, values, log, (rowid, text) => matcher.textChanged(rowid, text));
}

function rebuild(db: Database, plan: SchemaPlan, statements: IndexStatements): void {
  const writer = new IndexWriter(db, plan, statements, new DocValues(plan), null);
  for (let after = 0; ;) {
    const rows = statements.rowsAfter.all(after, REBUILD_CHUNK);
    const lastRow = rows[rows.length - 1];
    if (lastRow === undefined) return;
    for (const row of rows) {
      const doc = JSON.parse(row.doc) as SearchDocument;
      try {
        writer.reindexStoredRow(row.rowid, encodeDocument(plan, doc, 0));
      } catch (error) {
        if (!(error instanceof InvalidArgumentError)) throw error;
        throw new FailedPreconditionError(
          `stored document ${doc.id} does not fit the new schema of ${plan.name}: ${error.message}`,
          { cause: error },
        );
      }
    }
    after = lastRow.rowid;
  }
}
