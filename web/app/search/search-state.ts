import type { ProductCardData } from '~/data/cards';
import { SEARCH_PAGE_SIZE } from './search-limits';

/** A facet of a result as the list endpoint answers it (meta.facets). */
export type FacetView =
  | {
      readonly type: 'terms';
      /** A specification's name in the page's language, and how many products of the result state it. */
      readonly label?: string;
      readonly count?: number;
      readonly values: readonly { value: string; label: string; count: number; selected: boolean; number?: number }[];
      /** A numeric specification (ADR 123): its unit and scale; refined by a range `min..max`. */
      readonly numeric?: { unit: string; min: number; max: number; avg: number; count: number };
      /** The range refining a specification, null where open. */
      readonly chosen?: { min: number | null; max: number | null };
    }
  | { readonly type: 'range'; readonly stats: { min: number; max: number; avg: number; count: number } };

export interface SearchResult {
  readonly hits: readonly ProductCardData[];
  readonly total: number;
  readonly page: number;
  readonly facets: Readonly<Record<string, FacetView>>;
  readonly suggestions: readonly string[];
  readonly sortOptions: readonly { key: string; selected: boolean }[];
  readonly sort: string | null;
}

/** Spec §3 search state plus what has been loaded (spec §4 rules in `searchReducer`). */
export interface SearchState {
  readonly query: string;
  readonly page: number;
  readonly hitsPerPage: number;
  readonly sort: string | null;
  /** Facet → selected values; a facet without values is not sent (spec §5). */
  readonly refinements: Readonly<Record<string, readonly string[]>>;
  /** Price range in minor units; null bounds are open. */
  readonly price: { readonly min: number | null; readonly max: number | null };
  readonly hits: readonly ProductCardData[];
  /** The page the loaded hits start with: a server-rendered `page=2` holds that page's hits only. */
  readonly firstPage: number;
  readonly total: number;
  readonly facets: Readonly<Record<string, FacetView>>;
  readonly suggestions: readonly string[];
  readonly sortOptions: readonly { key: string; selected: boolean }[];
  /** The sort the last answer applied (the default when none was chosen): shown, never sent. */
  readonly appliedSort: string | null;
  /** The newest request sent; answers of older ones are ignored. */
  readonly latestRequest: number;
  readonly loading: boolean;
}

export type SearchAction =
  | { type: 'query'; query: string }
  | { type: 'sort'; sort: string }
  | { type: 'pageSize'; hitsPerPage: number }
  | { type: 'toggle'; facet: string; value: string; single?: boolean }
  | { type: 'price'; min: number | null; max: number | null }
  | { type: 'clear' }
  | { type: 'more' }
  | { type: 'sent'; request: number }
  | { type: 'answered'; request: number; result: SearchResult }
  | { type: 'failed'; request: number }
  | { type: 'reset'; state: SearchState };

export function initialSearchState(input: Partial<SearchState> & { result?: SearchResult }): SearchState {
  const result = input.result;
  return {
    query: input.query ?? '',
    page: result?.page ?? input.page ?? 1,
    hitsPerPage: input.hitsPerPage ?? SEARCH_PAGE_SIZE,
    sort: input.sort ?? null,
    refinements: input.refinements ?? {},
    price: input.price ?? { min: null, max: null },
    hits: result?.hits ?? [],
    firstPage: result?.page ?? input.page ?? 1,
    total: result?.total ?? 0,
    facets: result?.facets ?? {},
    suggestions: result?.suggestions ?? [],
    sortOptions: result?.sortOptions ?? [],
    appliedSort: result?.sort ?? null,
    latestRequest: 0,
    loading: false,
  };
}

/**
 * Spec §4 Search: changing query, sort or page size resets to page 1; "more" increments the
 * page; page 1 replaces the hits and later pages append; answers that arrive after a newer
 * request are ignored; refinements toggle on and off.
 */
export function searchReducer(state: SearchState, action: SearchAction): SearchState {
  switch (action.type) {
    case 'query':
      return { ...state, query: action.query, page: 1 };
    case 'sort':
      return { ...state, sort: action.sort, page: 1 };
    case 'pageSize':
      return { ...state, hitsPerPage: action.hitsPerPage, page: 1 };
    case 'toggle': {
      const current = state.refinements[action.facet] ?? [];
      const on = current.includes(action.value);
      const values = on
        ? current.filter((v) => v !== action.value)
        : action.single
          ? [action.value]
          : [...current, action.value];
      const refinements = { ...state.refinements, [action.facet]: values };
      if (values.length === 0) delete refinements[action.facet];
      return { ...state, refinements, page: 1 };
    }
    case 'price':
      return { ...state, price: { min: action.min, max: action.max }, page: 1 };
    case 'clear':
      return { ...state, refinements: {}, price: { min: null, max: null }, page: 1 };
    case 'more':
      return hasMore(state) ? { ...state, page: state.page + 1 } : state;
    case 'sent':
      return { ...state, latestRequest: action.request, loading: true };
    case 'answered': {
      if (action.request !== state.latestRequest) return state; // a newer request is under way
      const { result } = action;
      return {
        ...state,
        hits: result.page <= 1 ? result.hits : [...state.hits, ...result.hits],
        firstPage: result.page <= 1 ? 1 : state.firstPage,
        total: result.total,
        facets: result.facets,
        suggestions: result.suggestions,
        sortOptions: result.sortOptions,
        // The criteria stay as the visitor set them: an answer must never start another request.
        appliedSort: result.sort,
        loading: false,
      };
    }
    case 'failed':
      return action.request === state.latestRequest ? { ...state, loading: false } : state;
    case 'reset':
      return action.state;
  }
}

/** How many results the loaded hits reach: those of the pages before the first loaded one, and the loaded ones. */
export const loadedUntil = (state: Pick<SearchState, 'hits' | 'firstPage' | 'hitsPerPage'>): number =>
  (state.firstPage - 1) * state.hitsPerPage + state.hits.length;

/** More results exist while the total exceeds what the loaded hits reach (spec §4). */
export const hasMore = (state: Pick<SearchState, 'total' | 'hits' | 'firstPage' | 'hitsPerPage'>): boolean =>
  state.total > loadedUntil(state);
