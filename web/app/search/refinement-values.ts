/**
 * How refinement values are written in a URL, for the pages and the JSON API alike:
 * `refinements[facet]=v1,v2`, repeating the name adding values. A value that holds a comma
 * (a specification's "Black, red") writes it `\,`, and a backslash `\\`; other values are
 * written as they are.
 */

/** The facet of a specification: "spec:" and the key search folds its name to ("spec:battery-life"). */
export const SPEC_FACET = /^spec:[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;
export const SPEC_FACET_PREFIX = 'spec:';
/** Search takes specification values of at most this many characters (search.proto). */
export const MAX_SPEC_VALUE_LENGTH = 100;
/** Search refines on at most this many specifications at once. */
export const MAX_SPEC_REFINEMENTS = 20;

export const isSpecFacet = (name: string): boolean => SPEC_FACET.test(name);

/** One value as a comma list holds it. */
export const escapeRefinementValue = (value: string): string => value.replace(/[\\,]/g, (c) => `\\${c}`);

/** Values as one comma list. */
export const joinRefinementValues = (values: readonly string[]): string => values.map(escapeRefinementValue).join(',');

/** The values of a comma list, trimmed, empty ones left out (`\,` is a comma inside a value). */
export function splitRefinementValues(raw: string): string[] {
  const values: string[] = [];
  let current = '';
  for (let i = 0; i < raw.length; i += 1) {
    const c = raw[i];
    if (c === '\\' && i + 1 < raw.length) {
      i += 1;
      current += raw[i];
    } else if (c === ',') {
      values.push(current);
      current = '';
    } else current += c;
  }
  values.push(current);
  return values.map((value) => value.trim()).filter((value) => value !== '');
}
