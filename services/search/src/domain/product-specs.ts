import type { ProductSpec } from './product-record.js';

/**
 * Specifications as the product index holds them, for the specification facets: two keyword
 * fields, `spec_names` with "<key>:<name as written>" (which specifications a product states, and
 * how to label them) and `specs` with "<key>:<value>" (what it states). The key folds a name's
 * case, accents and punctuation ("Battery life" → "battery-life"), so that two writings of a name
 * are one facet; the value is kept as written, whitespace collapsed.
 */

/** A facet key: lowercase letters, digits and dashes (what a `spec:<key>` refinement names). */
export const SPEC_KEY = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;
/** Longer values are prose, not something to filter by: they are not indexed as specifications. */
export const MAX_SPEC_VALUE = 100;

export function specKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64)
    .replace(/-+$/, '');
}

export const specValue = (value: string): string => value.replace(/\s+/g, ' ').trim();

/** The `specs` term of a key and value (also what a refinement filters on). */
export const specTerm = (key: string, value: string): string => `${key}:${value}`;

/** The product document's two fields, each value once; the first writing of a name labels it. */
export function specFields(specs: readonly ProductSpec[]): { names: string[]; values: string[] } {
  const names = new Map<string, string>();
  const values = new Set<string>();
  for (const spec of specs) {
    const key = specKey(spec.name);
    const value = specValue(spec.value);
    if (!key || !value || value.length > MAX_SPEC_VALUE) continue;
    if (!names.has(key)) names.set(key, specTerm(key, spec.name.trim()));
    values.add(specTerm(key, value));
  }
  return { names: [...names.values()], values: [...values] };
}

/** Splits a term of either field into its key and the rest; null for a term of no key. */
export function splitSpecTerm(term: string): { key: string; rest: string } | null {
  const at = term.indexOf(':');
  return at > 0 ? { key: term.slice(0, at), rest: term.slice(at + 1) } : null;
}

const LEADING_NUMBER = /^\s*(\d+(?:[.,]\d+)?)/;
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Natural order of values: those that start with a number by its size ("500 W" before "1000 W"), then by text. */
export function compareSpecValues(a: string, b: string): number {
  const x = LEADING_NUMBER.exec(a);
  const y = LEADING_NUMBER.exec(b);
  if (x && y) {
    const difference = Number(x[1]!.replace(',', '.')) - Number(y[1]!.replace(',', '.'));
    if (difference !== 0) return difference;
  } else if (x || y) return x ? -1 : 1;
  return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}
