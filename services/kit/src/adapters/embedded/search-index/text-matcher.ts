import type { Database, Statement } from 'better-sqlite3';
import type { SearchLanguage } from '../../../ports/search-index.js';
import { bm25Weights, queryColumns } from './fts-layout.js';
import { matchExpression, type TermAlternatives } from './fts-query.js';
import { tableNames } from './index-tables.js';
import type { SchemaPlan } from '../../shared-search/schema-plan.js';

/** Runs FTS5 matches for one index and scores them with bm25 weighted by field boosts. */
export class TextMatcher {
  private readonly statements = new Map<SearchLanguage, Statement<[string], { rowid: number; rank: number }>>();
  private unscored: Statement<[string], string | null> | null = null;

  constructor(
    private readonly db: Database,
    private readonly num: number,
    private readonly plan: SchemaPlan,
  ) {}

  /** rowid → score (higher is better) of every document with all terms. */
  match(terms: readonly TermAlternatives[], language: SearchLanguage): Map<number, number> {
    const scores = new Map<number, number>();
    if (this.plan.textFields.length === 0 || terms.length === 0) return scores;
    const expression = matchExpression(queryColumns(this.plan, language), terms);
    // bm25() is lower-is-better and negative; the port's score is higher-is-better.
    for (const { rowid, rank } of this.statementFor(language).iterate(expression)) scores.set(rowid, -rank);
    return scores;
  }

  /**
   * The rowids (ascending) of every document with all terms, unscored: for hits ordered by a
   * sort key. bm25 reads each match's column sizes and positions, two thirds of a broad match's
   * cost.
   *
   * The rowids come back as one comma-separated string built inside SQLite: a row per match
   * through better-sqlite3 cost ~0.35 µs each, about five times the FTS5 lookup itself (a word
   * in 238,000 of 1.2 million products: 98 ms as rows, 35 ms as one string, 17 ms to count).
   */
  matchRows(terms: readonly TermAlternatives[], language: SearchLanguage): Int32Array {
    if (this.plan.textFields.length === 0 || terms.length === 0) return new Int32Array(0);
    return parseRowids(this.unscoredStatement().get(matchExpression(queryColumns(this.plan, language), terms)) ?? null);
  }

  private unscoredStatement(): Statement<[string], string | null> {
    if (this.unscored === null) {
      const { fts } = tableNames(this.num);
      this.unscored = this.db
        .prepare<[string], string | null>(`SELECT group_concat(rowid) FROM (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ? ORDER BY rowid)`)
        .pluck();
    }
    return this.unscored;
  }

  private statementFor(language: SearchLanguage): Statement<[string], { rowid: number; rank: number }> {
    let statement = this.statements.get(language);
    if (statement === undefined) {
      const { fts } = tableNames(this.num);
      const weights = bm25Weights(this.plan, language).join(', ');
      statement = this.db.prepare(`SELECT rowid, bm25(${fts}, ${weights}) AS rank FROM ${fts} WHERE ${fts} MATCH ?`);
      this.statements.set(language, statement);
    }
    return statement;
  }
}

const COMMA = 44;
const ZERO = 48;

/** "3,17,42" → [3, 17, 42]: rowids are non-negative integers, so a digit loop parses them. */
export function parseRowids(text: string | null): Int32Array {
  if (text === null || text === '') return new Int32Array(0);
  const rowids = new Int32Array(Math.ceil((text.length + 1) / 2));
  let count = 0;
  let value = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === COMMA) {
      rowids[count++] = value;
      value = 0;
    } else value = value * 10 + (code - ZERO);
  }
  rowids[count++] = value;
  return rowids.subarray(0, count);
}
