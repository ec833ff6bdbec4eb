import { Link } from '@remix-run/react';
import type { ListFiltersView } from '~/search/list-filters';
import { useSite } from '~/site/use-site';
import { FilterChips, ListFilters } from './ListFilters';
import { ProductListSection, type ProductListData } from './ProductListSection';

/**
 * An entity page's products with their filter panel beside them (above them on a phone): the
 * chosen filters as chips over the grid, kept by the sort form with `keep` (a shop page's reviews'
 * page and order) after them, and an empty list that offers to clear the filters.
 */
export function FilteredProducts({
  id,
  title,
  list,
  filters,
  keep = [],
}: {
  id: string;
  title: string;
  list: ProductListData;
  filters: ListFiltersView;
  keep?: readonly (readonly [string, string])[];
}) {
  const { t } = useSite();
  return (
    <div className="filtered-list">
      <ListFilters filters={filters} />
      <div>
        <FilterChips filters={filters} />
        <ProductListSection
          id={id}
          title={title}
          list={list}
          keep={[...filters.fields, ...keep]}
          empty={
            filters.clearHref ? (
              <p className="no-match">
                {t('filters.noMatch')}{' '}
                <Link to={filters.clearHref} preventScrollReset>
                  {t('filters.clearAll')}
                </Link>
              </p>
            ) : undefined
          }
        />
      </div>
    </div>
  );
}
