import { InvalidArgumentError } from '@pc/kit/errors/domain-errors';
import type { FindOptions } from '@pc/kit/ports/document-store';
import { checkFieldPath } from '@pc/kit/ports/support/documents/field-path';

export interface MongoFindOptions {
  /**
   * In key order. Integer-like keys would be reordered by any JS object, but the port's sort is
   * an object already, so its order is the order both adapters read; `_id` is appended last.
   */
  readonly sort: Record<string, 1 | -1>;
  readonly skip: number;
  /** undefined: no limit (MongoDB reads `limit(0)` as "no limit", the port as "nothing"). */
  readonly limit: number | undefined;
}

/**
 * The port's sort with its tiebreak: `_id` in the direction of the last key (as the embedded
 * adapter), so pages never overlap or skip among equal keys. A sort key `_id` ends the list.
 */
function toSort(sort: unknown): Record<string, 1 | -1> {
  if (sort === undefined) return { _id: 1 };
  if (typeof sort !== 'object' || sort === null || Array.isArray(sort)) {
    throw new InvalidArgumentError([{ field: 'sort', reason: 'must be an object of field → 1 | -1' }]);
  }
  const keys: Record<string, 1 | -1> = {};
  let direction: 1 | -1 = 1;
  for (const [path, value] of Object.entries(sort)) {
    const field = `sort.${path}`;
    checkFieldPath(path, field);
    if (value !== 1 && value !== -1) throw new InvalidArgumentError([{ field, reason: 'must be 1 or -1' }]);
    direction = value;
    keys[path] = value;
    if (path === '_id') return keys;
  }
  keys._id = direction;
  return keys;
}

function toCount(value: unknown, field: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new InvalidArgumentError([{ field, reason: 'must be a non-negative integer' }]);
  }
  return value;
}

export function toMongoFindOptions(options: FindOptions | undefined): MongoFindOptions {
  return {
    sort: toSort(options?.sort),
    skip: toCount(options?.skip, 'skip') ?? 0,
    limit: toCount(options?.limit, 'limit'),
  };
}
