// The product type a shop names in its own language ("Puppe", "Poupée", "Muñeca" of one doll):
// words that differ between two offers of one product, titled in two languages. The catalog
// knows them from the names of the offer's category in the platform's languages (the Google
// product taxonomy), so a title's product-type noun is neither evidence for nor against a match.
import { tokenizeTitle } from './title-tokens.js';

export interface ProductTypeWords {
  /** The category the words are of ("g1257"), with the statistics snapshot when learned words
   *  are in ("g1257@<snapshot>"): two sets under one key read titles alike. A name for tests and
   *  debugging; profiles are remembered without it (ADR 032). */
  readonly key: string;
  readonly words: ReadonlySet<string>;
}

/** Words shorter than this are compared whole: "tv" is no inflection of "tvs". */
const MIN_WORD = 3;
/** A shared beginning at least this long, unless one word is the other with an ending. */
const MIN_STEM = 4;
/** Endings of a noun's other number or gender: "Puppe"/"Puppen", "gioco"/"giochi", "jeu"/"jeux"
 *  (not "bamboo"/"bambole"). */
const INFLECTION_ENDING = /^[aeiouhnsx]{0,2}$/;

/** The words of a category's names ("Puppen", "Poupées", "Bambole", ...), as titles are read. */
export function productTypeWords(key: string, names: readonly string[]): ProductTypeWords {
  const words = new Set<string>();
  for (const name of names) {
    for (const token of tokenizeTitle(name)) if (token.kind === 'word' && token.text.length >= 3) words.add(token.text);
  }
  return { key, words };
}

/** Whether `word` is one of the type's words, or that word with another short ending. */
export function isProductTypeWord(word: string, type: ProductTypeWords): boolean {
  if (type.words.has(word)) return true;
  if (word.length < MIN_WORD) return false;
  for (const typeWord of type.words) {
    let shared = 0;
    while (shared < word.length && shared < typeWord.length && word[shared] === typeWord[shared]) shared += 1;
    const stem = shared >= MIN_STEM || shared === Math.min(word.length, typeWord.length);
    if (stem && INFLECTION_ENDING.test(word.slice(shared)) && INFLECTION_ENDING.test(typeWord.slice(shared)))
      return true;
  }
  return false;
}
