import type { Database, Statement } from 'better-sqlite3';
import type { SearchLanguage } from '@pc/kit/ports/search-index';
import { bm25Scores } from './bm25.js';
import { bm25Weights, queryColumnIndexes, queryColumns } from './fts-layout.js';
import { columnsMatchClause, matchExpression, type TermAlternatives } from './fts-query.js';
import { tableNames } from './index-tables.js';
import { TextChanges, type MatchCache } from './match-cache.js';
import { patchPostings, phrasesOf, PostingsReader, type Phrase, type PhrasePostings } from './phrase-postings.js';
import { intersectRows, patchRows } from './row-sets.js';
import { TextLengths } from './text-lengths.js';
import type { SchemaPlan } from '@pc/kit/ports/support/search/schema-plan';

/** Text changes remembered for bringing cached matches up to date (~0.3 KB each). */
const CHANGE_HISTORY = 8192;
/** Phrases remembered as asked for once; past it they are forgotten together. */
const ASKED_ONCE_LIMIT = 10_000;

/**
 * Runs FTS5 matches for one index and scores them with bm25 weighted by field boosts. Unscored
 * matches go clause by clause through the engine's `MatchCache`; a cached clause whose rows'
 * texts changed since is brought up to date by re-checking only those rows.
 */
export class TextMatcher {
  private readonly scoredStatements = new Map<string, Statement<[string], [number, number]>>();
  private unscored: Statement<[string], string | null> | null = null;
  private readonly changes = new TextChanges(CHANGE_HISTORY);
  private readonly cacheKeyPrefix: string;
  /** Loaded at the first in-memory scoring, then kept up to date row by row. */
  private lengths: TextLengths | null = null;
  private readonly postingsReaders = new Map<SearchLanguage, PostingsReader>();
  /** Postings keys asked for once and not read yet (see `scoreMatches`). */
  private readonly askedOnce = new Set<string>();

  constructor(
    private readonly db: Database,
    private readonly num: number,
    private readonly plan: SchemaPlan,
    private readonly cache: MatchCache | null,
  ) {
    this.cacheKeyPrefix = `${num}:`;
  }

  /** A row's FTS values were replaced (`values`) or removed (null), in a committed write. */
  textChanged(rowid: number, values: readonly string[] | null): void {
    this.changes.record(rowid, values);
    this.lengths?.update(rowid);
  }

  /** A row's FTS values changed in a committed write that is not replayed value by value (see `forgetCached`). */
  textLengthChanged(rowid: number): void {
    this.lengths?.update(rowid);
  }

  /** What changed is not known row by row (a reload, or too many text changes to replay): nothing cached for this index holds. */
  forgetCached(): void {
    this.cache?.deletePrefix(this.cacheKeyPrefix);
  }

  /** Every row may have changed (the columns are reloaded): lengths are read again when next needed. */
  forgetLengths(): void {
    this.lengths = null;
  }

  /**
   * bm25 of each of `rows` (text matches of `terms`, ascending), equal to FTS5's own, computed
   * here from cached postings (`bm25Scores`): FTS5 reads every match's sizes and positions to
   * score it (~1.3 µs a match: 140 ms for a word in 105,000 of 1.07 million products); cached
   * postings are a merge walk. Null when FTS5 is to score instead: without a match cache, and
   * the first time a phrase is asked for. A phrase's postings come from FTS5's list of every
   * occurrence in every column, up to three times FTS5's own scoring of it, so they are only read
   * for phrases asked for again (as-you-type prefixes mostly are not).
   */
  scoreMatches(terms: readonly TermAlternatives[], language: SearchLanguage, rows: Int32Array): Float64Array | null {
    if (this.cache === null || this.plan.textFields.length === 0) return null;
    const phrases = phrasesOf(terms).map((phrase) => ({ phrase, key: this.postingsKey(phrase, language) }));
    let firstSeen = false;
    for (const { key } of phrases) {
      if (this.cache.get(key)?.freqs !== undefined || this.askedOnce.has(key)) continue;
      if (this.askedOnce.size >= ASKED_ONCE_LIMIT) this.askedOnce.clear();
      this.askedOnce.add(key);
      firstSeen = true;
    }
    if (firstSeen) return null;
    const postings = phrases.map(({ phrase, key }) => this.postings(phrase, key, language));
    const lengths = (this.lengths ??= TextLengths.load(this.db, this.num));
    const scores = new Float64Array(rows.length);
    bm25Scores(rows, postings, { ...lengths.statistics(), lengthOf: (rowid) => lengths.lengthOf(rowid) }, scores);
    return scores;
  }

  private postingsKey(phrase: Phrase, language: SearchLanguage): string {
    return `${this.cacheKeyPrefix}postings:${language}:${phrase.prefix ? '*' : '='}${phrase.term}`;
  }

  /** One phrase's postings from the cache (brought up to date) or from FTS5's instance table. */
  private postings(phrase: Phrase, key: string, language: SearchLanguage): PhrasePostings {
    const version = this.changes.version;
    const cached = this.cache?.get(key);
    if (cached?.freqs !== undefined && cached.version === version) return { rows: cached.rows, freqs: cached.freqs };
    const changed = cached?.freqs === undefined ? null : this.changes.changedSince(cached.version, CHANGE_HISTORY);
    const postings =
      cached?.freqs !== undefined && changed !== null
        ? patchPostings(
            { rows: cached.rows, freqs: cached.freqs },
            changed,
            phrase,
            queryColumnIndexes(this.plan, language),
            this.queryWeights(language),
          )
        : this.postingsReader(language).read(phrase);
    this.cache?.set(key, { rows: postings.rows, freqs: postings.freqs, version });
    return postings;
  }

  private postingsReader(language: SearchLanguage): PostingsReader {
    let reader = this.postingsReaders.get(language);
    if (reader === undefined) {
      const { fts, instances } = tableNames(this.num);
      this.db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.${instances} USING fts5vocab(main, ${fts}, instance)`);
      reader = new PostingsReader(
        this.db,
        `temp.${instances}`,
        queryColumns(this.plan, language),
        this.queryWeights(language),
      );
      this.postingsReaders.set(language, reader);
    }
    return reader;
  }

  /** The bm25 weight of each query column of `language` (`queryColumns` order). */
  private queryWeights(language: SearchLanguage): number[] {
    const weights = bm25Weights(this.plan, language);
    return queryColumnIndexes(this.plan, language).map((column) => weights[column] ?? 0);
  }

  /**
   * The best-scored documents with all terms that `accept` lets through, best first: at least
   * `k` of them (fewer only when no more match), plus every one tied with the k-th, so ordering
   * ties by id afterwards gives exactly the first k of a full sort. SQLite still computes bm25
   * for every match and sorts them, but only rows up to the cut come back to JS.
   */
  topScored(
    terms: readonly TermAlternatives[],
    language: SearchLanguage,
    k: number,
    accept: (rowid: number) => boolean,
  ): RankedRow[] {
    const top: RankedRow[] = [];
    if (this.plan.textFields.length === 0 || terms.length === 0) return top;
    let lastRank = Number.NaN;
    for (const [rowid, rank] of this.scoredStatement(language, true).iterate(
      matchExpression(queryColumns(this.plan, language), terms),
    )) {
      if (top.length >= k && rank !== lastRank) break;
      if (!accept(rowid)) continue;
      top.push({ rowid, score: -rank });
      lastRank = rank;
    }
    return top;
  }

  /** Every document with all terms and its score (higher is better), in no particular order. */
  scoreAll(terms: readonly TermAlternatives[], language: SearchLanguage): { rowids: Int32Array; scores: Float64Array } {
    const rowids: number[] = [];
    const scores: number[] = [];
    if (this.plan.textFields.length > 0 && terms.length > 0) {
      for (const [rowid, rank] of this.scoredStatement(language, false).iterate(
        matchExpression(queryColumns(this.plan, language), terms),
      )) {
        rowids.push(rowid);
        scores.push(-rank);
      }
    }
    return { rowids: Int32Array.from(rowids), scores: Float64Array.from(scores) };
  }

  /**
   * The rowids (ascending) of every document with all terms, unscored: for hits ordered by a
   * sort key. bm25 reads each match's column sizes and positions, two thirds of a broad match's
   * cost.
   *
   * The rowids come back as one comma-separated string built inside SQLite: a row per match
   * through better-sqlite3 cost ~0.35 µs each, about five times the FTS5 lookup itself (a word
   * in 238,000 of 1.2 million products: 98 ms as rows, 35 ms as one string, 17 ms to count).
   * The result may be a cached array: callers must not write to it.
   */
  matchRows(terms: readonly TermAlternatives[], language: SearchLanguage): Int32Array {
    if (this.plan.textFields.length === 0 || terms.length === 0) return new Int32Array(0);
    const columns = queryColumns(this.plan, language);
    if (this.cache === null) return this.lookup(matchExpression(columns, terms));
    const indexes = queryColumnIndexes(this.plan, language);
    let rows: Int32Array | null = null;
    for (const clause of terms) {
      const clauseRows = this.clauseRows(matchExpression(columns, [clause]), indexes, clause);
      rows = rows === null ? clauseRows : intersectRows(rows, clauseRows);
      if (rows.length === 0) break;
    }
    return rows ?? new Int32Array(0);
  }

  /** One clause's rows from the cache (brought up to date) or from FTS5. Never to be written to. */
  private clauseRows(expression: string, columns: readonly number[], clause: TermAlternatives): Int32Array {
    const key = this.cacheKeyPrefix + expression;
    const version = this.changes.version;
    const cached = this.cache?.get(key);
    if (cached !== undefined && cached.version === version) return cached.rows;
    const changed = cached === undefined ? null : this.changes.changedSince(cached.version, CHANGE_HISTORY);
    let rows: Int32Array;
    if (cached !== undefined && changed !== null) {
      const matching = [...changed]
        .filter(([, values]) => values !== null && columnsMatchClause(values, columns, clause))
        .map(([rowid]) => rowid);
      rows = patchRows(cached.rows, Int32Array.from(changed.keys()).sort(), Int32Array.from(matching).sort());
    } else {
      // A copy: parseRowids' buffer is sized for the text, about twice the rows.
      rows = this.lookup(expression).slice();
    }
    this.cache?.set(key, { rows, version });
    return rows;
  }

  private lookup(expression: string): Int32Array {
    return parseRowids(this.unscoredStatement().get(expression) ?? null);
  }

  private unscoredStatement(): Statement<[string], string | null> {
    if (this.unscored === null) {
      const { fts } = tableNames(this.num);
      this.unscored = this.db
        .prepare<[string], string | null>(
          `SELECT group_concat(rowid) FROM (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ? ORDER BY rowid)`,
        )
        .pluck();
    }
    return this.unscored;
  }

  /** bm25 (lower is better, negative) per match as [rowid, rank]; `ordered`: best first. */
  private scoredStatement(language: SearchLanguage, ordered: boolean): Statement<[string], [number, number]> {
    const key = `${language}${ordered ? ' ordered' : ''}`;
    let statement = this.scoredStatements.get(key);
    if (statement === undefined) {
      const { fts } = tableNames(this.num);
      const weights = bm25Weights(this.plan, language).join(', ');
      statement = this.db
        .prepare<[string], [number, number]>(
          `SELECT rowid, bm25(${fts}, ${weights}) AS rank FROM ${fts} WHERE ${fts} MATCH ?${ordered ? ' ORDER BY rank' : ''}`,
        )
        .raw();
      this.scoredStatements.set(key, statement);
    }
    return statement;
  }
}

/** A document and its relevance (higher is better). */
export interface RankedRow {
  readonly rowid: number;
  readonly score: number;
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
