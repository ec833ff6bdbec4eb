/**
 * Deep equality of parsed JSON values where object key order does not count: two producers that
 * build the same offer with keys in a different order still have an unchanged offer.
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => jsonEqual(item, b[i]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  return keys.every((key) => Object.hasOwn(right, key) && jsonEqual(left[key], right[key]));
}

/** Equal JSON texts, or texts of equal values whose keys are ordered differently. */
export function sameJsonText(stored: string, next: string): boolean {
  if (stored === next) return true;
  // Reordering keys never changes the length of JSON.stringify's output, so a length difference
  // settles it without parsing: the common case for a changed document.
  if (stored.length !== next.length) return false;
  return jsonEqual(JSON.parse(stored), JSON.parse(next));
}
