// How much a shared token says about two titles being one product. Without statistics, kinds
// decide: a shared model code outweighs a shared word, and filler words say nothing. With
// document frequencies over many titles (the catalog's products, counted by TokenStatistics; a
// benchmark's titles), rare words weigh more than words every title has ("software", "black").
import type { TitleToken } from './title-token.js';
import { tokenizeTitle } from './title-tokens.js';

export interface TokenWeights {
  weightOf(token: TitleToken): number;
  /** Weights from document frequencies: scores come out lower for web titles, which the
   *  scoring's `learnedWeightsWebTitleFactor` makes up for. */
  readonly learned: boolean;
}

const FILLER_WORDS = new Set([
  'a',
  'an',
  'and',
  'the',
  'of',
  'for',
  'with',
  'w',
  'in',
  'on',
  'to',
  'by',
  'from',
  'at',
  'or',
  'de',
  'der',
  'die',
  'das',
  'und',
  'mit',
  'fur',
  'pour',
  'avec',
  'le',
  'la',
  'les',
  'et',
  'des',
  'du',
  'en',
  'el',
  'y',
  'con',
  'para',
  'di',
  'il',
  'per',
  'von',
  'da',
  'do',
  'del',
  'au',
]);

/** Words of the shop's page around the product name: web titles are often a page's title
 *  ("... - Prijzen Tweakers", "... | Fumfie.com", "buy and offers on ...", "nur € 329"), and
 *  a missing value is written "Null". They name no product. */
const SHOP_PAGE_WORDS = new Set([
  'com',
  'www',
  'null',
  'buy',
  'price',
  'prices',
  'sale',
  'cheap',
  'shop',
  'store',
  'online',
  'offers',
  'reviews',
  'comprar',
  'acheter',
  'kaufen',
  'prijzen',
  'nur',
  'tienda',
  'sklep',
  'ofertas',
  'offres',
  'angebote',
  // A shop's promises in a feed's title ("mit Garantie", "Top-Angebot", "Livraison gratuite").
  'angebot',
  'garantie',
  'garanzia',
  'garantia',
  'warranty',
  'delivery',
  'lieferung',
  'livraison',
  'spedizione',
  'envio',
  'gratis',
  'gratuit',
  'gratuite',
  'gratuita',
]);

/** Words that many titles add without naming the product: packaging, media, generic nouns. */
const GENERIC_WORDS = new Set([
  'software',
  'edition',
  'version',
  'only',
  'complete',
  'product',
  'package',
  'retail',
  'cd',
  'dvd',
  'rom',
  'cdrom',
  'dvdrom',
  'jewel',
  'jewelcase',
  'pc',
  'computer',
  'new',
  'original',
  'genuine',
  'official',
  // "New" and "latest model" in the platform's languages ("NEU", "OVP", "Nouveau modèle").
  'neu',
  'neuf',
  'nouveau',
  'nuovo',
  'nuevo',
  'novo',
  'neuware',
  'ovp',
  'latest',
  'ultimo',
  'dernier',
  'model',
  'modell',
  'modele',
  'modello',
  'modelo',
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
  // A product-type noun each shop writes in its language ("Puppe", "Poupée") says little.
  if (GENERIC_WORDS.has(token.text) || token.group === 'os' || token.group === 'type') return LOW_WEIGHT;
  return KIND_WEIGHTS.word;
}

/** Weights by token kind only: what a single pair comparison can know. */
export const DEFAULT_TOKEN_WEIGHTS: TokenWeights = { weightOf: kindWeight, learned: false };

/** In how many documents (a product's names, a benchmark's titles) each token text occurs. */
export interface TokenFrequencies {
  readonly documents: number;
  /** Token text → documents holding it. A token absent here counts as in none. */
  readonly frequencies: ReadonlyMap<string, number>;
}

/** Counts one document of several titles (a product's names in its languages): each token text once. */
export function countDocument(frequencies: Map<string, number>, titles: Iterable<string>): void {
  countTokenizedDocument(frequencies, [...titles].map(tokenizeTitle));
}

/** `countDocument` of titles already tokenized. */
export function countTokenizedDocument(
  frequencies: Map<string, number>,
  titles: Iterable<readonly TitleToken[]>,
): void {
  const texts = new Set<string>();
  for (const tokens of titles) for (const token of tokens) texts.add(token.text);
  for (const text of texts) frequencies.set(text, (frequencies.get(text) ?? 0) + 1);
}

/** Share of its kind weight that a token found in every document keeps. */
const COMMONEST_TOKEN_SHARE = 0.2;

/** Kind weights scaled by inverse document frequency: a token in every document keeps ~0.2 of
 *  its kind weight, one in none (never seen: a new product's own word) all of it. */
export function weightsFromFrequencies({ documents, frequencies }: TokenFrequencies): TokenWeights {
  const maxIdf = Math.max(Math.log(documents + 1), 1e-9);
  return {
    learned: true,
    weightOf(token) {
      const idf = Math.log((documents + 1) / ((frequencies.get(token.text) ?? 0) + 1));
      return kindWeight(token) * (COMMONEST_TOKEN_SHARE + ((1 - COMMONEST_TOKEN_SHARE) * idf) / maxIdf);
    },
  };
}

/** Weights learned from `titles`, each a document (a benchmark's titles). */
export function learnTokenWeights(titles: Iterable<string>): TokenWeights {
  const frequencies = new Map<string, number>();
  let documents = 0;
  for (const title of titles) {
    countDocument(frequencies, [title]);
    documents += 1;
  }
  return weightsFromFrequencies({ documents, frequencies });
}
