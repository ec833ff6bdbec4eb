import { InvalidArgumentError } from '@pc/kit/errors/domain-errors';
import type { Scalar } from '@pc/kit/ports/document-store';
import { candidateChain } from './candidate-chain.js';
import { equalTo, matches, normalizeCondition, type Condition, type ValueAccess } from './condition-sql.js';
import { fieldExpression, jsonPathLiteral, resolveField, type FieldRef } from './field-path.js';
import { fragment, joinFragments, type SqlFragment } from './sql-fragment.js';
import type { ValueKind } from './value-types.js';

/** Path → every kind of value it ever held, for the paths that are tracked (value-types.ts). */
export type ValueKinds = ReadonlyMap<string, ReadonlySet<ValueKind>>;

const NO_KINDS: ValueKinds = new Map();

export interface CompiledFilter extends SqlFragment {
  /** Paths pinned to one value by a plain equality: sorting on them is a no-op. */
  readonly pinnedPaths: ReadonlySet<string>;
}

/**
 * Compiles a port filter to a WHERE expression over the table aliased `t` ('1' when empty).
 * `indexed`: the paths with an index column (index-columns.ts), compared there so indexes serve them.
 * `kinds`: what those paths ever held, which lets type guards (and their document reads) go.
 */
export function compileFilter(
  filter: unknown,
  arrayPaths: ReadonlySet<string>,
  indexed: ReadonlySet<string>,
  kinds: ValueKinds = NO_KINDS,
): CompiledFilter {
  if (filter === undefined) return { sql: '1', params: [], pinnedPaths: new Set() };
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) {
    throw new InvalidArgumentError([{ field: 'filter', reason: 'must be an object' }]);
  }
  let aliasCount = 0;
  const nextAlias = () => `e${aliasCount++}`;
  const parts: SqlFragment[] = [];
  const pinnedPaths = new Set<string>();
  for (const [path, condition] of Object.entries(filter)) {
    const field = `filter.${path}`;
    const ref = resolveField(path, field);
    for (const cond of normalizeCondition(field, condition)) {
      if (ref.kind === 'column' || !mayHoldArray(ref.segments, arrayPaths)) {
        parts.push(scalarCondition(ref, cond, indexed, kinds));
        if (cond[0] === '$eq') pinnedPaths.add(path);
      } else {
        parts.push(arrayCondition(ref.segments, arrayPaths, cond, nextAlias));
      }
    }
  }
  return { ...joinFragments(parts, ' AND ', '1'), pinnedPaths };
}

function mayHoldArray(segments: readonly string[], arrayPaths: ReadonlySet<string>): boolean {
  return segments.some((_, i) => arrayPaths.has(segments.slice(0, i + 1).join('.')));
}

/**
 * A path that never held an array: plain comparisons that indexes can serve. A type guard reads
 * the document (the index column holds true as 1, like json_extract); it is left out where the
 * path's kinds show it cannot change the answer.
 */
function scalarCondition(
  ref: FieldRef,
  [op, operand]: Condition,
  indexed: ReadonlySet<string>,
  kinds: ValueKinds,
): SqlFragment {
  const access: ValueAccess = {
    value: fieldExpression(ref, 't.', indexed),
    type: ref.kind === 'column' ? ref.jsonType : `json_type(t.doc, ${jsonPathLiteral(ref.segments)})`,
    kinds: ref.kind === 'column' ? undefined : kinds.get(ref.path),
  };
  if (op === '$exists') {
    if (ref.kind === 'column') return fragment(operand ? '1' : '0');
    return fragment(`${access.type} IS ${operand ? 'NOT ' : ''}NULL`);
  }
  if (op === '$ne') {
    if (operand === null) return fragment(`${access.value} IS NOT NULL`);
    // `IS NOT 1` rather than NOT: a missing field makes the comparison NULL, and $ne matches it.
    const equal = equalTo(access, operand as Scalar);
    return { sql: `(${equal.sql}) IS NOT 1`, params: equal.params };
  }
  return matches(access, op, operand);
}

/** A path some document held an array at: match when any candidate value matches. */
function arrayCondition(
  segments: readonly string[],
  arrayPaths: ReadonlySet<string>,
  [op, operand]: Condition,
  nextAlias: () => string,
): SqlFragment {
  const chain = candidateChain(segments, arrayPaths, op !== '$exists', nextAlias);
  const predicate =
    op === '$exists'
      ? fragment(`${chain.access.type} IS NOT NULL`)
      : op === '$ne'
        ? equalTo(chain.access, operand as Scalar)
        : matches(chain.access, op, operand);
  const negate = op === '$ne' || (op === '$exists' && operand === false);
  if (chain.joins.length === 0) {
    // Only the leaf may be an array and $exists does not look inside it.
    return { sql: `${negate ? 'NOT ' : ''}(${predicate.sql})`, params: predicate.params };
  }
  const sql = `${negate ? 'NOT ' : ''}EXISTS (SELECT 1 FROM ${chain.joins.join(', ')} WHERE ${predicate.sql})`;
  return { sql, params: predicate.params };
}
