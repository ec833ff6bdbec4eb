/**
 * SearchIndex port: full-text search with per-language analysis, filters, facet counts, sorting,
 * pagination, metrics and suggestions over one index of flat documents.
 *
 * Adapters: the embedded index (SQLite FTS5 + in-memory columns, package
 * `@pc/embedded-search-index`) and Elasticsearch (`@pc/elasticsearch-search-index`).
 */
import type { SearchLanguage } from '@pc/text-analysis/languages';

// The languages a request may name are those the text analysis both adapters share knows.
export { SEARCH_LANGUAGES, type SearchLanguage } from '@pc/text-analysis/languages';

export type FieldSpec =
  /** Analysed text: tokenised, lower-cased, diacritics folded, stemmed for the query language. */
  | { readonly type: 'text'; readonly boost?: number }
  /** Exact value(s): filterable and facetable. A document may hold an array of keywords. */
  | { readonly type: 'keyword' }
  /** Numbers (money in minor units, counts, ratings, epoch ms): range filters, sort, metrics. */
  | { readonly type: 'number' };

export interface IndexSchema {
  readonly name: string;
  readonly fields: Readonly<Record<string, FieldSpec>>;
  /** Text field whose values feed `suggest` (e.g. the product name). */
  readonly suggestField?: string;
}

export type SearchDocument = { readonly id: string } & Readonly<
  Record<string, string | number | boolean | readonly string[] | null | undefined>
>;

export type SearchFilter =
  | { readonly field: string; readonly anyOf: readonly (string | number | boolean)[] }
  | { readonly field: string; readonly gte?: number; readonly lt?: number };

export type FacetRequest =
  | {
      readonly field: string;
      readonly type: 'terms';
      readonly size?: number;
      /** Counts only the values that start with it (case as written), `size` of them at most. */
      readonly prefix?: string;
    }
  | {
      readonly field: string;
      readonly type: 'range';
      readonly ranges: readonly { readonly key: string; readonly from?: number; readonly to?: number }[];
    };

export interface SortClause {
  readonly field: string;
  readonly order: 'asc' | 'desc';
}

export interface SearchRequest {
  /** Free text; empty or absent matches every document. */
  readonly text?: string;
  /** Language used to analyse `text` (stemming); defaults to 'en'. */
  readonly language?: SearchLanguage;
  /** Allow one or two typos per term (by term length) when the exact terms match nothing. */
  readonly fuzzy?: boolean;
  readonly filters?: readonly SearchFilter[];
  readonly facets?: readonly FacetRequest[];
  /** Absent or empty: relevance (with text) or `id` ascending (without). */
  readonly sort?: readonly SortClause[];
  /** 1-based. */
  readonly page?: number;
  /** 0-100, default 20; 0 asks only for the total, facets and metrics (nothing is ranked). */
  readonly hitsPerPage?: number;
  /** Number fields to report min, max and avg of over all matching documents. */
  readonly metrics?: readonly string[];
  /** Keyword fields to count the distinct values of over all matching documents (each value of a multi-valued field counts). */
  readonly distinct?: readonly string[];
}

export interface FacetBucket {
  readonly value: string;
  readonly count: number;
}

export interface SearchHit<D extends SearchDocument> {
  readonly id: string;
  /** Relevance (higher is better) when the hits are ordered by it: text and no sort clauses; else 0. */
  readonly score: number;
  readonly document: D;
}

export interface SearchResult<D extends SearchDocument> {
  readonly hits: readonly SearchHit<D>[];
  readonly total: number;
  /** Facet field → buckets: terms by count desc then value; ranges in request order. */
  readonly facets: Readonly<Record<string, readonly FacetBucket[]>>;
  readonly metrics: Readonly<
    Record<string, { readonly min: number | null; readonly max: number | null; readonly avg: number | null }>
  >;
  /**
   * Field of `distinct` → how many distinct values the matching documents hold. Exact in the
   * embedded engine; Elasticsearch's `cardinality` (exact up to 40,000 values, an estimate above).
   */
  readonly distinct: Readonly<Record<string, number>>;
}

/** How much disk an index takes, as last measured. */
export interface IndexStorage {
  /** Bytes of the index's files or pages on disk (Elasticsearch: primary shards only, no replicas). */
  readonly bytes: number;
  /** When `bytes` was measured: an engine may answer from a measurement minutes old. */
  readonly measuredAt: Date;
}

export interface SearchIndexHandle<D extends SearchDocument> {
  /** Inserts or replaces documents by id. Visible to search after `refresh` (or shortly). */
  upsert(docs: readonly D[]): Promise<void>;
  delete(ids: readonly string[]): Promise<void>;
  get(id: string): Promise<D | null>;
  search(request: SearchRequest): Promise<SearchResult<D>>;
  /** Completions of a prefix from the schema's suggest field, most relevant first. */
  suggest(prefix: string, options?: { readonly limit?: number; readonly language?: SearchLanguage }): Promise<string[]>;
  count(): Promise<number>;
  /**
   * Up to `limit` (1 to 1,000) document ids after `afterId` ('' for the first), in the engine's id
   * order: pass the last id of a page to get the next. Pages through every document of an index
   * without deep offsets (a rebuild's sweep of what no source derives any more). Sees what a
   * search sees: writes after the last `refresh` may be missing.
   */
  idsAfter(afterId: string, limit: number): Promise<string[]>;
  /** Makes every acknowledged write visible to search. */
  refresh(): Promise<void>;
  /**
   * The index's size on disk. Never slows searches down; an engine whose measurement reads much
   * (the embedded one) answers from a recent measurement, at most minutes old.
   */
  storage(): Promise<IndexStorage>;
}

export interface SearchIndex {
  /** Creates the index or adopts an existing one with the same schema. */
  index<D extends SearchDocument>(schema: IndexSchema): Promise<SearchIndexHandle<D>>;
  isReady(): Promise<boolean>;
  /**
   * Resolves once what the engine loads in the background after `index()` is loaded (the
   * embedded engine's query threads); engines without such work leave it out.
   */
  loaded?(): Promise<void>;
  close(): Promise<void>;
}
