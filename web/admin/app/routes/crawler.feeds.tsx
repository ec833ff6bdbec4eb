import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { requireStaff } from '../auth/staff-session.server';
import { DataTable } from '../components/DataTable';
import { useT } from '../i18n/use-t';
import { panelPath } from '../panels/panels';
import { feedFetchTable, type FeedFetchRow } from '../services/crawler-pages.server';
import { readTableQuery } from '../tables/table-query';

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireStaff(request, 'crawler');
  // The crawler lists a shop's fetches newest first; that is the one order it offers.
  const query = readTableQuery(new URL(request.url), {
    sorts: ['started'],
    defaultSort: 'started',
    defaultDir: 'desc',
  });
  const page = await feedFetchTable(query);
  return data({ query, page, path: panelPath('crawler', 'feeds') }, { headers: { 'Set-Cookie': context.setCookie } });
}

/** Feed analyses of a shop: each fetch's outcome, items valid and rejected (by reason), offers new, changed, removed. */
export default function Feeds() {
  const t = useT();
  const { query, page, path } = useLoaderData<typeof loader>();
  const shop = query.filters.shop ?? '';
  return (
    <>
      <h1>{t('feeds.title')}</h1>
      {shop ? null : <p>{t('feeds.chooseShop')}</p>}
      <DataTable<FeedFetchRow>
        caption={t('feeds.title')}
        path={path}
        query={query}
        page={page}
        rowKey={(row) => row.id}
        filters={
          <>
            <label>
              {t('feeds.shop')} <input type="search" name="shop" defaultValue={shop} size={24} required />
            </label>
            <label>
              {t('feeds.feed')} <input type="search" name="feed" defaultValue={query.filters.feed ?? ''} size={16} />
            </label>
          </>
        }
        columns={[
          { key: 'started', label: t('feeds.started'), render: (row) => row.startedAt },
          { key: 'feed', label: t('feeds.feed'), render: (row) => `${row.feedId} ${row.url}` },
          {
            key: 'outcome',
            label: t('feeds.outcome'),
            render: (row) =>
              `${row.outcome}${row.httpStatus ? ` (${row.httpStatus})` : ''}${row.error ? `: ${row.error}` : ''}`,
          },
          {
            key: 'items',
            label: t('feeds.items'),
            numeric: true,
            render: (row) => t('feeds.itemsValid', { valid: row.itemsValid, total: row.itemsTotal }),
          },
          {
            key: 'rejected',
            label: t('feeds.rejected'),
            render: (row) =>
              Object.entries(row.rejectedByReason)
                .map(([reason, count]) => `${reason} ${count}`)
                .join(', ') || t('app.none'),
          },
          {
            key: 'offers',
            label: t('feeds.offers'),
            render: (row) => t('feeds.delta', { added: row.added, changed: row.changed, removed: row.removed }),
          },
          {
            key: 'issues',
            label: t('feeds.issues'),
            render: (row) => row.issues.slice(0, 3).join(' · ') || t('app.none'),
          },
        ]}
      />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/RouteErrorBoundary';
