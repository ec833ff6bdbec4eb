import { productIdOf } from '~/api/endpoints/path-ids.server';
import { InvalidQueryError } from '~/api/http/invalid-query.server';
import { COMPARE_MAX, COMPARE_MIN } from './compare-link';

/**
 * What the compare page's `products` parameter asks for: two to four distinct products, or why
 * the page cannot compare them. `too-few` covers no product and a single one (the page explains
 * how to pick them); `too-many` keeps every id, so the page can offer the first four.
 */
export type CompareRequest =
  | { readonly kind: 'compare'; readonly ids: readonly string[] }
  | { readonly kind: 'too-few'; readonly ids: readonly string[] }
  | { readonly kind: 'too-many'; readonly ids: readonly string[] }
  | { readonly kind: 'malformed' };

/**
 * Reads `id1,id2,…`. Each entry is a product id or a product's path segment (`slug-p{id}`), read
 * as the product page reads its path; empty entries (a trailing comma) are skipped and a repeated
 * product counts once. One entry that is no product id makes the whole list malformed: guessing
 * which products were meant would compare something the visitor did not ask for.
 */
export function compareRequestOf(param: string | null): CompareRequest {
  const ids = new Set<string>();
  for (const entry of (param ?? '').split(',')) {
    const trimmed = entry.trim();
    if (trimmed === '') continue;
    try {
      ids.add(productIdOf(trimmed));
    } catch (error) {
      if (error instanceof InvalidQueryError) return { kind: 'malformed' };
      throw error;
    }
  }
  const list = [...ids];
  if (list.length < COMPARE_MIN) return { kind: 'too-few', ids: list };
  if (list.length > COMPARE_MAX) return { kind: 'too-many', ids: list };
  return { kind: 'compare', ids: list };
}
