import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { requireStaff } from '../auth/staff-session.server';
import { DataTable } from '../components/DataTable';
import { useT } from '../i18n/use-t';
import { crawlerPagePath } from '../panels/crawler/crawler-paths';
import { panelPath } from '../panels/panels';
import { failingFeedTable, type FailingFeedRow } from '../services/failing-feeds.server';
import { readTableQuery } from '../tables/table-query';
import { feedFailureLabel } from '../panels/crawler/feed-failure-label';

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireStaff(request, 'crawler');
  // Offers lists them the longest failing first; that is the one order it offers.
  const query = readTableQuery(new URL(request.url), { sorts: ['since'], defaultSort: 'since', defaultDir: 'asc' });
  const page = await failingFeedTable(context.user.id, query);
  return data(
    { query, page, path: panelPath('crawler', 'failing-feeds') },
    { headers: { 'Set-Cookie': context.setCookie } },
  );
}

/**
 * Every failing feed across shops, the longest failing first (ADR 128): the shop, the feed with a
 * link to its fetches, since when it fails, why in the staff's words and the crawler's own.
 */
export default function FailingFeeds() {
  const t = useT();
  const { query, page, path } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>{t('failingFeeds.title')}</h1>
      <p>{t('failingFeeds.help')}</p>
      <DataTable<FailingFeedRow>
        caption={t('failingFeeds.title')}
        path={path}
        query={query}
        page={page}
        rowKey={(row) => `${row.shopId}:${row.feedId}`}
        columns={[
          {
            key: 'shop',
            label: t('failingFeeds.shop'),
            render: (row) => (
              <a href={panelPath('admin', `shops/${encodeURIComponent(row.shopId)}`)}>{row.shopName || row.shopId}</a>
            ),
          },
          {
            key: 'feed',
            label: t('failingFeeds.feed'),
            render: (row) => <a href={crawlerPagePath('feeds', { shop: row.shopId, feed: row.feedId })}>{row.url}</a>,
          },
          { key: 'since', label: t('failingFeeds.since'), render: (row) => row.failingSince },
          {
            key: 'reason',
            label: t('failingFeeds.reason'),
            render: (row) => feedFailureLabel(t, row.reason, row.httpStatus),
          },
          { key: 'error', label: t('failingFeeds.lastError'), render: (row) => row.lastError || t('app.none') },
          { key: 'status', label: t('failingFeeds.shopStatus'), render: (row) => t(`shops.status.${row.shopStatus}`) },
        ]}
      />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/RouteErrorBoundary';
