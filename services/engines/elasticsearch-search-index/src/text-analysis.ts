import type { estypes } from '@elastic/elasticsearch';
import type { SearchLanguage } from '@pc/kit/ports/search-index';
import type { QueryTerm } from '@pc/text-analysis/query-analysis';

export type AnalysisMode = 'builtin' | 'language';
type Query = estypes.QueryDslQueryContainer;

/**
 * How text fields are analysed: in the adapter (`builtin`, for servers without analysis-common
 * such as the integ-test distribution) or by Elasticsearch's analyzers (`language`). Both give a
 * surface path (folded, unstemmed tokens: prefixes, codes, typos) and one path per language
 * (stems), so the query builder is the same for both.
 */
export interface TextAnalysis {
  readonly mode: AnalysisMode;
  /** The `analysis` section of the index settings (empty for builtin). */
  readonly settings: estypes.IndicesIndexSettingsAnalysis | undefined;
  /** The mapping of one text field under `ix.t.<field>`. */
  mapping(): estypes.MappingProperty;
  /** The value stored under `ix.t.<field>` for a document's text. */
  indexValue(text: string): unknown;
  surfacePath(field: string): string;
  languagePath(field: string, language: SearchLanguage): string;
  /** Matches a query term (whole word) in one field for the query language. */
  termClauses(field: string, term: QueryTerm, language: SearchLanguage, boost: number): Query[];
}
