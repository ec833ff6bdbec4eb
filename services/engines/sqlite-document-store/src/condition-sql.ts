import { InvalidArgumentError } from '@pc/kit/errors/domain-errors';
import type { Scalar } from '@pc/kit/ports/document-store';
import { fragment, joinFragments, type SqlFragment } from './sql-fragment.js';
import type { ValueKind } from './value-types.js';
import { wellFormed, wellFormedJson } from './well-formed-text.js';

export type Operator = '$eq' | '$ne' | '$in' | '$gt' | '$gte' | '$lt' | '$lte' | '$exists';
export type Condition = readonly [Operator, unknown];

/** SQL expressions for one candidate value: its SQL value and its JSON type name. */
export interface ValueAccess {
  readonly value: string;
  readonly type: string;
  /** Every kind of value the field ever held, when known (value-types.ts): guards can then go. */
  readonly kinds?: ReadonlySet<ValueKind>;
}

/** True when the field never held anything but `kind`, so no type guard can change an answer. */
function onlyEver(access: ValueAccess, kind: ValueKind): boolean {
  if (access.kinds === undefined) return false;
  for (const held of access.kinds) if (held !== kind) return false;
  return true;
}

const RANGE_SQL = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' } as const;
const NUMERIC = "('integer', 'real')";

function isScalar(value: unknown): value is Scalar {
  return value === null || typeof value === 'string' || typeof value === 'boolean' || Number.isFinite(value);
}

/** Validates one filter entry and returns its conditions (a bare scalar means `$eq`). */
export function normalizeCondition(field: string, condition: unknown): Condition[] {
  const invalid = (reason: string) => new InvalidArgumentError([{ field, reason }]);
  if (isScalar(condition)) return [['$eq', condition]];
  if (typeof condition !== 'object' || condition === null || Array.isArray(condition)) {
    throw invalid('must be a string, finite number, boolean, null or an operator object');
  }
  const entries = Object.entries(condition);
  if (entries.length === 0) throw invalid('operator object is empty');
  return entries.map(([op, operand]): Condition => {
    switch (op) {
      case '$eq':
      case '$ne':
        if (!isScalar(operand)) throw invalid(`${op} takes a scalar`);
        return [op, operand];
      case '$in':
        if (!Array.isArray(operand) || !operand.every(isScalar)) throw invalid('$in takes an array of scalars');
        return [op, operand];
      case '$gt':
      case '$gte':
      case '$lt':
      case '$lte':
        if (typeof operand !== 'string' && !Number.isFinite(operand))
          throw invalid(`${op} takes a string or finite number`);
        return [op, operand];
      case '$exists':
        if (typeof operand !== 'boolean') throw invalid('$exists takes a boolean');
        return [op, operand];
      default:
        throw invalid(`unsupported operator ${JSON.stringify(op)}`);
    }
  });
}

// Mongo compares only within a type ("type bracketing"); SQLite would compare 5 < 'a', sees
// JSON true as 1 and an object's JSON text as a string. A json type guard restores Mongo's
// rules, but it makes SQLite parse each candidate row's document, so equality leaves it out
// where it cannot change the answer: only a JSON string is SQL text that can equal a string not
// starting with '{' or '[' (objects and arrays render as text starting with those), and only a
// number can equal a number other than 0 and 1 (JSON true and false read as 1 and 0).
const needsStringGuard = (access: ValueAccess, value: string) =>
  (value.startsWith('{') || value.startsWith('[')) && !onlyEver(access, 'string');
const needsNumberGuard = (access: ValueAccess, value: number) =>
  (value === 0 || value === 1) && !onlyEver(access, 'number');

export function equalTo(access: ValueAccess, operand: Scalar): SqlFragment {
  if (operand === null) return fragment(`${access.value} IS NULL`);
  if (typeof operand === 'string') {
    const guard = needsStringGuard(access, operand) ? ` AND ${access.type} = 'text'` : '';
    return fragment(`${access.value} = ?${guard}`, wellFormed(operand));
  }
  if (typeof operand === 'number') {
    const guard = needsNumberGuard(access, operand) ? ` AND ${access.type} IN ${NUMERIC}` : '';
    return fragment(`${access.value} = ?${guard}`, operand);
  }
  const guard = onlyEver(access, 'boolean') ? '' : ` AND ${access.type} = '${operand}'`;
  return fragment(`${access.value} = ${operand ? 1 : 0}${guard}`);
}

function inList(access: ValueAccess, operands: readonly Scalar[]): SqlFragment {
  const strings = operands.filter((v) => typeof v === 'string');
  const numbers = operands.filter((v) => typeof v === 'number');
  const parts: SqlFragment[] = [];
  // One bound JSON array, not one placeholder per value: the SQL text (and its cached
  // statement) stays the same whatever the list length.
  const member = `${access.value} IN (SELECT j.value FROM json_each(?) AS j)`;
  if (strings.length > 0) {
    const guard = strings.some((value) => needsStringGuard(access, value)) ? ` AND ${access.type} = 'text'` : '';
    parts.push(fragment(`${member}${guard}`, wellFormedJson(JSON.stringify(strings))));
  }
  if (numbers.length > 0) {
    const guard = numbers.some((value) => needsNumberGuard(access, value)) ? ` AND ${access.type} IN ${NUMERIC}` : '';
    parts.push(fragment(`${member}${guard}`, JSON.stringify(numbers)));
  }
  for (const flag of [true, false]) if (operands.includes(flag)) parts.push(equalTo(access, flag));
  if (operands.includes(null)) parts.push(equalTo(access, null));
  return joinFragments(parts, ' OR ', '0');
}

/** The predicate one candidate value must meet; `$ne` and `$exists` are handled per field. */
export function matches(access: ValueAccess, op: Exclude<Operator, '$ne' | '$exists'>, operand: unknown): SqlFragment {
  if (op === '$eq') return equalTo(access, operand as Scalar);
  if (op === '$in') return inList(access, operand as Scalar[]);
  const kind = typeof operand === 'string' ? 'string' : 'number';
  const bound = typeof operand === 'string' ? wellFormed(operand) : operand;
  if (onlyEver(access, kind)) return fragment(`${access.value} ${RANGE_SQL[op]} ?`, bound);
  const guard = kind === 'string' ? `= 'text'` : `IN ${NUMERIC}`;
  return fragment(`${access.value} ${RANGE_SQL[op]} ? AND ${access.type} ${guard}`, bound);
}
