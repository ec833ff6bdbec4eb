import type { estypes } from '@elastic/elasticsearch';
import type { SearchLanguage } from '@pc/kit/ports/search-index';
import { foldCase } from '@pc/text-analysis/fold';
import type { AnalyzedQuery, QueryTerm } from '@pc/text-analysis/query-analysis';
import { barcodeForms } from '@pc/kit/ports/support/search/barcode-forms';
import { allowedEdits } from '@pc/text-analysis/edit-distance';
import type { SchemaPlan } from '@pc/kit/ports/support/search/schema-plan';
import { EXACT } from './field-layout.js';
import type { TextAnalysis } from './text-analysis.js';

type Query = estypes.QueryDslQueryContainer;

/** Shorter partial words would expand to much of the vocabulary (same as the embedded adapter). */
const MIN_PREFIX = 2;
/** Exact keyword matches rank above every text match: the user typed that very value. */
const EXACT_BOOST = 10_000;
/** Alternatives per fuzzy term, as the embedded adapter's corrections (it takes up to 5). */
const FUZZY_EXPANSIONS = 5;

export interface TextQueryInput {
  readonly plan: SchemaPlan;
  readonly analysis: TextAnalysis;
  readonly query: AnalyzedQuery;
  readonly language: SearchLanguage;
}

/**
 * One clause per query term, all required (AND); each term may match in any text field, as its
 * stem (surface or language terms) or, for the word being typed, as a prefix of them.
 */
export function termClauses(input: TextQueryInput): Query[] {
  return input.query.terms.map((term, i) =>
    anyField(input, (field, boost) => matchTerm(input, term, field, boost, isPartial(input.query, i))),
  );
}

/** As `termClauses`, with the terms at `fuzzy` positions matched within their allowed typos. */
export function correctedClauses(input: TextQueryInput, fuzzy: ReadonlySet<number>): Query[] {
  return input.query.terms.map((term, i) => {
    if (!fuzzy.has(i))
      return anyField(input, (field, boost) => matchTerm(input, term, field, boost, isPartial(input.query, i)));
    return anyField(input, (field, boost) => typoTolerant(input, term, field, boost));
  });
}

/** Documents whose keyword value equals the whole query, barcodes in every GTIN length. */
export function exactKeywordClause(text: string): Query | null {
  const query = foldCase(text.trim());
  if (query === '') return null;
  return { constant_score: { filter: { terms: { [EXACT]: barcodeForms(query) } }, boost: EXACT_BOOST } };
}

function anyField(input: TextQueryInput, clausesFor: (field: string, boost: number) => Query[]): Query {
  const should = input.plan.textFields.flatMap(({ name, boost }) => clausesFor(name, boost));
  return should.length === 0 ? { match_none: {} } : { bool: { should, minimum_should_match: 1 } };
}

function matchTerm(input: TextQueryInput, term: QueryTerm, field: string, boost: number, partial: boolean): Query[] {
  const clauses = input.analysis.termClauses(field, term, input.language, boost);
  if (!partial) return clauses;
  const paths = [input.analysis.surfacePath(field), input.analysis.languagePath(field, input.language)];
  for (const prefix of new Set([term.normalized, term.surface])) {
    for (const path of paths) clauses.push({ prefix: { [path]: { value: prefix, boost } } });
  }
  return clauses;
}

function typoTolerant(input: TextQueryInput, term: QueryTerm, field: string, boost: number): Query[] {
  const edits = allowedEdits(term.surface);
  const paths = [input.analysis.surfacePath(field), input.analysis.languagePath(field, input.language)];
  return [...new Set([term.surface, term.normalized])].flatMap((value) =>
    paths.map((path) => ({
      fuzzy: { [path]: { value, fuzziness: edits, max_expansions: FUZZY_EXPANSIONS, transpositions: true, boost } },
    })),
  );
}

function isPartial(query: AnalyzedQuery, i: number): boolean {
  const term = query.terms[i];
  return query.lastIsPartial && i === query.terms.length - 1 && term !== undefined && term.surface.length >= MIN_PREFIX;
}
