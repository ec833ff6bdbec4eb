/**
 * A number as a visitor types it on a page in a locale (ADR 131): the page's decimal mark ("1,5"
 * on a German page, "1.5" on an English or a Swiss one), its digit groups optional but only where
 * the page writes them ("1.500" in de-DE, "1,500" in English, "1’500" in de-CH, "1 500" in
 * French), a minus sign. Search and the page's links take bounds in digits and "." only:
 * spec-ranges.ts.
 */

interface Separators {
  /** The decimal mark, as a pattern. */
  readonly decimal: string;
  /** What may stand between groups of three digits, as a pattern (a character class). */
  readonly group: string;
}

const separators = new Map<string, Separators>();

const escape = (char: string): string => char.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/** Group separators that are never a decimal mark: spaces and apostrophes. */
const SPACE_OR_APOSTROPHE = /^[\s\u00a0\u202f'’]$/;

/**
 * The page's decimal mark and group separator. A space or an apostrophe (Swiss pages write "’"
 * (i18n/format.ts), French ones a narrow no-break space, ICU releases disagree) is typed as any
 * space or apostrophe, as a keyboard has them.
 */
function separatorsOf(tag: string): Separators {
  let found = separators.get(tag);
  if (found) return found;
  const parts = new Intl.NumberFormat(tag).formatToParts(12345.6);
  const decimal = parts.find((part) => part.type === 'decimal')?.value ?? '.';
  const group = parts.find((part) => part.type === 'group')?.value ?? '';
  const swiss = tag.split('-')[1]?.toUpperCase() === 'CH';
  const groups = swiss || SPACE_OR_APOSTROPHE.test(group) ? " \\u00a0\\u202f'’" : escape(group);
  found = { decimal: escape(decimal), group: groups ? `[${groups}]` : '(?!)' };
  separators.set(tag, found);
  return found;
}

/**
 * The number `text` writes in the locale `tag` (its decimal mark, its digit groups optional), as
 * digits and "." ("1,5" in de-DE → "1.5", "1’200" in de-CH → "1200"); null when it writes none
 * in that locale: empty, words, a group out of place ("1,5" on an English page), an exponent.
 */
export function typedNumber(text: string, tag: string): string | null {
  const { decimal, group } = separatorsOf(tag);
  const trimmed = text.trim().replace(/^[−–]/, '-');
  const match = new RegExp(`^(-?)(\\d{1,3}(?:${group}\\d{3})+|\\d+)(?:${decimal}(\\d+))?$`).exec(trimmed);
  if (!match) return null;
  const [, sign = '', whole = '', fraction] = match;
  return `${sign}${whole.replace(/\D/g, '')}${fraction === undefined ? '' : `.${fraction}`}`;
}
