import type { ReactNode } from 'react';
import { useState } from 'react';
import { MAX_SEARCH_LENGTH } from '~/search/search-limits';
import { hasMore, loadedUntil, type SearchState } from '~/search/search-state';
import { pageQuery } from '~/search/search-url';
import { useSearchController } from '~/search/use-search-controller';
import { useSite } from '~/site/use-site';
import { ProductCard } from '../cards/ProductCard';
import { useCount } from '../common/Count';
import { FacetPanel } from './FacetPanel';
import { SearchToolbar } from './SearchToolbar';

/** The search page: query, refinements, sort and page size, results with "more" (spec §4). */
export function SearchView({ title, initial, banner }: { title: string; initial: SearchState; banner?: ReactNode }) {
  const { t, locale, language } = useSite();
  const count = useCount();
  const { state, dispatch } = useSearchController(initial, locale.id, language);
  const [text, setText] = useState(initial.query);
  const nextPage = `?${pageQuery(state, state.page + 1).toString()}`;
  return (
    <main id="main" className="search-page">
      <h1>{state.query ? t('search.titleFor', { query: state.query }) : title}</h1>
      {banner}
      <form
        method="get"
        role="search"
        aria-label={t('search.label')}
        onSubmit={(e) => {
          e.preventDefault();
          dispatch({ type: 'query', query: text.trim() });
        }}
      >
        <div className="search-box">
          <label className="visually-hidden" htmlFor="search-query">
            {t('search.label')}
          </label>
          <input
            id="search-query"
            type="search"
            name="search"
            value={text}
            maxLength={MAX_SEARCH_LENGTH}
            placeholder={t('search.placeholder')}
            onChange={(e) => setText(e.target.value)}
          />
          <button type="submit" className="primary">
            {t('search.submit')}
          </button>
        </div>
        <SearchToolbar state={state} dispatch={dispatch} />
        <div className="search-layout">
          <FacetPanel state={state} dispatch={dispatch} />
          <section aria-labelledby="results-heading" aria-busy={state.loading}>
            <h2 id="results-heading" className="results-count" aria-live="polite">
              {count('counts.results', state.total)}
              {state.loading ? <span className="muted"> · {t('search.updating')}</span> : null}
            </h2>
            {state.suggestions.length > 0 ? (
              <p>
                {t('search.didYouMean')}{' '}
                {state.suggestions.map((s) => (
                  <button
                    key={s}
                    type="button"
                    className="link-button"
                    onClick={() => {
                      setText(s);
                      dispatch({ type: 'query', query: s });
                    }}
                  >
                    {s}
                  </button>
                ))}
              </p>
            ) : null}
            {state.hits.length === 0 && !state.loading ? <p>{t('search.noResults')}</p> : null}
            <ul className="product-grid">
              {state.hits.map((product, i) => (
                <li key={product.id}>
                  <ProductCard product={product} eager={i < 4} />
                </li>
              ))}
            </ul>
            {hasMore(state) ? (
              <p className="more">
                <span className="muted">{t('search.showing', { shown: loadedUntil(state), total: state.total })}</span>{' '}
                <a
                  href={nextPage}
                  role="button"
                  className="button"
                  aria-disabled={state.loading}
                  onClick={(e) => {
                    e.preventDefault();
                    if (!state.loading) dispatch({ type: 'more' });
                  }}
                >
                  {t('search.more')}
                </a>
              </p>
            ) : null}
          </section>
        </div>
      </form>
    </main>
  );
}
