import type { SearchAction, SearchState } from '~/search/search-state';
import { PAGE_SIZES } from '~/search/search-limits';
import { useSite } from '~/site/use-site';

/** Sort and page size (spec §4: both reset the search to page 1). */
export function SearchToolbar({ state, dispatch }: { state: SearchState; dispatch: (action: SearchAction) => void }) {
  const { t } = useSite();
  return (
    <div className="list-toolbar">
      {state.sortOptions.length > 0 ? (
        <label>
          {t('search.sort')}
          <select
            name="sort"
            value={state.sort ?? state.appliedSort ?? ''}
            onChange={(e) => dispatch({ type: 'sort', sort: e.target.value })}
          >
            {state.sortOptions.map((o) => (
              <option key={o.key} value={o.key}>
                {t(`search.sorts.${o.key}`)}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <label>
        {t('search.pageSize')}
        <select
          name="hitsPerPage"
          value={state.hitsPerPage}
          onChange={(e) => dispatch({ type: 'pageSize', hitsPerPage: Number(e.target.value) })}
        >
          {[...new Set([...PAGE_SIZES, state.hitsPerPage])].map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
