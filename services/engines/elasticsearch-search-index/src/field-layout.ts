/**
 * Where things live in an Elasticsearch document of ours. The document as given is kept whole
 * under `src` (stored, not indexed: `get` and hits return it unchanged, fields outside the schema
 * included); everything derived for matching sits under `ix`, is indexed but left out of
 * `_source` (half the disk, and reindexing re-derives it from `src` anyway). Field names are
 * identifiers (schema-plan.ts) and never contain dots, so `ix.k.<name>` cannot collide.
 */
export const SOURCE = 'src';
/** A keyword copy of `_id`: ids sort and break ties (sorting on `_id` is disabled in ES 8). */
export const ID = 'id';
/** Every keyword value of every keyword field, folded: "the whole query equals a value" lookups. */
export const EXACT = 'ix.exact';
/** Folded whole suggest value, its display form, its folded words and `word\u001fdisplay` pairs. */
export const SUGGEST_PHRASE = 'ix.sg.phrase';
export const SUGGEST_DISPLAY = 'ix.sg.display';
export const SUGGEST_WORD = 'ix.sg.word';
export const SUGGEST_PAIR = 'ix.sg.pair';
export const PAIR_SEPARATOR = '\u001f';
/** Lucene refuses terms over 32766 bytes; 8191 characters stay below that in any script. */
export const KEYWORD_IGNORE_ABOVE = 8191;

export function keywordPath(field: string): string {
  return `ix.k.${field}`;
}

export function numberPath(field: string): string {
  return `ix.n.${field}`;
}

/** The object (builtin analysis) or text field (language analysis) of one text field. */
export function textPath(field: string): string {
  return `ix.t.${field}`;
}
