import { jsonPathLiteral } from './field-path.js';
import type { ValueAccess } from './condition-sql.js';

/** Table-valued `json_each` joins whose last alias yields the candidate values of a path. */
export interface CandidateChain {
  readonly joins: readonly string[];
  readonly access: ValueAccess;
}

/**
 * Mongo's path semantics for paths that may hold arrays: an array at a prefix of the path is
 * walked element by element (objects continue the path), and an array at the end yields its
 * elements. Every prefix in `arrayPaths` gets a json_each over "the array, or the value wrapped
 * in a one-element array", so documents where the same path holds a scalar still match. A
 * missing value becomes [null], so `{ field: null }` matches a missing field as in Mongo.
 *
 * `expandLeaf` false keeps the last segment unexpanded (for `$exists`: an empty array exists).
 */
export function candidateChain(
  segments: readonly string[],
  arrayPaths: ReadonlySet<string>,
  expandLeaf: boolean,
  nextAlias: () => string,
): CandidateChain {
  const joins: string[] = [];
  let source = 't.doc';
  let relative: string[] = [];
  let access: ValueAccess = { value: 'NULL', type: 'NULL' };
  for (let i = 0; i < segments.length; i++) {
    relative.push(segments[i]!);
    const isLeaf = i === segments.length - 1;
    if (!arrayPaths.has(segments.slice(0, i + 1).join('.')) || (isLeaf && !expandLeaf)) continue;
    const path = jsonPathLiteral(relative);
    const alias = nextAlias();
    joins.push(
      `json_each(CASE WHEN json_type(${source}, ${path}) = 'array' THEN ${source} -> ${path} ` +
        `ELSE '[' || coalesce(${source} -> ${path}, 'null') || ']' END) AS ${alias}`,
    );
    // Only objects have fields to continue into; '{}' makes the rest of the path missing.
    source = `CASE WHEN ${alias}.type = 'object' THEN ${alias}.value ELSE '{}' END`;
    access = { value: `${alias}.value`, type: `${alias}.type` };
    relative = [];
  }
  if (relative.length > 0) {
    const path = jsonPathLiteral(relative);
    access = { value: `json_extract(${source}, ${path})`, type: `json_type(${source}, ${path})` };
  }
  return { joins, access };
}
