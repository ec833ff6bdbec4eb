import { DROP_FACET, dropValue, parseDropValue } from './price-drop';
import type { SearchState } from './search-state';
import { SEARCH_PAGE_SIZE } from './search-limits';
import {
  isSpecFacet,
  joinRefinementValues,
  MAX_SPEC_REFINEMENTS,
  MAX_SPEC_VALUE_LENGTH,
  splitRefinementValues,
} from './refinement-values';

/** Facets the search page asks for, in the order they are shown. */
export const SEARCH_FACETS = ['category', 'brand', 'shop', 'price', 'availability', 'rating', 'country'] as const;
/**
 * The specifications common in the result (`spec:<key>` facets, shown after the others). Asked
 * only when the search is refined to a category or already on a specification: across
 * categories a "Weight" or "Size" means too many things, and a text search over everything
 * would pay for facets no one can use.
 */
export const SPEC_FACETS = 'spec';
/** Facets refined by one value at a time (a minimum rating). */
export const SINGLE_VALUE_FACETS = ['rating'];

type Criteria = Pick<SearchState, 'query' | 'sort' | 'hitsPerPage' | 'refinements' | 'price'>;

/** The page URL's query for a search: the state a visitor can bookmark (spec §4: read from the URL at start). */
export function pageQuery(state: Criteria, page?: number): URLSearchParams {
  const params = new URLSearchParams();
  if (state.query) params.set('search', state.query);
  if (state.sort) params.set('sort', state.sort);
  if (state.hitsPerPage !== SEARCH_PAGE_SIZE) params.set('hitsPerPage', String(state.hitsPerPage));
  for (const [facet, values] of Object.entries(state.refinements)) {
    // Refinements with empty values are not sent (spec §5).
    if (values.length > 0) params.set(`refinements[${facet}]`, joinRefinementValues(values));
  }
  if (state.price.min !== null || state.price.max !== null)
    params.set('refinements[price]', `${state.price.min ?? ''}..${state.price.max ?? ''}`);
  if (page && page > 1) params.set('page', String(page));
  return params;
}

/** The JSON API query of one page of the search (GET /api/products). */
export function apiQuery(state: Criteria, page: number, locale: string): URLSearchParams {
  const params = pageQuery(state, page);
  const rating = state.refinements.rating?.[0];
  if (rating) params.set('refinements[rating]', `${rating}..`); // the API takes a rating range
  params.set('locale', locale);
  params.set('facets', [...SEARCH_FACETS, ...(asksSpecFacets(state) ? [SPEC_FACETS] : [])].join(','));
  params.set('suggest', 'query');
  return params;
}

/** Whether the search asks for the specification facets: refined to a category, or on a specification. */
export const asksSpecFacets = (state: Pick<Criteria, 'refinements'>): boolean =>
  Object.entries(state.refinements).some(
    ([facet, values]) => values.length > 0 && (facet === 'category' || isSpecFacet(facet)),
  );

const RANGE = /^(\d+)?\.\.(\d+)?$/;

/** The criteria in a page URL (the server render and a back/forward navigation). */
export function criteriaFromUrl(url: URL): Criteria & { page: number } {
  const refinements: Record<string, string[]> = {};
  let price: Criteria['price'] = { min: null, max: null };
  for (const [key, value] of url.searchParams) {
    const facet = /^refinements\[([a-z_]+|spec:[a-z0-9-]+)\]$/.exec(key)?.[1];
    if (!facet || !value) continue;
    const range = RANGE.exec(value);
    if (facet === 'price' && range)
      price = { min: range[1] ? Number(range[1]) : null, max: range[2] ? Number(range[2]) : null };
    else if (facet === 'rating') refinements.rating = [value.replace(/\.\.$/, '')];
    else if (facet === DROP_FACET) {
      // The last one sent wins; one that is no lower bound in percent is no filter (price-drop.ts).
      const percent = parseDropValue(value);
      if (percent === null) delete refinements[DROP_FACET];
      else refinements[DROP_FACET] = [dropValue(percent)];
    } else {
      const spec = facet.startsWith('spec:');
      // A malformed specification, or one more than search takes, is left out rather than failing the page.
      if (spec && (!isSpecFacet(facet) || (!refinements[facet] && specCount(refinements) >= MAX_SPEC_REFINEMENTS)))
        continue;
      const values = splitRefinementValues(value).filter((v) => !spec || v.length <= MAX_SPEC_VALUE_LENGTH);
      // A repeated name (checkboxes of a form without JavaScript) adds values.
      if (values.length > 0) refinements[facet] = [...new Set([...(refinements[facet] ?? []), ...values])];
    }
  }
  const size = Number(url.searchParams.get('hitsPerPage'));
  const page = Number(url.searchParams.get('page'));
  return {
    query: (url.searchParams.get('search') ?? '').slice(0, 512),
    sort: url.searchParams.get('sort'),
    hitsPerPage: Number.isInteger(size) && size > 0 && size <= 100 ? size : SEARCH_PAGE_SIZE,
    refinements,
    price,
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

const specCount = (refinements: Readonly<Record<string, readonly string[]>>): number =>
  Object.keys(refinements).filter(isSpecFacet).length;
