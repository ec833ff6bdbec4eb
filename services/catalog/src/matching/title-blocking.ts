// Keys under which the catalog files a product's title so that an offer finds its candidates
// without comparing against every product. Recall matters more than precision here: a missed
// candidate can never be matched, an extra one only costs a comparison.
import { brandNameWords } from './brand.js';
import { normalizeMpn } from './mpn.js';
import { mpnCode, profileTitle } from './title-profile.js';
import { textWeight } from './token-weights.js';

/** Leading significant words whose pairs become keys. */
const LEADING_WORDS = 5;
/** Shortest code (or code stem) worth a key of its own: "g502", "d750" are whole model codes. */
const MIN_CODE_KEY_LENGTH = 4;

/** A code and the stems shops differ by: without a colour/region suffix ("davis50b" →
 *  "davis50"), without a seller's letter prefix ("lac130980" → "130980"). */
function codeKeys(code: string): string[] {
  const keys = [code];
  const withoutSuffix = code.replace(/(?<=\d)[a-z]{1,3}$/, '');
  const withoutPrefix = code.replace(/^[a-z]{1,8}(?=\d)/, '');
  for (const stem of [withoutSuffix, withoutPrefix])
    if (stem !== code && stem.length >= MIN_CODE_KEY_LENGTH) keys.push(stem);
  return keys;
}

/** A few keys under which a title is filed for candidate lookup (e.g. model-number-like tokens,
 *  brand + leading words). Two titles of the same product should share at least one key. */
export function titleBlockingKeys(title: string, brand?: string): string[] {
  // The brand's words without its legal form ("apple" of "Apple Inc.") join the leading words.
  const profile = profileTitle(`${brandNameWords(brand ?? '').join(' ')} ${title}`);
  const keys = new Set<string>();
  // Digits then letters ("800wbe", "1plh") read as specs to the matcher, which must not take a
  // "240pin" for a model; as keys they cost little (a key many products share is not read,
  // ProductKeyRepository.titleCandidates) and find model codes written that way.
  const specs = [...profile.tokens.values()]
    .filter((token) => token.kind === 'number' && token.group === 'spec' && /[a-z]/.test(token.text))
    .map((token) => token.text);
  for (const code of [...profile.codes, ...profile.codeParts, ...specs]) {
    if (code.length >= MIN_CODE_KEY_LENGTH) for (const key of codeKeys(code)) keys.add(`code:${key}`);
  }
  // Pairs of the leading significant words (the brand's among them): titles of one product
  // share most of their first words, though shops drop or reorder some of them.
  const words = [...profile.tokens.values()]
    .filter((token) => token.kind === 'word' && token.group === '' && token.text.length >= 2 && textWeight(token) >= 1)
    .map((token) => token.text)
    .slice(0, LEADING_WORDS);
  for (let i = 0; i < words.length; i += 1) {
    for (let j = i + 1; j < words.length; j += 1) keys.add(`words:${[words[i], words[j]].sort().join('+')}`);
  }
  return [...keys];
}

/** Keys of a record's part number (its MPN field) when it reads as a code: an offer that writes
 *  the maker's part number only in its title ("Robo 32MAH GM-LM06YI") finds the product that
 *  has it only as a field, and the other way round. */
export function partNumberKeys(mpn: string): string[] {
  const code = mpnCode(mpn, normalizeMpn(mpn));
  return code.length >= MIN_CODE_KEY_LENGTH ? codeKeys(code).map((key) => `code:${key}`) : [];
}
