import { DomainError, InvalidArgumentError } from '@pc/kit/errors/domain-errors';

/** One uploaded row: a CSV record (every value text) or a JSON Lines object (any JSON). */
export type ImportRow = Readonly<Record<string, unknown>>;

/** A column given as text; a column left out (or empty in a CSV) is undefined: the field stays as it is. */
export function textColumn(row: ImportRow, key: string): string | undefined {
  const value = row[key];
  if (value === undefined || value === null || value === '') return undefined;
  return typeof value === 'string' ? value : String(value);
}

/**
 * A list column: a JSON array in JSON Lines (`[]` empties the list), or in a CSV cell the items
 * split by `separator` (URLs and GTINs by white space, as the exports write them). Undefined when
 * the column is left out or the cell is empty: the list stays as it is.
 */
export function listColumn(row: ImportRow, key: string, separator: RegExp = /\s+/): string[] | undefined {
  const value = row[key];
  if (value === undefined || value === null || value === '') return undefined;
  if (Array.isArray(value)) return value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item)));
  return String(value)
    .split(separator)
    .map((item) => item.trim())
    .filter(Boolean);
}

/** A whole-number column; NaN for a value that is not one (the write's own check reports it). */
export function numberColumn(row: ImportRow, key: string): number | undefined {
  const text = textColumn(row, key);
  return text === undefined ? undefined : Number(text);
}

/**
 * Runs a row's check with the single-item write's own rules and reports its violations under the
 * upload's column names (`texts[0].name` → `name`): the staff fix the file, not a proto request.
 * A refusal that names fields (a duplicate's "unique") becomes a row violation too.
 */
export async function inColumns<T>(columnOf: (field: string) => string, check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (error) {
    if (!(error instanceof DomainError) || error.violations.length === 0) throw error;
    const seen = new Set<string>();
    const violations = error.violations
      .map((violation) => ({ ...violation, field: columnOf(violation.field) }))
      .filter((violation) => {
        const key = `${violation.field}\n${violation.reason}`;
        return seen.has(key) ? false : (seen.add(key), true);
      });
    throw new InvalidArgumentError(violations, { cause: error });
  }
}

/** `columnOf` from a table of field prefixes: the longest matching prefix names the column. */
export function columnsByPrefix(table: Readonly<Record<string, string>>): (field: string) => string {
  const prefixes = Object.keys(table).sort((a, b) => b.length - a.length);
  return (field) => {
    const prefix = prefixes.find(
      (candidate) => field === candidate || field.startsWith(`${candidate}[`) || field.startsWith(`${candidate}.`),
    );
    return prefix === undefined ? field : table[prefix]!;
  };
}
