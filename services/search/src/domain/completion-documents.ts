import type { SearchDocument } from '@pc/kit/ports/search-index';
import { SEARCH_LANGUAGES } from '@pc/kit/ports/search-index';
import type { ProductRecord } from './product-record.js';

const completionId = (productId: string, language: string): string => `${productId}:${language}`;

/**
 * The completions a product contributes (one per language it has a name in) and the ids of
 * those it no longer does (languages dropped, or the product hidden), so the search box only
 * completes names of searchable products.
 */
/** A completion: one product name in one language. */
export type CompletionDocument = SearchDocument & { readonly text: string };

export function completionChanges(product: ProductRecord): { upserts: CompletionDocument[]; deletes: string[] } {
  const upserts: CompletionDocument[] = [];
  const deletes: string[] = [];
  for (const language of SEARCH_LANGUAGES) {
    const name = product.listed ? product.names[language] : undefined;
    if (name) upserts.push({ id: completionId(product._id, language), text: name });
    else deletes.push(completionId(product._id, language));
  }
  return { upserts, deletes };
}
