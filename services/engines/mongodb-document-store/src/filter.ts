import { InvalidArgumentError } from '@pc/kit/errors/domain-errors';
import type { Scalar } from '@pc/kit/ports/document-store';
import { checkFieldPath } from '@pc/kit/ports/support/documents/field-path';

/** A filter checked against the port's subset; it is already MongoDB's syntax. */
export type MongoFilter = Record<string, unknown>;

function isScalar(value: unknown): value is Scalar {
  return value === null || typeof value === 'string' || typeof value === 'boolean' || Number.isFinite(value);
}

/**
 * Validates a port filter exactly as the embedded adapter does and returns a fresh copy to send.
 * Only the port's operators get through: no `$where`, `$regex`, `$or` or embedded-document
 * equality, whose semantics the SQLite adapter does not share.
 */
export function toMongoFilter(filter: unknown): MongoFilter {
  if (filter === undefined) return {};
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) {
    throw new InvalidArgumentError([{ field: 'filter', reason: 'must be an object' }]);
  }
  const out: MongoFilter = {};
  for (const [path, condition] of Object.entries(filter)) {
    const field = `filter.${path}`;
    checkFieldPath(path, field);
    out[path] = isScalar(condition) ? condition : toCondition(field, condition);
  }
  return out;
}

function toCondition(field: string, condition: unknown): Record<string, unknown> {
  const invalid = (reason: string) => new InvalidArgumentError([{ field, reason }]);
  if (typeof condition !== 'object' || condition === null || Array.isArray(condition)) {
    throw invalid('must be a string, finite number, boolean, null or an operator object');
  }
  const entries = Object.entries(condition);
  if (entries.length === 0) throw invalid('operator object is empty');
  const out: Record<string, unknown> = {};
  for (const [op, operand] of entries) {
    switch (op) {
      case '$eq':
      case '$ne':
        if (!isScalar(operand)) throw invalid(`${op} takes a scalar`);
        break;
      case '$in':
        if (!Array.isArray(operand) || !operand.every(isScalar)) throw invalid('$in takes an array of scalars');
        break;
      case '$gt':
      case '$gte':
      case '$lt':
      case '$lte':
        if (typeof operand !== 'string' && !Number.isFinite(operand))
          throw invalid(`${op} takes a string or finite number`);
        break;
      case '$exists':
        if (typeof operand !== 'boolean') throw invalid('$exists takes a boolean');
        break;
      default:
        throw invalid(`unsupported operator ${JSON.stringify(op)}`);
    }
    out[op] = Array.isArray(operand) ? [...operand] : operand;
  }
  return out;
}
