// How much a shared token says about two titles being one product. Without statistics, kinds
// decide: a shared model code outweighs a shared word, and filler words say nothing. With
// document frequencies from a set of titles (a catalog's candidates, a training split), rare
// words weigh more than words every title has ("software", "black", "for").
import { tokenizeTitle, type TitleToken } from './title-tokens.js';

export interface TokenWeights {
  weightOf(token: TitleToken): number;
}

const FILLER_WORDS = new Set([
  'a', 'an', 'and', 'the', 'of', 'for', 'with', 'w', 'in', 'on', 'to', 'by', 'from', 'at', 'or',
  'de', 'der', 'die', 'das', 'und', 'mit', 'fur', 'pour', 'avec', 'le', 'la', 'les',
  'et', 'des', 'du', 'en', 'el', 'y', 'con', 'para', 'di', 'il', 'per',
]);

/** Words of the shop's page around the product name: web titles are often a page's title
 *  ("... - Prijzen Tweakers", "... | Fumfie.com", "buy and offers on ...", "nur € 329"), and
 *  a missing value is written "Null". They name no product. */
const SHOP_PAGE_WORDS = new Set([
  'com', 'www', 'null', 'buy', 'price', 'prices', 'sale', 'cheap', 'shop', 'store', 'online', 'offers', 'reviews',
  'comprar', 'acheter', 'kaufen', 'prijzen', 'nur', 'tienda', 'sklep', 'ofertas', 'offres', 'angebote',
]);

/** Words that many titles add without naming the product: packaging, media, generic nouns. */
const GENERIC_WORDS = new Set([
  'software', 'edition', 'version', 'only', 'complete', 'product', 'package', 'retail', 'cd', 'dvd',
  'rom', 'cdrom', 'dvdrom', 'jewel', 'pc', 'computer', 'new', 'original', 'genuine', 'official',
]);
/** Weight of generic words and of operating-system names. */
const LOW_WEIGHT = 0.3;

const KIND_WEIGHTS: Readonly<Record<TitleToken['kind'], number>> = { code: 2.5, measure: 1, number: 1, word: 1 };

function kindWeight(token: TitleToken): number {
  // The page text after a web title's name: its codes still count as evidence (code-evidence.ts)
  // and its colours or sizes must still agree, but its words are the shop's, not the product's.
  return token.afterName ? 0 : textWeight(token);
}

/** A token's weight by its kind and text alone, wherever in the title it stands. */
export function textWeight(token: TitleToken): number {
  if (token.kind !== 'word') return KIND_WEIGHTS[token.kind];
  if (FILLER_WORDS.has(token.text) || SHOP_PAGE_WORDS.has(token.text)) return 0;
  // A system-requirements note ("win 98 me 2000 xp") is a shop's habit, not the product's name;
  // its operating system still counts, and must agree (`variantConflicts`).
  if (token.group === 'platform') return 0;
  if (GENERIC_WORDS.has(token.text) || token.group === 'os') return LOW_WEIGHT;
  return KIND_WEIGHTS.word;
}

/** Weights by token kind only: what a single pair comparison can know. */
export const DEFAULT_TOKEN_WEIGHTS: TokenWeights = { weightOf: kindWeight };

/** Kind weights scaled by inverse document frequency over `titles` (each title counts a token
 *  once). Tokens never seen count as rare. Scaled so that a token in every title weighs ~0.2 of
 *  one seen once. */
export function learnTokenWeights(titles: Iterable<string>): TokenWeights {
  const documentFrequency = new Map<string, number>();
  let documents = 0;
  for (const title of titles) {
    documents += 1;
    for (const text of new Set(tokenizeTitle(title).map((token) => token.text))) {
      documentFrequency.set(text, (documentFrequency.get(text) ?? 0) + 1);
    }
  }
  const maxIdf = Math.log(documents + 1);
  return {
    weightOf(token) {
      const idf = Math.log((documents + 1) / ((documentFrequency.get(token.text) ?? 0) + 1));
      return kindWeight(token) * (0.2 + (0.8 * idf) / Math.max(maxIdf, 1e-9));
    },
  };
}
