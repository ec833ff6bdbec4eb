import type { Database } from 'better-sqlite3';
import type { IndexSpec } from '@pc/kit/ports/document-store';
import { wellFormed, wellFormedJson } from './well-formed-text.js';

// Every field path an index names is copied into a real column of the collection's table, and
// the indexes are built on those columns instead of on json_extract(doc, …) expressions. Why:
// every write changes `doc`, so SQLite re-wrote the entry of every expression index on every
// update; an UPDATE that sets only the columns whose value changed lets SQLite skip the indexes
// none of whose columns it sets (offers: 180 → 72 µs per update, README "Storage").
//
// The invariant the queries rely on: for every row, the column equals json_extract(doc, '$.path').

const PREFIX = 'x:';

/** The quoted column of a field path, e.g. `"x:price.amountMinor"` (segments are whitelisted). */
export function indexColumnName(path: string): string {
  return `"${PREFIX}${path}"`;
}

/** The distinct document paths (not `_id` / `_version`, which are columns already) of the indexes. */
export function indexedPaths(indexes: readonly IndexSpec[]): string[] {
  const paths = indexes.flatMap((index) => index.fields).filter((path) => path !== '_id' && path !== '_version');
  return [...new Set(paths)];
}

/** The names of the (quoted) table's columns, in column order. */
export function tableColumns(db: Database, table: string): string[] {
  return db.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(table.slice(1, -1)) as string[];
}

/** The index-column paths the table has now, in column order. */
export function tableIndexColumns(db: Database, table: string): string[] {
  return tableColumns(db, table)
    .filter((name) => name.startsWith(PREFIX))
    .map((name) => name.slice(PREFIX.length));
}

/** A column value as better-sqlite3 reads it back: what "unchanged" is compared on. */
export type ColumnValue = string | number | null;

/**
 * The value at a path of the document object as JSON.stringify would render it (undefined where
 * json_extract gives NULL); with columnValueOf, json_extract(doc, '$.path') computed from it (toJSON, boxed primitives, non-finite numbers as null, undefined and functions omitted):
 * strings and numbers as they are, booleans as 1 / 0, null or missing as NULL, and a path that
 * walks through anything but an object (an array too: `$.a.0` on an array is NULL) as NULL.
 * An object or array yields its JSON text. SQLite renders that text itself and might differ in
 * spelling from JSON.stringify in corner cases; filters never compare objects (their string
 * operands get a json_type guard), so only a sort on an object-valued field could notice.
 */
export function indexedJsonValue(doc: object, segments: readonly string[]): unknown {
  let current: unknown = doc;
  for (const segment of segments) {
    if (typeof current !== 'object' || current === null || Array.isArray(current)) return undefined;
    if (!Object.prototype.propertyIsEnumerable.call(current, segment)) return undefined;
    current = asJson((current as Record<string, unknown>)[segment], segment);
  }
  return current;
}

/** The column value of an indexedJsonValue: json_extract's result for it. */
export function columnValueOf(current: unknown): ColumnValue {
  switch (typeof current) {
    case 'string':
      return wellFormed(current); // as the document's JSON holds it (well-formed-text.ts)
    case 'number':
      // -0 prints as 0 in JSON; SQLite compares them equal anyway.
      return Number.isFinite(current) ? current + 0 : null;
    case 'boolean':
      return current ? 1 : 0;
    case 'object':
      return current === null ? null : wellFormedJson(JSON.stringify(current));
    default:
      return null;
  }
}

/** What JSON.stringify makes of a property value before rendering it. */
function asJson(value: unknown, key: string): unknown {
  let v = value;
  if (typeof v === 'object' && v !== null && typeof (v as { toJSON?: unknown }).toJSON === 'function') {
    v = (v as { toJSON(key: string): unknown }).toJSON(key);
  }
  if (v instanceof Number || v instanceof String || v instanceof Boolean) v = v.valueOf();
  return v;
}

const INT64_MIN = BigInt('-9223372036854775808');
const INT64_MAX = BigInt('9223372036854775807');

/**
 * The value to bind: better-sqlite3 binds every JS number as REAL, while json_extract yields
 * INTEGER for an integral JSON number that fits 64 bits; a BigInt keeps the column's type what
 * json_extract (and the backfill) gives. Beyond 2^53 the JSON text is JS's shortest spelling
 * (2^63 - 1024 prints as …775000), which is the integer json_extract reads.
 */
export function bindable(value: ColumnValue): string | number | bigint | null {
  if (typeof value !== 'number' || !Number.isInteger(value)) return value;
  if (Number.isSafeInteger(value)) return BigInt(value);
  const text = String(value); // exponent form from 1e21 on: json_extract reads a REAL then
  if (!/^-?\d+$/.test(text)) return value;
  const integer = BigInt(text);
  return integer >= INT64_MIN && integer <= INT64_MAX ? integer : value;
}
