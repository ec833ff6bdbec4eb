import type { Statement } from 'better-sqlite3';
import type { AnalyzedQuery, QueryTerm } from '@pc/text-analysis/query-analysis';
import { allowedEdits, boundedEditDistance } from '@pc/text-analysis/edit-distance';
import type { TermAlternatives } from './fts-query.js';

export interface Vocabulary {
  /** Indexed terms in [from, to) with their document counts. */
  readonly range: Statement<[string, string, number], { term: string; doc: number }>;
}

/** Alternatives per misspelt word: enough for the likely one, few enough to keep the OR query cheap. */
const MAX_CORRECTIONS = 5;
/** Bounds the scan of one first-letter slice of a very large vocabulary. */
const MAX_SCANNED = 200_000;

/**
 * The query with each term that the index does not hold replaced by the nearest indexed terms
 * (fewest edits, then most documents). Null when no term needed or found a correction.
 * Candidates share the term's first or second letter, which catches typos anywhere but a
 * substituted or missing first letter, and keeps the scan to a slice of the vocabulary.
 */
export function correctTerms(
  vocabulary: Vocabulary,
  query: AnalyzedQuery,
  terms: readonly TermAlternatives[],
): TermAlternatives[] | null {
  let corrected = false;
  const result = terms.map((alternatives, i) => {
    const term = query.terms[i];
    if (term === undefined || isIndexed(vocabulary, alternatives)) return alternatives;
    const partial = alternatives.prefixes.length > 0;
    const nearest = nearestTerms(vocabulary, term, partial);
    if (nearest.length === 0) return alternatives;
    corrected = true;
    return { exact: nearest, prefixes: [] };
  });
  return corrected ? result : null;
}

function isIndexed(vocabulary: Vocabulary, alternatives: TermAlternatives): boolean {
  const hasExact = alternatives.exact.some((term) => vocabulary.range.get(term, `${term}\u0000`, 1) !== undefined);
  return (
    hasExact ||
    alternatives.prefixes.some((prefix) => vocabulary.range.get(prefix, `${prefix}\u{10ffff}`, 1) !== undefined)
  );
}

function nearestTerms(vocabulary: Vocabulary, term: QueryTerm, partial: boolean): string[] {
  const typed = [...new Set([term.surface, term.normalized])];
  const max = allowedEdits(term.surface);
  if (max === 0) return [];
  const found = new Map<string, { distance: number; docs: number }>();
  for (const first of new Set([term.surface.slice(0, 1), term.surface.slice(1, 2)])) {
    if (first === '') continue;
    const upper = String.fromCodePoint((first.codePointAt(0) ?? 0) + 1);
    for (const { term: candidate, doc } of vocabulary.range.iterate(first, upper, MAX_SCANNED)) {
      let distance = max + 1;
      for (const word of typed) {
        distance = Math.min(distance, boundedEditDistance(word, candidate, max));
        // While typing, the word is compared with the start of longer candidates.
        if (partial && candidate.length > word.length)
          distance = Math.min(distance, boundedEditDistance(word, candidate.slice(0, word.length), max));
      }
      if (distance <= max) found.set(candidate, { distance, docs: doc });
    }
  }
  return [...found]
    .sort(([a, x], [b, y]) => x.distance - y.distance || y.docs - x.docs || (a < b ? -1 : 1))
    .filter(([, { distance }], _, all) => distance === all[0]?.[1].distance)
    .slice(0, MAX_CORRECTIONS)
    .map(([candidate]) => candidate);
}
