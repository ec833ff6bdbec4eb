import type { SuggestRequest, SuggestResponse } from '@pc/proto/search/v1/search';
import { SuggestionKind } from '@pc/proto/search/v1/types';
import type { SearchedQueries } from '../queries/searched-queries.js';
import { queryCompletions, entitySuggestions, searchedSuggestions, SUGGESTER_OF_KIND } from '../queries/suggesters.js';
import type { SearchIndices } from '../store/search-indices.js';
import * as fields from './common-fields.js';
import { Violations } from './violations.js';

const DEFAULT_KINDS = [
  SuggestionKind.SUGGESTION_KIND_QUERY,
  SuggestionKind.SUGGESTION_KIND_PRODUCT,
  SuggestionKind.SUGGESTION_KIND_BRAND,
  SuggestionKind.SUGGESTION_KIND_CATEGORY,
];
const DEFAULT_LIMIT = 5;
const MAX_LIMIT = 20;

/** Suggest: the search box while typing; one group per kind, in the request's order. */
export async function suggest(
  indices: SearchIndices,
  searched: SearchedQueries,
  request: SuggestRequest,
): Promise<SuggestResponse> {
  const v = new Violations();
  const prefix = fields.queryText(v, 'prefix', request.prefix);
  if (!prefix) v.add('prefix', 'is required', 'required');
  const language = fields.language(v, request.language);
  const country = fields.country(v, 'country', request.country, null);
  if (request.limit < 0 || request.limit > MAX_LIMIT)
    v.add('limit', `must be between 0 and ${MAX_LIMIT}`, 'between', { min: '0', max: String(MAX_LIMIT) });
  const kinds = request.kinds.length > 0 ? [...new Set(request.kinds)] : DEFAULT_KINDS;
  request.kinds.forEach((kind, i) => {
    if (kind !== SuggestionKind.SUGGESTION_KIND_SEARCHED && SUGGESTER_OF_KIND[kind] === undefined)
      v.add(`kinds[${i}]`, 'must be QUERY, SEARCHED, PRODUCT, BRAND, CATEGORY or SHOP', 'in');
  });
  if (country === null && kinds.includes(SuggestionKind.SUGGESTION_KIND_SEARCHED))
    v.add('country', 'is required for SEARCHED suggestions', 'required');
  v.throwIfAny();
  // Keep what was typed as is (a trailing space means the last word is complete).
  const input = { text: request.prefix.trimStart(), language, country, limit: request.limit || DEFAULT_LIMIT };
  const groups = await Promise.all(
    kinds.map(async (kind) => {
      if (kind === SuggestionKind.SUGGESTION_KIND_SEARCHED && country !== null)
        return { name: 'searched', suggestions: await searchedSuggestions(searched, { ...input, country }) };
      const name = SUGGESTER_OF_KIND[kind] ?? 'query';
      const suggestions =
        name === 'query' ? await queryCompletions(indices, input) : await entitySuggestions(indices, name, input);
      return { name, suggestions };
    }),
  );
  return { groups };
}
