// The words a category's products are named with in one language but not in another: "Jeu de
// société" in French, "Gioco da tavolo" in Italian, "E-Bike" in German, "Bicicleta elétrica" in
// Portuguese, "mit Garantie" of German shops. They name the product type (or dress the title) in
// the shop's language, so two offers of one product titled in two languages differ in them
// without being two products. The taxonomy's category names (product-type-words.ts) give some of
// them; shops use others, which the catalog's own names in several languages show.
//
// What tells such a word from a model line's ("Galaxy", "Tour", "Kingdoms") is one product's
// names: a model word is in its name in every language (titles keep model names untranslated), a
// type word only in some. Comparing languages over different products would not do: a line sold
// only by German shops is in German names only.
import type { TitleToken } from './title-token.js';

export interface CategoryVocabularyOptions {
  /** A language's names of a category count from this many on: fewer say little. */
  readonly minNames: number;
  /** A word is in at least this share of one language's names of the category... */
  readonly minShare: number;
  /** ... and of the products named in several languages and with the word in one of their
   *  names, at least this many... */
  readonly minProducts: number;
  /** ... and this share lack it in another of their names. */
  readonly minBoundShare: number;
}

export const CATEGORY_VOCABULARY_DEFAULTS: CategoryVocabularyOptions = {
  minNames: 5,
  minShare: 0.3,
  minProducts: 5,
  minBoundShare: 0.75,
};

interface CategoryCounts {
  /** Per language: its names, and per word the names with it. */
  readonly languages: Map<string, { names: number; readonly words: Map<string, number> }>;
  /** Per word, over products named in several languages: in some but not all names, in all. */
  readonly pairs: Map<string, { bound: number; kept: number }>;
}

/** Counts products' names by category and language, then tells each category's language-bound words. */
export class CategoryVocabularyCounter {
  private readonly categories = new Map<number, CategoryCounts>();

  constructor(private readonly options: CategoryVocabularyOptions = CATEGORY_VOCABULARY_DEFAULTS) {}

  /** One product's names by language, tokenized (`tokenizeTitle`), under its Google category (0: none, not counted). */
  add(category: number, names: Iterable<readonly [language: string, tokens: readonly TitleToken[]]>): void {
    if (category <= 0) return;
    const wordsByLanguage = [...names].flatMap(([language, tokens]) =>
      language && tokens.length > 0 ? [[language, wordsOf(tokens)] as const] : [],
    );
    if (wordsByLanguage.length === 0) return;
    let counts = this.categories.get(category);
    if (!counts) this.categories.set(category, (counts = { languages: new Map(), pairs: new Map() }));
    for (const [language, words] of wordsByLanguage) {
      let named = counts.languages.get(language);
      if (!named) counts.languages.set(language, (named = { names: 0, words: new Map() }));
      named.names += 1;
      for (const word of words) named.words.set(word, (named.words.get(word) ?? 0) + 1);
    }
    if (wordsByLanguage.length < 2) return;
    for (const word of new Set(wordsByLanguage.flatMap(([, words]) => [...words]))) {
      let pair = counts.pairs.get(word);
      if (!pair) counts.pairs.set(word, (pair = { bound: 0, kept: 0 }));
      if (wordsByLanguage.every(([, words]) => words.has(word))) pair.kept += 1;
      else pair.bound += 1;
    }
  }

  /** Each category's words that are frequent in one language's names and missing from other
   *  names of the same products. */
  vocabulary(): Map<number, string[]> {
    const found = new Map<number, string[]>();
    for (const [category, counts] of this.categories) {
      const words = this.languageBoundWords(counts);
      if (words.length > 0) found.set(category, words);
    }
    return found;
  }

  private languageBoundWords({ languages, pairs }: CategoryCounts): string[] {
    const { minNames, minShare, minProducts, minBoundShare } = this.options;
    const frequent = new Set<string>();
    for (const { names, words } of languages.values()) {
      if (names < minNames) continue;
      for (const [word, count] of words) if (count / names >= minShare) frequent.add(word);
    }
    return [...frequent]
      .filter((word) => {
        const pair = pairs.get(word);
        return (
          pair !== undefined &&
          pair.bound + pair.kept >= minProducts &&
          pair.bound >= minBoundShare * (pair.bound + pair.kept)
        );
      })
      .sort();
  }
}

/** The words a name is compared by; other tokens (codes, colours) agree or conflict on their own. */
function wordsOf(tokens: readonly TitleToken[]): Set<string> {
  const words = new Set<string>();
  for (const token of tokens) if (token.kind === 'word' && token.group === '') words.add(token.text);
  return words;
}
