import { InvalidArgumentError } from '@pc/kit/errors/domain-errors';

// What FerretDB v1 cannot store, MongoDB (before 5.0) refuses or stores with caveats, and the
// port's dotted paths could not address anyway: field names with '.' or a leading '$'. They
// are refused on every server, so a document valid on one is valid on all.
// Arrays directly inside arrays are JSON the port accepts and MongoDB stores, but FerretDB v1
// refuses; they are stored wrapped as { _pc_array: [...] } in documents flagged with
// `_pc_nested_arrays`, so only flagged documents are walked when read.

const WRAP_KEY = '_pc_array';
export const NESTED_FLAG = '_pc_nested_arrays';

/** Checks the field names of a JSON value; true if some array directly holds an array. */
export function checkFields(value: unknown, path: string): boolean {
  if (Array.isArray(value)) {
    let nested = false;
    value.forEach((item, i) => {
      if (Array.isArray(item)) nested = true;
      if (checkFields(item, `${path}[${i}]`)) nested = true;
    });
    return nested;
  }
  if (typeof value !== 'object' || value === null) return false;
  let nested = false;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('.') || key.startsWith('$')) {
      throw new InvalidArgumentError([
        { field: `${path}.${key}`, reason: "field names must not contain '.' or start with '$'" },
      ]);
    }
    if (checkFields(item, `${path}.${key}`)) nested = true;
  }
  return nested;
}

function mapJson(value: unknown, array: (items: unknown[]) => unknown): unknown {
  if (Array.isArray(value)) return array(value);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = mapJson(item, array);
  return out;
}

export function wrapNestedArrays(value: unknown): unknown {
  const wrapArray = (items: unknown[]): unknown[] =>
    items.map((item) => (Array.isArray(item) ? { [WRAP_KEY]: wrapArray(item) } : mapJson(item, wrapArray)));
  return mapJson(value, wrapArray);
}

function isWrapped(value: unknown): value is { [WRAP_KEY]: unknown[] } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 1 && keys[0] === WRAP_KEY && Array.isArray((value as Record<string, unknown>)[WRAP_KEY]);
}

export function unwrapNestedArrays(value: unknown): unknown {
  const unwrapArray = (items: unknown[]): unknown[] =>
    items.map((item) => (isWrapped(item) ? unwrapArray(item[WRAP_KEY]) : mapJson(item, unwrapArray)));
  return mapJson(value, unwrapArray);
}
