import { InvalidArgumentError } from '../../../errors/domain-errors.js';

// Field paths end up inside SQL text (expression indexes only match literal JSON paths, never
// bound parameters), so they are whitelisted strictly: nothing but [A-Za-z0-9_] segments.
const PATH = /^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/;
const MAX_PATH_LENGTH = 256;

/** Where a field lives: a column of the row (`_id`, `_version`) or a path inside the JSON. */
export type FieldRef =
  | { readonly kind: 'column'; readonly path: string; readonly column: '_id' | 'version'; readonly jsonType: string }
  | { readonly kind: 'json'; readonly path: string; readonly segments: readonly string[] };

export function resolveField(path: unknown, field: string): FieldRef {
  if (typeof path !== 'string' || path.length > MAX_PATH_LENGTH || !PATH.test(path)) {
    throw new InvalidArgumentError([
      { field, reason: `field path must be dotted segments of [A-Za-z0-9_], got ${JSON.stringify(path)}` },
    ]);
  }
  if (path === '_id') return { kind: 'column', path, column: '_id', jsonType: "'text'" };
  if (path === '_version') return { kind: 'column', path, column: 'version', jsonType: "'integer'" };
  const segments = path.split('.');
  if (segments[0] === '_id' || segments[0] === '_version') {
    throw new InvalidArgumentError([{ field, reason: `${segments[0]} has no nested fields` }]);
  }
  return { kind: 'json', path, segments };
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
