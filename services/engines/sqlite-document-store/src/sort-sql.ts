import { InvalidArgumentError } from '@pc/kit/errors/domain-errors';
import { fieldExpression, resolveField } from './field-path.js';

/**
 * ORDER BY for a port sort. Ties are broken by `_id` in the direction of the last sort key, so
 * an index on (field…, _id) — which every non-unique index is — serves both directions.
 * Keys pinned by an equality in the filter are dropped: they are constant among the results and
 * SQLite would otherwise sort in a temp b-tree instead of reading the index in order.
 */
export function compileOrderBy(sort: unknown, pinnedPaths: ReadonlySet<string>, indexed: ReadonlySet<string>): string {
  if (sort === undefined) return 't._id ASC';
  if (typeof sort !== 'object' || sort === null || Array.isArray(sort)) {
    throw new InvalidArgumentError([{ field: 'sort', reason: 'must be an object of field → 1 | -1' }]);
  }
  const terms: string[] = [];
  let direction = 'ASC';
  for (const [path, value] of Object.entries(sort)) {
    const field = `sort.${path}`;
    const ref = resolveField(path, field);
    if (value !== 1 && value !== -1) throw new InvalidArgumentError([{ field, reason: 'must be 1 or -1' }]);
    direction = value === 1 ? 'ASC' : 'DESC';
    if (pinnedPaths.has(path)) continue;
    terms.push(`${fieldExpression(ref, 't.', indexed)} ${direction}`);
    if (path === '_id') return terms.join(', '); // unique: later keys can never break a tie
  }
  terms.push(`t._id ${direction}`);
  return terms.join(', ');
}

export interface Page {
  readonly limit: number;
  readonly offset: number;
}

export function compilePage(skip: unknown, limit: unknown): Page {
  const check = (value: unknown, field: string): number | undefined => {
    if (value === undefined) return undefined;
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
      throw new InvalidArgumentError([{ field, reason: 'must be a non-negative integer' }]);
    }
    return value;
  };
  return { offset: check(skip, 'skip') ?? 0, limit: check(limit, 'limit') ?? -1 };
}
