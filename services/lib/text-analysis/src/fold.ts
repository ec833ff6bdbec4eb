/**
 * Letters that Unicode does not decompose into a base letter plus marks, spelled the way a
 * shopper types them on a plain keyboard. Applied after lower-casing.
 */
const SPECIAL_LETTERS: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ł: 'l',
  ı: 'i',
  ħ: 'h',
  ŧ: 't',
  ſ: 's',
  ŋ: 'n',
};

const SPECIAL_PATTERN = new RegExp(`[${Object.keys(SPECIAL_LETTERS).join('')}]`, 'gu');
const MARKS = /\p{M}+/gu;

/**
 * Lower-cases and folds diacritics so 'Kühlschränke', 'KUHLSCHRANKE' and 'kuhlschranke' agree.
 * NFKD (not NFD) also unfolds compatibility forms: ligatures (ﬁ), full-width and superscript
 * digits, which shops paste from spec sheets.
 */
export function foldCase(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(MARKS, '')
    .replace(SPECIAL_PATTERN, (letter) => SPECIAL_LETTERS[letter] ?? letter);
}
