import { checkFieldPath } from '../../shared-documents/field-path.js';

// Field paths end up inside SQL text (expression indexes only match literal JSON paths, never
// bound parameters); checkFieldPath whitelists them strictly: nothing but [A-Za-z0-9_] segments.

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

/**
 * The expression an index is built on and a query must repeat to use that index. `prefix` is the
 * table alias of queries ('t.'); index DDL passes ''.
 */
export function fieldExpression(ref: FieldRef, prefix = 't.'): string {
  return ref.kind === 'column'
    ? `${prefix}${ref.column}`
    : `json_extract(${prefix}doc, ${jsonPathLiteral(ref.segments)})`;
}
