import type { SearchFilter, SearchLanguage } from '@pc/kit/ports/search-index';
import { SuggestionKind, type Suggestion } from '@pc/proto/search/v1/types';
import { categoryName } from '../domain/category-document.js';
import { countryToken, type Country } from '../domain/countries.js';
import { escapeHtml, highlight } from '../domain/highlight.js';
import type { SearchIndices } from '../store/search-indices.js';
import { productName } from './product-hit.js';
import type { SearchedQueries } from './searched-queries.js';

/** Suggester names of SearchProducts' `suggest` and the group names of Suggest. */
export const SUGGESTERS = ['query', 'product', 'brand', 'category', 'shop'] as const;
export type Suggester = (typeof SUGGESTERS)[number];

export const SUGGESTER_OF_KIND: Readonly<Partial<Record<SuggestionKind, Suggester>>> = {
  [SuggestionKind.SUGGESTION_KIND_QUERY]: 'query',
  [SuggestionKind.SUGGESTION_KIND_PRODUCT]: 'product',
  [SuggestionKind.SUGGESTION_KIND_BRAND]: 'brand',
  [SuggestionKind.SUGGESTION_KIND_CATEGORY]: 'category',
  [SuggestionKind.SUGGESTION_KIND_SHOP]: 'shop',
};

export interface SuggestInput {
  readonly text: string;
  readonly language: SearchLanguage;
  /** Shops are limited to those selling to it; products, brands and categories are not. */
  readonly country: Country | null;
  readonly limit: number;
}

const suggestion = (
  kind: SuggestionKind,
  text: string,
  input: SuggestInput,
  id = '',
  imageUrl = '',
  slug = '',
): Suggestion => ({
  kind,
  text,
  highlighted: highlight(text, input.text, input.language) ?? escapeHtml(text),
  id,
  imageUrl,
  count: 0,
  slug,
});

/** Completions of what was typed, from the names of searchable products in every language. */
export async function queryCompletions(indices: SearchIndices, input: SuggestInput): Promise<Suggestion[]> {
  const texts = await indices.completions.suggest(input.text, { limit: input.limit, language: input.language });
  return texts.map((text) => suggestion(SuggestionKind.SUGGESTION_KIND_QUERY, text, input));
}

/** Queries other visitors searched in the country and language that start with what was typed. */
export async function searchedSuggestions(
  searched: SearchedQueries,
  input: SuggestInput & { readonly country: Country },
): Promise<Suggestion[]> {
  const queries = await searched.complete(input.text, input.country, input.language, input.limit);
  return queries.map(({ query }) => suggestion(SuggestionKind.SUGGESTION_KIND_SEARCHED, query, input));
}

/** Products, brands, categories or shops whose texts match what was typed (the last word as a prefix). */
export async function entitySuggestions(
  indices: SearchIndices,
  suggester: Exclude<Suggester, 'query'>,
  input: SuggestInput,
): Promise<Suggestion[]> {
  const request = { text: input.text, language: input.language, hitsPerPage: input.limit };
  switch (suggester) {
    case 'product': {
      const { hits } = await indices.products.search(request);
      return hits.map(({ document }) =>
        suggestion(
          SuggestionKind.SUGGESTION_KIND_PRODUCT,
          productName(document, input.language),
          input,
          document.id,
          document.image_url,
          document.slug,
        ),
      );
    }
    case 'brand': {
      const { hits } = await indices.brands.search(request);
      return hits.map(({ document }) =>
        suggestion(SuggestionKind.SUGGESTION_KIND_BRAND, document.name, input, document.id),
      );
    }
    case 'category': {
      const { hits } = await indices.categories.search(request);
      return hits.map(({ document }) =>
        suggestion(SuggestionKind.SUGGESTION_KIND_CATEGORY, categoryName(document, input.language), input, document.id),
      );
    }
    case 'shop': {
      const filters: SearchFilter[] = input.country
        ? [{ field: 'countries', anyOf: [countryToken(input.country)] }]
        : [];
      const { hits } = await indices.shops.search({ ...request, filters });
      return hits.map(({ document }) =>
        suggestion(SuggestionKind.SUGGESTION_KIND_SHOP, document.name, input, document.id, document.favicon_url),
      );
    }
  }
}
