import { InvalidArgumentError } from '@pc/kit/errors/domain-errors';
import type { Document, FindOptions, Stored } from '@pc/kit/ports/document-store';
import type { CollectionContext, Row } from './collection-context.js';
import { decodeDocument } from './document-codec.js';
import type { ValueKinds } from './filter-sql.js';
import { compileCount, compileFind, type FindColumns } from './query-sql.js';
import { checkQueryAvoidsSideFields } from '@pc/kit/ports/support/documents/side-fields';

const NO_ARRAY_PATHS: ReadonlySet<string> = new Set();

export function getDocument<T extends Document>(ctx: CollectionContext, id: string): Stored<T> | null {
  if (typeof id !== 'string') throw new InvalidArgumentError([{ field: 'id', reason: 'must be a string' }]);
  return (
    decodeRows<T>(ctx, () => {
      const row = ctx.selectRow.get(id);
      return row ? [row] : [];
    })[0] ?? null
  );
}

/**
 * Decodes rows, with their side fields where they have any. Those must be of the version the row
 * was read at: another process may have written the document in between, and then the read runs
 * again in one read transaction. (A document deleted and created again in between would carry the
 * same version; two commits of another process between two statements, on a document being
 * recreated, is the one case this does not see.)
 */
function decodeRows<T extends Document>(ctx: CollectionContext, read: () => Row[]): Stored<T>[] {
  const rows = read();
  const docs: Stored<T>[] = [];
  for (const row of rows) {
    const side = row.side === null ? null : ctx.sides.ofVersion(row.id, row.version);
    if (side === undefined) return ctx.read(() => read().map((again) => decodeRow<T>(ctx, again)));
    docs.push(decodeDocument<T>(row.id, row.version, row.doc, side));
  }
  return docs;
}

/** A row read in a transaction, with its side fields. */
function decodeRow<T extends Document>(ctx: CollectionContext, row: Row): Stored<T> {
  return decodeDocument<T>(row.id, row.version, row.doc, row.side === null ? null : ctx.sides.of(row.id, row.version));
}

/** Found documents in the order their ids were asked for; missing ids are left out. */
export function getDocuments<T extends Document>(ctx: CollectionContext, ids: readonly string[]): Stored<T>[] {
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string')) {
    throw new InvalidArgumentError([{ field: 'ids', reason: 'must be an array of strings' }]);
  }
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  // One id: the point read, ~5 µs cheaper than the IN (json_each) query below.
  if (unique.length === 1) {
    const doc = getDocument<T>(ctx, unique[0]!);
    return doc ? [doc] : [];
  }
  // One bound JSON array instead of a placeholder per id: any number of ids, one statement.
  const sql = `SELECT _id AS id, version, doc, side FROM ${ctx.table} WHERE _id IN (SELECT value FROM json_each(?))`;
  const docs = new Map<string, Stored<T>>();
  for (const doc of decodeRows<T>(ctx, () => ctx.statements.get(sql).all(JSON.stringify(unique)) as Row[]))
    docs.set(doc._id, doc);
  return unique.flatMap((id) => {
    const doc = docs.get(id);
    return doc ? [doc] : [];
  });
}

/** Only filters on document fields depend on which paths ever held arrays. */
function namesDocumentFields(filter: unknown): boolean {
  return (
    typeof filter === 'object' && filter !== null && Object.keys(filter).some((k) => k !== '_id' && k !== '_version')
  );
}

export function findDocuments<T extends Document>(
  ctx: CollectionContext,
  filter: unknown,
  options?: FindOptions,
): Stored<T>[] {
  return decodeRows<T>(ctx, () => findRows(ctx, filter, options, 'rows') as Row[]);
}

/** `findDocuments`' ids, without reading a document unless a type guard of the filter must. */
export function findDocumentIds(ctx: CollectionContext, filter: unknown, options?: FindOptions): string[] {
  return (findRows(ctx, filter, options, 'ids') as { id: string }[]).map((row) => row.id);
}

function findRows(
  ctx: CollectionContext,
  filter: unknown,
  options: FindOptions | undefined,
  columns: FindColumns,
): unknown[] {
  checkQueryAvoidsSideFields(ctx.sideFields, filter, options);
  const run = (arrayPaths: ReadonlySet<string>, kinds?: ValueKinds) => {
    const query = compileFind(ctx.table, filter, options, arrayPaths, ctx.rows.indexed, kinds, columns);
    return query.empty ? [] : ctx.statements.get(query.sql).all(...query.params);
  };
  if (!namesDocumentFields(filter)) return run(NO_ARRAY_PATHS);
  return ctx.read(() => {
    const { arrayPaths, kinds } = ctx.queryFlags();
    return run(arrayPaths, kinds);
  });
}

export function countDocuments(ctx: CollectionContext, filter: unknown): number {
  checkQueryAvoidsSideFields(ctx.sideFields, filter);
  const run = (arrayPaths: ReadonlySet<string>, kinds?: ValueKinds) => {
    const query = compileCount(ctx.table, filter, arrayPaths, ctx.rows.indexed, kinds);
    return (ctx.statements.get(query.sql).get(...query.params) as { n: number }).n;
  };
  if (!namesDocumentFields(filter)) return run(NO_ARRAY_PATHS);
  return ctx.read(() => {
    const { arrayPaths, kinds } = ctx.queryFlags();
    return run(arrayPaths, kinds);
  });
}
