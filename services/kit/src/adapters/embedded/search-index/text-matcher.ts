import type { Database, Statement } from 'better-sqlite3';
import type { SearchLanguage } from '../../../ports/search-index.js';
import { bm25Weights, queryColumns } from './fts-layout.js';
import { matchExpression, type TermAlternatives } from './fts-query.js';
import { tableNames } from './index-tables.js';
import type { SchemaPlan } from '../../shared-search/schema-plan.js';

/** Runs FTS5 matches for one index and scores them with bm25 weighted by field boosts. */
export class TextMatcher {
  private readonly statements = new Map<SearchLanguage, Statement<[string], { rowid: number; rank: number }>>();
  private unscored: Statement<[string], number> | null = null;

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
   * The rowids of every document with all terms, unscored: for hits ordered by a sort key.
   * bm25 reads each match's column sizes and positions, two thirds of a broad match's cost.
   */
  matchRows(terms: readonly TermAlternatives[], language: SearchLanguage): number[] {
    if (this.plan.textFields.length === 0 || terms.length === 0) return [];
    return this.unscoredStatement().all(matchExpression(queryColumns(this.plan, language), terms));
  }

  private unscoredStatement(): Statement<[string], number> {
    if (this.unscored === null) {
      const { fts } = tableNames(this.num);
      this.unscored = this.db.prepare<[string], number>(`SELECT rowid FROM ${fts} WHERE ${fts} MATCH ?`).pluck();
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
