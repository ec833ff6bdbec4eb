/** Set operations on ascending rowid arrays (text matches), in one linear pass each. */

/**
 * `rows` with every row of `changed` taken out and those of `matching` (a subset of `changed`)
 * put back: a cached match brought up to date after those rows were re-checked.
 */
export function patchRows(rows: Int32Array, changed: Int32Array, matching: Int32Array): Int32Array {
  const out = new Int32Array(rows.length + matching.length);
  let count = 0;
  let c = 0;
  let m = 0;
  for (let i = 0; i < rows.length; i++) {
    const rowid = rows[i] ?? 0;
    while (c < changed.length && (changed[c] ?? 0) < rowid) c++;
    while (m < matching.length && (matching[m] ?? 0) < rowid) out[count++] = matching[m++] ?? 0;
    if (c < changed.length && changed[c] === rowid) continue;
    out[count++] = rowid;
  }
  while (m < matching.length) out[count++] = matching[m++] ?? 0;
  return out.slice(0, count);
}

/** Rows in both ascending arrays (an AND of two clauses). */
export function intersectRows(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(Math.min(a.length, b.length));
  let count = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    const x = a[i] ?? 0;
    const y = b[j] ?? 0;
    if (x === y) {
      out[count++] = x;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return out.subarray(0, count);
}

/** Every row of any of the arrays (each ascending and distinct), once, ascending; a single array is returned as it is. */
export function distinctRows(arrays: readonly Int32Array[]): Int32Array {
  if (arrays.length === 1) return arrays[0] as Int32Array;
  const all = new Int32Array(arrays.reduce((sum, rows) => sum + rows.length, 0));
  let at = 0;
  for (const rows of arrays) {
    all.set(rows, at);
    at += rows.length;
  }
  return Int32Array.from(new Set(all)).sort();
}

/** Rows in either array; a row in both appears twice (readers skip repeats). */
export function unionRows(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let count = 0;
  while (i < a.length && j < b.length) out[count++] = (a[i] ?? 0) <= (b[j] ?? 0) ? (a[i++] ?? 0) : (b[j++] ?? 0);
  while (i < a.length) out[count++] = a[i++] ?? 0;
  while (j < b.length) out[count++] = b[j++] ?? 0;
  return out;
}
