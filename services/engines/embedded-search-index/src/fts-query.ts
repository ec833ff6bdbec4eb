import type { AnalyzedQuery } from '@pc/text-analysis/query-analysis';

/** What one query term may match: any exact term, or any term starting with a prefix. */
export interface TermAlternatives {
  readonly exact: readonly string[];
  readonly prefixes: readonly string[];
}

/** Shorter partial words would expand to a large part of the vocabulary for little meaning. */
export const MIN_PREFIX = 2;

/**
 * A query's terms as FTS5 sees them: the stem for the query language; for the word being typed
 * also its folded forms as prefixes ('kuhlschr' → 'kuhlschrank', 'runni' → 'running').
 */
export function termAlternatives(query: AnalyzedQuery): TermAlternatives[] {
  return query.terms.map((term, i) => {
    const partial = query.lastIsPartial && i === query.terms.length - 1 && term.surface.length >= MIN_PREFIX;
    return {
      exact: [term.stem],
      prefixes: partial ? [...new Set([term.normalized, term.surface])] : [],
    };
  });
}

/**
 * FTS5 MATCH text: every term must match (AND) in any of the given columns. Terms are quoted
 * strings, so no query text can be read as FTS5 syntax; analysed terms hold no quotes.
 */
export function matchExpression(columns: readonly string[], terms: readonly TermAlternatives[]): string {
  const clauses = terms.map(({ exact, prefixes }) => {
    const options = [...exact.map((term) => `"${term}"`), ...prefixes.map((prefix) => `"${prefix}" *`)];
    return options.length === 1 ? (options[0] ?? '') : `(${options.join(' OR ')})`;
  });
  return `{${columns.join(' ')}} : (${clauses.join(' AND ')})`;
}

/**
 * Whether a row with these FTS column values (space-separated terms, `ftsColumnNames` order)
 * matches one clause in the given columns, as FTS5 decides it: a term equal to an exact
 * alternative or starting with a prefix. Our terms are runs of letters and digits, so the
 * `ascii` tokenizer splits them at exactly the spaces.
 */
export function columnsMatchClause(
  values: readonly string[],
  columns: readonly number[],
  clause: TermAlternatives,
): boolean {
  for (const column of columns) {
    const text = values[column];
    if (text === undefined || text === '') continue;
    for (const term of text.split(' ')) {
      if (clause.exact.includes(term)) return true;
      for (const prefix of clause.prefixes) if (term.startsWith(prefix)) return true;
    }
  }
  return false;
}
