import type { Database, Statement } from 'better-sqlite3';
import type { TermAlternatives } from './fts-query.js';

/** One FTS5 phrase of a query: a term, or every term starting with a prefix (`"pro" *`). */
export interface Phrase {
  readonly term: string;
  readonly prefix: boolean;
}

/**
 * The rows holding a phrase in a query's columns, ascending, with its weighted frequency in each
 * (each occurrence adds its column's weight: what FTS5's bm25 sums per phrase and row).
 */
export interface PhrasePostings {
  readonly rows: Int32Array;
  readonly freqs: Float64Array;
}

/** A query's phrases in the order FTS5 numbers them in `matchExpression`: per clause, exact terms, then prefixes. */
export function phrasesOf(terms: readonly TermAlternatives[]): Phrase[] {
  return terms.flatMap(({ exact, prefixes }) => [
    ...exact.map((term) => ({ term, prefix: false })),
    ...prefixes.map((term) => ({ term, prefix: true })),
  ]);
}

/**
 * Reads postings from FTS5's `instance` vocabulary table (one row per occurrence: term, doc,
 * col, offset). The weights of the query's columns are looked up in SQL, so only numbers come back.
 */
export class PostingsReader {
  private readonly exact: Statement<[string], string | null>;
  private readonly range: Statement<[string, string], string | null>;

  /**
   * `instances`: the fts5vocab instance table; `columns`: the query's FTS column names, each with
   * its bm25 weight (`weights[i]` for `columns[i]`).
   */
  constructor(
    db: Database,
    instances: string,
    columns: readonly string[],
    private readonly weights: readonly number[],
  ) {
    // Column names are ours (t0, t0_de, …), never user text.
    const columnIndex = `CASE col ${columns.map((column, i) => `WHEN '${column}' THEN ${i}`).join(' ')} ELSE -1 END`;
    const select = `SELECT group_concat(doc || ':' || (${columnIndex})) FROM ${instances}`;
    this.exact = db.prepare<[string], string | null>(`${select} WHERE term = ?`).pluck();
    this.range = db.prepare<[string, string], string | null>(`${select} WHERE term >= ? AND term < ?`).pluck();
  }

  /** The phrase's postings. */
  read(phrase: Phrase): PhrasePostings {
    if (!phrase.prefix) return this.fromOrdered(this.exact.get(phrase.term) ?? '');
    return this.fromUnordered(this.range.get(phrase.term, nextPrefix(phrase.term)) ?? '');
  }

  /** One term's occurrences come ordered by doc: consecutive entries of a doc are summed. */
  private fromOrdered(text: string): PhrasePostings {
    const rows: number[] = [];
    const freqs: number[] = [];
    forEachOccurrence(text, (rowid, column) => {
      const weight = this.weights[column] ?? 0;
      if (rows.at(-1) === rowid) freqs[freqs.length - 1]! += weight;
      else {
        rows.push(rowid);
        freqs.push(weight);
      }
    });
    return compact(rows, freqs);
  }

  /** Several terms' occurrences (a prefix) come ordered by term, then doc: summed per row in a dense array. */
  private fromUnordered(text: string): PhrasePostings {
    let docs = new Int32Array(1024);
    let columns = new Int32Array(1024);
    let count = 0;
    let last = 0;
    forEachOccurrence(text, (rowid, column) => {
      if (count === docs.length) {
        docs = grow(docs);
        columns = grow(columns);
      }
      docs[count] = rowid;
      columns[count++] = column;
      if (rowid > last) last = rowid;
    });
    const sums = new Float64Array(last + 1);
    for (let i = 0; i < count; i++) sums[docs[i]!]! += this.weights[columns[i]!] ?? 0;
    let kept = 0;
    for (let rowid = 0; rowid <= last; rowid++) if (sums[rowid]! > 0) kept++;
    const rows = new Int32Array(kept);
    const freqs = new Float64Array(kept);
    for (let rowid = 0, at = 0; rowid <= last; rowid++) {
      if (sums[rowid]! > 0) {
        rows[at] = rowid;
        freqs[at++] = sums[rowid]!;
      }
    }
    return { rows, freqs };
  }
}

function grow(array: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const grown = new Int32Array(array.length * 2);
  grown.set(array);
  return grown;
}

/**
 * Brings postings up to date with rows whose FTS values changed (null: the row went): their
 * frequencies are counted again from the values, as FTS5 would index them.
 */
export function patchPostings(
  postings: PhrasePostings,
  changed: ReadonlyMap<number, readonly string[] | null>,
  phrase: Phrase,
  columns: readonly number[],
  weights: readonly number[],
): PhrasePostings {
  const updated = new Map<number, number>();
  for (const [rowid, values] of changed)
    updated.set(rowid, values === null ? 0 : frequencyIn(values, phrase, columns, weights));
  const rows: number[] = [];
  const freqs: number[] = [];
  postings.rows.forEach((rowid, i) => {
    if (!updated.has(rowid)) {
      rows.push(rowid);
      freqs.push(postings.freqs[i] ?? 0);
    }
  });
  for (const [rowid, freq] of updated) {
    if (freq === 0) continue;
    rows.push(rowid);
    freqs.push(freq);
  }
  const order = rows.map((_, i) => i).sort((a, b) => rows[a]! - rows[b]!);
  return compact(
    order.map((i) => rows[i]!),
    order.map((i) => freqs[i]!),
  );
}

/** The weighted frequency of a phrase in one row's FTS values (`columns[i]` weighs `weights[i]`). */
export function frequencyIn(
  values: readonly string[],
  phrase: Phrase,
  columns: readonly number[],
  weights: readonly number[],
): number {
  let freq = 0;
  columns.forEach((column, i) => {
    const text = values[column];
    if (text === undefined || text === '') return;
    for (const term of text.split(' '))
      if (phrase.prefix ? term.startsWith(phrase.term) : term === phrase.term) freq += weights[i] ?? 0;
  });
  return freq;
}

/** The smallest string above every string starting with `prefix` (its last code point + 1). */
export function nextPrefix(prefix: string): string {
  const points = Array.from(prefix);
  const last = points.pop() ?? '';
  return points.join('') + String.fromCodePoint((last.codePointAt(0) ?? 0) + 1);
}

function compact(rows: readonly number[], freqs: readonly number[]): PhrasePostings {
  // A row whose occurrences all lie in other columns (weight index -1) has no frequency here.
  const kept = rows.flatMap((_, i) => ((freqs[i] ?? 0) > 0 ? [i] : []));
  return { rows: Int32Array.from(kept, (i) => rows[i]!), freqs: Float64Array.from(kept, (i) => freqs[i]!) };
}

const COLON = 58;
const COMMA = 44;
const MINUS = 45;
const ZERO = 48;

/** "doc:col,doc:col,…" → calls with numbers; col is -1 for columns outside the query. */
function forEachOccurrence(text: string, visit: (rowid: number, column: number) => void): void {
  let i = 0;
  while (i < text.length) {
    let rowid = 0;
    for (let code = text.charCodeAt(i); code !== COLON; code = text.charCodeAt(++i)) rowid = rowid * 10 + (code - ZERO);
    i++;
    let column = 0;
    let negative = false;
    for (let code = text.charCodeAt(i); i < text.length && code !== COMMA; code = text.charCodeAt(++i)) {
      if (code === MINUS) negative = true;
      else column = column * 10 + (code - ZERO);
    }
    i++;
    visit(rowid, negative ? -1 : column);
  }
}
