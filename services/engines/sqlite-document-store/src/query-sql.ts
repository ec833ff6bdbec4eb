import type { FindOptions } from '@pc/kit/ports/document-store';
import { compileFilter, type ValueKinds } from './filter-sql.js';
import type { SqlFragment } from './sql-fragment.js';
import { compileOrderBy, compilePage } from './sort-sql.js';

export interface CompiledFind extends SqlFragment {
  /** `limit: 0` asks for nothing: no query needed. */
  readonly empty: boolean;
}

/** What a find selects: whole rows, or ids only (which an index that holds every column the
 *  filter and sort name can answer alone). */
export type FindColumns = 'rows' | 'ids';

export function compileFind(
  table: string,
  filter: unknown,
  options: FindOptions | undefined,
  arrayPaths: ReadonlySet<string>,
  indexed: ReadonlySet<string>,
  kinds?: ValueKinds,
  columns: FindColumns = 'rows',
): CompiledFind {
  const where = compileFilter(filter, arrayPaths, indexed, kinds);
  const orderBy = compileOrderBy(options?.sort, where.pinnedPaths, indexed);
  const page = compilePage(options?.skip, options?.limit);
  return {
    sql: `SELECT ${columns === 'ids' ? 't._id AS id' : 't._id AS id, t.version AS version, t.doc AS doc, t.side AS side'} FROM ${table} AS t WHERE ${where.sql} ORDER BY ${orderBy} LIMIT ? OFFSET ?`,
    params: [...where.params, page.limit, page.offset],
    empty: page.limit === 0,
  };
}

export function compileCount(
  table: string,
  filter: unknown,
  arrayPaths: ReadonlySet<string>,
  indexed: ReadonlySet<string>,
  kinds?: ValueKinds,
): SqlFragment {
  const where = compileFilter(filter, arrayPaths, indexed, kinds);
  return { sql: `SELECT count(*) AS n FROM ${table} AS t WHERE ${where.sql}`, params: where.params };
}
