import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import type { ProductCardData } from '~/data/cards';
import type { ShopPriceOnCard } from '../cards/ProductCard';
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
  note,
  shopPriceOf,
}: {
  id: string;
  title: string;
  list: ProductListData;
  filters: ListFiltersView;
  keep?: readonly (readonly [string, string])[];
  /** A line over the list about what its filters go by (a shop page's prices, ADR 139). */
  note?: ReactNode;
  /** On a shop's page: each card's shop price (ADR 139). */
  shopPriceOf?: (product: ProductCardData) => ShopPriceOnCard;
}) {
  const { t } = useSite();
  return (
    <div className="filtered-list">
      <ListFilters filters={filters} />
      <div>
        {note ? <p className="muted filter-note">{note}</p> : null}
        <FilterChips filters={filters} />
        <ProductListSection
          id={id}
          title={title}
          list={list}
          keep={[...filters.fields, ...keep]}
          shopPriceOf={shopPriceOf}
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
