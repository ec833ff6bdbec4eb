import type { Database, Statement } from 'better-sqlite3';

/**
 * Prepared statements by SQL text. Filters compile to a bounded family of texts (values are
 * bound, never inlined), so a small LRU keeps preparing off the hot path.
 */
export class StatementCache {
  private readonly statements = new Map<string, Statement<unknown[]>>();

  constructor(
    private readonly db: Database,
    private readonly capacity = 256,
  ) {}

  get(sql: string): Statement<unknown[]> {
    const cached = this.statements.get(sql);
    if (cached) {
      // Re-insert to mark as most recently used (Map keeps insertion order).
      this.statements.delete(sql);
      this.statements.set(sql, cached);
      return cached;
    }
    const statement = this.db.prepare<unknown[]>(sql);
    this.statements.set(sql, statement);
    if (this.statements.size > this.capacity) {
      const oldest = this.statements.keys().next().value;
      if (oldest !== undefined) this.statements.delete(oldest);
    }
    return statement;
  }
}
