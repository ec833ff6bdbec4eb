import { Form } from '@remix-run/react';
import type { ListMeta } from '~/api/mappers/list-meta.server';
import type { EntityCardData } from '~/data/cards';
import { MAX_SEARCH_LENGTH } from '~/search/search-limits';
import { useSite } from '~/site/use-site';
import { EntityGrid } from '../cards/EntityGrid';
import { useCount } from '../common/Count';
import { Pagination } from '../common/Pagination';
import { SortForm } from './SortForm';
import { usePageHref } from './use-page-href';

export interface EntityListProps {
  readonly title: string;
  readonly items: readonly EntityCardData[];
  readonly total: number;
  readonly page: number;
  readonly pages: number | null;
  readonly search: string;
  /** The sorts search offers for this list (name, products, new, popular; relevance with a search). */
  readonly sortOptions: ListMeta['sortOptions'];
  readonly sort: string | null;
  readonly countKey: 'counts.products' | 'counts.offers';
}

/** A list page of shops, brands or categories: a name filter, its sort, the grid and the pagination. */
export function EntityListView(props: EntityListProps) {
  const { title, items, total, page, pages, search, sortOptions, sort, countKey } = props;
  const { t } = useSite();
  const count = useCount();
  const hrefFor = usePageHref();
  // A shop's "products" are its offers (search sorts shops by offers_count).
  const sortLabel = (key: string) =>
    t(key === 'products' && countKey === 'counts.offers' ? 'lists.sorts.offers' : `lists.sorts.${key}`);
  return (
    <main id="main">
      <h1>{title}</h1>
      <Form method="get" className="list-toolbar" role="search" aria-label={t('lists.filter')}>
        <label>
          {t('lists.filter')}
          <input type="search" name="search" defaultValue={search} maxLength={MAX_SEARCH_LENGTH} />
        </label>
        <button type="submit">{t('lists.filterButton')}</button>
        <p className="muted" aria-live="polite">
          {count('counts.results', total)}
        </p>
      </Form>
      {sortOptions.length > 1 ? (
        <SortForm
          label={t('lists.sort')}
          options={sortOptions.map((o) => ({ key: o.key, label: sortLabel(o.key) }))}
          value={sort}
          hidden={search ? <input type="hidden" name="search" value={search} /> : null}
        />
      ) : null}
      {items.length === 0 ? <p>{t('lists.empty')}</p> : <EntityGrid items={items} countKey={countKey} />}
      <Pagination page={page} pages={pages} hrefFor={hrefFor} />
    </main>
  );
}
