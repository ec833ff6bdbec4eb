import { SuggestionKind, type Suggestion } from '@pc/proto/search/v1/types';
import { z } from 'zod';
import { categoryNamesIn } from '~/data/category-names.server';
import { suggest } from '~/services/search.server';
import { apiLocale, type ApiLocale } from '../http/api-locale.server';
import { CachePolicy } from '../http/cache-policy.server';
import { localeParam, MAX_SEARCH_LENGTH } from '../http/params.server';
import { parseOrThrow, queryValues } from '../http/query.server';
import { jsonResponse, type ApiCall } from '../http/respond.server';
import { routePath } from '~/routing/route-path';
import { categoryLabel, type CategoryNames } from '../mappers/category-names.server';
import { sitePaths } from '../mappers/site-paths.server';

/** Fewer than this many characters suggest nothing worth showing (and match half the catalog). */
export const MIN_SUGGEST_LENGTH = 2;

const query = z.object({
  locale: localeParam,
  q: z
    .string({ error: 'is required' })
    .transform((text) => text.trimStart())
    .pipe(
      z
        .string()
        .min(MIN_SUGGEST_LENGTH, { error: `must be at least ${MIN_SUGGEST_LENGTH} characters` })
        .max(MAX_SEARCH_LENGTH, { error: `must be at most ${MAX_SEARCH_LENGTH} characters` }),
    ),
});

/**
 * How many of each kind the search box lists: searches other visitors made in the locale's
 * country and language first (ADR 114), then products, brands and categories. Search's query
 * completions are product names in every language: beside the products, named in the visitor's
 * language, they would list one product up to six times, so the box does not ask for them.
 */
const KINDS = [
  { kind: SuggestionKind.SUGGESTION_KIND_SEARCHED, name: 'search', limit: 3 },
  { kind: SuggestionKind.SUGGESTION_KIND_PRODUCT, name: 'product', limit: 5 },
  { kind: SuggestionKind.SUGGESTION_KIND_BRAND, name: 'brand', limit: 2 },
  { kind: SuggestionKind.SUGGESTION_KIND_CATEGORY, name: 'category', limit: 2 },
] as const;
const LIMIT = Math.max(...KINDS.map((k) => k.limit));

/** Where a suggestion leads on the site. */
function urlOf(suggestion: Suggestion, locale: ApiLocale): string | null {
  switch (suggestion.kind) {
    case SuggestionKind.SUGGESTION_KIND_PRODUCT:
      return sitePaths.product(locale.id, suggestion.slug, suggestion.id);
    case SuggestionKind.SUGGESTION_KIND_BRAND:
      return sitePaths.brand(locale.id, suggestion.id);
    case SuggestionKind.SUGGESTION_KIND_CATEGORY:
      return sitePaths.category(locale.id, suggestion.id);
    case SuggestionKind.SUGGESTION_KIND_SEARCHED:
      return routePath('search', { locale: locale.id, language: locale.language }, {}, { search: suggestion.text });
    default:
      return null;
  }
}

/** What a suggestion shows: a category by its name in the locale's language (ADR 126), the rest as search names it. */
const textOf = (suggestion: Suggestion, categoryNames: CategoryNames): string =>
  suggestion.kind === SuggestionKind.SUGGESTION_KIND_CATEGORY
    ? categoryLabel(categoryNames, suggestion.id, suggestion.text)
    : suggestion.text;

/**
 * GET /api/suggest?q=&locale=: what the search box suggests while a visitor types — searches
 * others made that start with it, products, brands and categories whose names match (the last
 * word as a prefix), each with the page it leads to. Names change rarely and the searches' lists
 * are made every ten minutes: cached five minutes.
 */
export async function suggestions({ url }: ApiCall): Promise<Response> {
  const { locale: localeId, q } = parseOrThrow(query, queryValues(url));
  const locale = apiLocale(localeId);
  const [{ groups }, categoryNames] = await Promise.all([
    suggest({
      prefix: q,
      language: locale.language,
      country: locale.country,
      kinds: KINDS.map((k) => k.kind),
      limit: LIMIT,
    }),
    categoryNamesIn(locale.language),
  ]);
  const data = KINDS.flatMap(({ name, limit }, i) =>
    (groups[i]?.suggestions ?? []).slice(0, limit).flatMap((suggestion) => {
      const to = urlOf(suggestion, locale);
      const text = textOf(suggestion, categoryNames);
      return to ? [{ kind: name, text, url: to, image: suggestion.imageUrl || null }] : [];
    }),
  );
  return jsonResponse({ data }, CachePolicy.suggestions);
}
