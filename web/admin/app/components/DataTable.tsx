import type { ReactNode } from 'react';
import { useT } from '../i18n/use-t';
import { PAGE_SIZES, tableHref, type TablePage, type TableQuery } from '../tables/table-query';

export interface Column<Row> {
  readonly key: string;
  readonly label: string;
  /** The sort key the loader accepts for this column, when it sorts. */
  readonly sort?: string;
  readonly render: (row: Row) => ReactNode;
  readonly numeric?: boolean;
}

/**
 * The one table of every panel: filters (a GET form: works without JavaScript), sortable headers
 * (links, with aria-sort), a page and its pager — all decided by the server from the URL.
 * Keyboard users reach every control in order with Tab; links and buttons answer Enter.
 */
export function DataTable<Row>(props: {
  readonly caption: string;
  readonly path: string;
  readonly query: TableQuery;
  readonly columns: readonly Column<Row>[];
  readonly page: TablePage<Row>;
  readonly rowKey: (row: Row) => string;
  /** The filter inputs (named as the loader reads them). */
  readonly filters?: ReactNode;
}) {
  const t = useT();
  const { query, page, path } = props;
  const from = page.total === 0 ? 0 : (page.page - 1) * page.size + 1;
  const to = Math.min(page.total, from + page.rows.length - 1);
  return (
    <section className="data-table" aria-label={props.caption}>
      {props.filters ? (
        <form method="get" action={path} className="table-filters" role="search">
          {props.filters}
          <input type="hidden" name="sort" value={query.sort} />
          <input type="hidden" name="dir" value={query.dir} />
          <label htmlFor="table-size">{t('table.pageSize')}</label>
          <select id="table-size" name="size" defaultValue={String(query.size)}>
            {PAGE_SIZES.map((size) => (
              <option key={size}>{size}</option>
            ))}
          </select>
          <button type="submit">{t('table.apply')}</button>
          <a href={path}>{t('table.reset')}</a>
        </form>
      ) : null}
      <table>
        <caption>{props.caption}</caption>
        <thead>
          <tr>
            {props.columns.map((column) => {
              const active = column.sort !== undefined && column.sort === query.sort;
              const nextDir = active && query.dir === 'asc' ? 'desc' : 'asc';
              return (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={active ? (query.dir === 'asc' ? 'ascending' : 'descending') : undefined}
                  className={column.numeric ? 'numeric' : undefined}
                >
                  {column.sort ? (
                    <a
                      href={tableHref(path, query, { sort: column.sort, dir: nextDir, page: 1 })}
                      aria-label={t('table.sortBy', { column: column.label })}
                    >
                      {column.label}
                      {active ? <span aria-hidden="true">{query.dir === 'asc' ? ' ▲' : ' ▼'}</span> : null}
                    </a>
                  ) : (
                    column.label
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {page.rows.length === 0 ? (
            <tr>
              <td colSpan={props.columns.length}>{t('table.empty')}</td>
            </tr>
          ) : (
            page.rows.map((row) => (
              <tr key={props.rowKey(row)}>
                {props.columns.map((column) => (
                  <td key={column.key} className={column.numeric ? 'numeric' : undefined}>
                    {column.render(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
      <nav className="pager" aria-label={t('table.page', { page: page.page, pages: Math.max(1, page.pages) })}>
        <span>
          {t('table.showing', { from, to, total: `${page.total}${page.totalIsLowerBound ? '+' : ''}` })} ·{' '}
          {t('table.page', { page: page.page, pages: Math.max(1, page.pages) })}
        </span>
        {page.page > 1 ? (
          <a href={tableHref(path, query, { page: page.page - 1 })} rel="prev">
            {t('table.previous')}
          </a>
        ) : null}
        {page.page < page.pages ? (
          <a href={tableHref(path, query, { page: page.page + 1 })} rel="next">
            {t('table.next')}
          </a>
        ) : null}
      </nav>
    </section>
  );
}
