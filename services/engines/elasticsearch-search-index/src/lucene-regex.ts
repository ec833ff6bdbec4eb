/** Lucene regular expressions treat many characters as operators; escape all but letters and digits. */
export function escapeRegex(text: string): string {
  return text.replace(/[^\p{L}\p{N}]/gu, (c) => `\\${c}`);
}

/** A terms aggregation's `include` for the values that start with `prefix` (Lucene matches whole terms). */
export const startingWith = (prefix: string): string => `${escapeRegex(prefix)}.*`;
