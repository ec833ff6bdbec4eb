import type { Database } from 'better-sqlite3';
import type { IndexSpec } from '../../../ports/document-store.js';
import { refreshIndexStatistics } from './index-statistics.js';

/** Writes before the first refresh of a new collection's statistics. */
const FIRST_REFRESH_AFTER = 500;

/**
 * Refreshes a collection's planner statistics as it grows: at open, then whenever the documents
 * written since the last refresh reach the row count seen then (so after 500, 1,000, 2,000, …
 * writes: a handful of refreshes over a table's life, each a few milliseconds). A refresh runs on
 * its own turn of the event loop, never inside a caller's transaction.
 */
export class StatisticsKeeper {
  private written = 0;
  private threshold = FIRST_REFRESH_AFTER;
  private scheduled = false;

  constructor(
    private readonly db: Database,
    private readonly collection: string,
    private readonly indexes: readonly IndexSpec[],
  ) {}

  /** Statistics for what the table holds now (at open, and when scheduled). */
  refresh(): void {
    this.written = 0;
    try {
      this.threshold = Math.max(FIRST_REFRESH_AFTER, refreshIndexStatistics(this.db, this.collection, this.indexes));
    } catch {
      // Statistics only steer the planner: a failed refresh (another process holding the write
      // lock past the busy timeout, the store closed meanwhile) must not fail anyone. The next
      // threshold tries again.
    }
  }

  /** Counts `documents` written; schedules a refresh when enough have been. */
  wrote(documents: number): void {
    this.written += documents;
    if (this.written < this.threshold || this.scheduled || this.indexes.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.refresh();
    });
  }
}
