import { Form } from '@remix-run/react';
import type { EntityCardData } from '~/data/cards';
import { MAX_SEARCH_LENGTH } from '~/search/search-limits';
import { useSite } from '~/site/use-site';
import { EntityGrid } from '../cards/EntityGrid';
import { useCount } from '../common/Count';
import { Pagination } from '../common/Pagination';
import { usePageHref } from './use-page-href';

export interface EntityListProps {
  readonly title: string;
  readonly items: readonly EntityCardData[];
  readonly total: number;
  readonly page: number;
  readonly pages: number | null;
  readonly search: string;
  readonly countKey: 'counts.products' | 'counts.offers';
}

/** A list page of shops, brands or categories: a name filter, the grid and the pagination. */
export function EntityListView({ title, items, total, page, pages, search, countKey }: EntityListProps) {
  const { t } = useSite();
  const count = useCount();
  const hrefFor = usePageHref();
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
      {items.length === 0 ? <p>{t('lists.empty')}</p> : <EntityGrid items={items} countKey={countKey} />}
      <Pagination page={page} pages={pages} hrefFor={hrefFor} />
    </main>
  );
}
