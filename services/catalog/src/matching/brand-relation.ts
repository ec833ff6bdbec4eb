// Whether two records name the same maker. Brand fields are noisy: a marketplace lists the
// distributor ("arkon" for a Griffin case) while the title opens with the real maker, so a title
// that opens with the other record's brand counts as agreement. Later in a title a brand names
// what an accessory fits ("battery compatible with energizer er-p240"), which proves nothing.
import { brandKey, brandsAgree } from './brand.js';
import { cleanTitle } from './title-text.js';

export type BrandRelation = 'agree' | 'conflict' | 'unknown';

/** Words a title opens with, as brand keys could be formed from them. */
const OPENING_WORDS = 3;

/** Whether the title's first one to three words name the brand, or its first word (four
 *  letters or more) starts the brand's key ("griffin" of "griffin technology"). */
export function titleOpensWithBrand(key: string, title: string): boolean {
  const words = cleanTitle(title)
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .slice(0, OPENING_WORDS);
  const first = words[0];
  if (key === '' || first === undefined) return false;
  if (first.length >= 4 && key.startsWith(first)) return true;
  return words.some((_, index) => brandsAgree(key, words.slice(0, index + 1).join('')));
}

export function brandRelation(
  a: { brand?: string; title: string },
  b: { brand?: string; title: string },
): BrandRelation {
  const keyA = brandKey(a.brand ?? '');
  const keyB = brandKey(b.brand ?? '');
  if (keyA === '' || keyB === '') return 'unknown';
  if (brandsAgree(keyA, keyB) || titleOpensWithBrand(keyA, b.title) || titleOpensWithBrand(keyB, a.title))
    return 'agree';
  return 'conflict';
}
