import { checkFieldPath } from '@pc/kit/ports/support/documents/field-path';
import { indexColumnName } from './index-columns.js';

// Field paths end up inside SQL text (as JSON paths and as index column names: neither can be a
// bound parameter); checkFieldPath whitelists them strictly: nothing but [A-Za-z0-9_] segments.

/** Where a field lives: a column of the row (`_id`, `_version`) or a path inside the JSON. */
export type FieldRef =
  | { readonly kind: 'column'; readonly path: string; readonly column: '_id' | 'version'; readonly jsonType: string }
  | { readonly kind: 'json'; readonly path: string; readonly segments: readonly string[] };

export function resolveField(rawPath: unknown, field: string): FieldRef {
  const path = checkFieldPath(rawPath, field);
  if (path === '_id') return { kind: 'column', path, column: '_id', jsonType: "'text'" };
  if (path === '_version') return { kind: 'column', path, column: 'version', jsonType: "'integer'" };
  return { kind: 'json', path, segments: path.split('.') };
}

/** The SQL string literal of a JSON path; safe to inline because segments were whitelisted. */
export function jsonPathLiteral(segments: readonly string[]): string {
  return `'$.${segments.join('.')}'`;
}

const NOT_INDEXED: ReadonlySet<string> = new Set();

/**
 * The SQL value of a field: its index column when the table has one for the path (index-columns.ts;
 * what the indexes are built on, so what a query must name to use them), else json_extract of
 * the document. `prefix` is the table alias of queries ('t.'); DDL passes ''.
 */
export function fieldExpression(ref: FieldRef, prefix = 't.', indexed: ReadonlySet<string> = NOT_INDEXED): string {
  if (ref.kind === 'column') return `${prefix}${ref.column}`;
  if (indexed.has(ref.path)) return `${prefix}${indexColumnName(ref.path)}`;
  return `json_extract(${prefix}doc, ${jsonPathLiteral(ref.segments)})`;
}

/** The column an index stores a field in: `_id`, `version` or the field's index column. */
export function indexKeyColumn(ref: FieldRef): string {
  return ref.kind === 'column' ? ref.column : indexColumnName(ref.path);
}
