import { useEffect, useReducer, useRef } from 'react';
import { REFINEMENT_DEBOUNCE_MS } from './search-limits';
import {
  initialSearchState,
  searchReducer,
  type SearchAction,
  type SearchResult,
  type SearchState,
} from './search-state';
import { countSearch } from './count-search';
import { apiQuery, pageQuery } from './search-url';

interface ApiAnswer {
  data: SearchResult['hits'];
  meta: {
    total: number;
    page: number;
    facets: SearchResult['facets'];
    suggestions: string[];
    sortOptions: SearchResult['sortOptions'];
    sort: string | null;
  };
}

const resultOf = (body: ApiAnswer): SearchResult => ({
  hits: body.data,
  total: body.meta.total,
  page: body.meta.page,
  facets: body.meta.facets,
  suggestions: body.meta.suggestions,
  sortOptions: body.meta.sortOptions,
  sort: body.meta.sort,
});

/**
 * The search page in the browser: state from the server render, then every change fetches the
 * JSON API (refinements debounced 1000 ms, spec §9), keeps the URL in step (replaceState: no
 * navigation, no server render per keystroke) and ignores answers overtaken by newer requests.
 */
export function useSearchController(initial: SearchState, locale: string, language: string) {
  const [state, dispatchRaw] = useReducer(searchReducer, initial);
  const delay = useRef(0);
  const requests = useRef(0);
  const first = useRef(true);

  // A server-rendered search that found something counts for "most searched", cached page or not.
  useEffect(() => {
    if (initial.total > 0) countSearch(initial.query, locale, language);
  }, [initial, locale, language]);

  // A new server render (the masthead search, back/forward) starts over from its state.
  const seeded = useRef(initial);
  useEffect(() => {
    if (seeded.current === initial) return;
    seeded.current = initial;
    first.current = true;
    dispatchRaw({ type: 'reset', state: initial });
  }, [initial]);

  const dispatch = (action: SearchAction) => {
    delay.current =
      action.type === 'toggle' || action.type === 'price' || action.type === 'clear' ? REFINEMENT_DEBOUNCE_MS : 0;
    dispatchRaw(action);
  };

  const key = JSON.stringify([state.query, state.sort, state.hitsPerPage, state.refinements, state.price, state.page]);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const criteria = {
      query: state.query,
      sort: state.sort,
      hitsPerPage: state.hitsPerPage,
      refinements: state.refinements,
      price: state.price,
    };
    const query = pageQuery(criteria).toString();
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${query ? `?${query}` : ''}`);
    const request = ++requests.current;
    const timer = setTimeout(async () => {
      dispatchRaw({ type: 'sent', request });
      try {
        const response = await fetch(`/api/products?${apiQuery(criteria, state.page, locale).toString()}`, {
          headers: { Accept: 'application/json' },
        });
        if (!response.ok) throw new Error(`search answered ${response.status}`);
        const result = resultOf((await response.json()) as ApiAnswer);
        dispatchRaw({ type: 'answered', request, result });
        // Counted only as shown: an answer a newer request overtook is not.
        if (result.total > 0 && request === requests.current) countSearch(criteria.query, locale, language);
      } catch {
        dispatchRaw({ type: 'failed', request });
      }
    }, delay.current);
    return () => clearTimeout(timer);
    // `key` stands for the criteria and the page.
  }, [key]);

  return { state, dispatch };
}

export { initialSearchState };
