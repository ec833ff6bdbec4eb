import { SEARCH_LANGUAGES, type SearchLanguage } from '@pc/kit/ports/search-index';
import { analyzeForIndex } from '@pc/text-analysis/analyze-for-index';
import type { SchemaPlan } from '@pc/kit/ports/support/search/schema-plan';

/**
 * FTS5 columns: per text field i, `t{i}` holds the folded surface tokens and `t{i}_{lang}` the
 * stems of that language which differ from them (see `analyzeForIndex`). A query for a language
 * targets `t{i}` and `t{i}_{lang}` of every text field, weighted by the field's boost in bm25.
 * Names are positional so any field name is safe in SQL.
 */
export function ftsColumnNames(plan: SchemaPlan): string[] {
  return plan.textFields.flatMap((_, i) => [`t${i}`, ...SEARCH_LANGUAGES.map((language) => `t${i}_${language}`)]);
}

/** Column values (space-separated terms, in `ftsColumnNames` order) for a document's texts. */
export function ftsColumnValues(texts: readonly string[]): string[] {
  return texts.flatMap((text) => {
    const terms = analyzeForIndex(text);
    return [terms.surface.join(' '), ...SEARCH_LANGUAGES.map((language) => terms.extra[language].join(' '))];
  });
}

/** The columns a query in `language` searches. */
export function queryColumns(plan: SchemaPlan, language: SearchLanguage): string[] {
  return plan.textFields.flatMap((_, i) => [`t${i}`, `t${i}_${language}`]);
}

/** Positions (in `ftsColumnNames` order) of the columns a query in `language` searches. */
export function queryColumnIndexes(plan: SchemaPlan, language: SearchLanguage): number[] {
  const perField = 1 + SEARCH_LANGUAGES.length;
  const offset = 1 + SEARCH_LANGUAGES.indexOf(language);
  return plan.textFields.flatMap((_, i) => [i * perField, i * perField + offset]);
}

/** bm25 weights for every column: the field boost on the query language's columns, 0 elsewhere. */
export function bm25Weights(plan: SchemaPlan, language: SearchLanguage): number[] {
  return plan.textFields.flatMap(({ boost }) => [
    boost,
    ...SEARCH_LANGUAGES.map((other) => (other === language ? boost : 0)),
  ]);
}
