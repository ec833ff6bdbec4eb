import { foldCase } from '@pc/text-analysis/fold';

/** The key alphabetical lists sort by: folded (case and diacritics aside), spaces collapsed. */
export function sortName(name: string): string {
  return foldCase(name).replace(/\s+/g, ' ').trim();
}

/** The brands list's initial: A-Z, or '#' for names starting with a digit or symbol. */
export function initialLetter(name: string): string {
  const first = sortName(name).charAt(0).toUpperCase();
  return first >= 'A' && first <= 'Z' ? first : '#';
}
