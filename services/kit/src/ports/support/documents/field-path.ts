import { InvalidArgumentError } from '../../../errors/domain-errors.js';

// The port's rule for field paths, shared by every DocumentStore adapter: dotted segments of
// [A-Za-z0-9_]. The embedded adapter inlines paths into SQL (JSON paths and index column names
// cannot be bound parameters); in MongoDB the rule keeps `$` operators and positional paths out
// of queries.
const PATH = /^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/;
const MAX_PATH_LENGTH = 256;

/** Checks a field path of a filter, sort or index; `field` names it in the error. */
export function checkFieldPath(path: unknown, field: string): string {
  if (typeof path !== 'string' || path.length > MAX_PATH_LENGTH || !PATH.test(path)) {
    throw new InvalidArgumentError([
      { field, reason: `field path must be dotted segments of [A-Za-z0-9_], got ${JSON.stringify(path)}` },
    ]);
  }
  const head = path.split('.', 1)[0];
  if (path !== head && (head === '_id' || head === '_version')) {
    throw new InvalidArgumentError([{ field, reason: `${head} has no nested fields` }]);
  }
  return path;
}
