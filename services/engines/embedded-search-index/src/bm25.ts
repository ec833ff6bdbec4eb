import type { PhrasePostings } from './phrase-postings.js';

/** FTS5's bm25 constants (fts5_aux.c). */
const K1 = 1.2;
const B = 0.75;

/** What bm25 needs besides the postings: the row count, the average row length and each row's. */
export interface LengthStatistics {
  readonly rowCount: number;
  readonly average: number;
  lengthOf(rowid: number): number;
}

/**
 * FTS5's `bm25()` for each of `rows` (ascending), written to `scores[i]` (higher is better, the
 * negation of FTS5's rank). Same formula and order of operations as fts5_aux.c, so the numbers
 * agree with SQLite's:
 *
 *   idf(p)   = ln((N - n(p) + 0.5) / (n(p) + 0.5)), at least 1e-6
 *   score(d) = Σ_p idf(p) · f(p,d)·(k1 + 1) / (f(p,d) + k1·(1 - b + b·|d| / avgdl))
 *
 * with n(p) the rows holding phrase p and f(p,d) its weighted frequency in row d. One merge walk
 * per phrase over sorted arrays: no SQLite, no per-row lookups.
 */
export function bm25Scores(
  rows: Int32Array,
  phrases: readonly PhrasePostings[],
  lengths: LengthStatistics,
  scores: Float64Array,
): void {
  scores.fill(0, 0, rows.length);
  const n = lengths.rowCount;
  const avgdl = lengths.average;
  const norms = new Float64Array(rows.length);
  for (let i = 0; i < rows.length; i++) norms[i] = K1 * (1 - B + (B * lengths.lengthOf(rows[i]!)) / avgdl);
  for (const phrase of phrases) {
    const hits = phrase.rows.length;
    let idf = Math.log((n - hits + 0.5) / (hits + 0.5));
    if (idf <= 0) idf = 1e-6;
    addPhrase(rows, phrase, idf, norms, scores);
  }
}

function addPhrase(
  rows: Int32Array,
  phrase: PhrasePostings,
  idf: number,
  norms: Float64Array,
  scores: Float64Array,
): void {
  const posted = phrase.rows;
  const freqs = phrase.freqs;
  let at = 0;
  for (let i = 0; i < rows.length; i++) {
    const rowid = rows[i]!;
    while (at < posted.length && posted[at]! < rowid) at++;
    const freq = at < posted.length && posted[at] === rowid ? freqs[at]! : 0;
    scores[i]! += idf * ((freq * (K1 + 1.0)) / (freq + norms[i]!));
  }
}
