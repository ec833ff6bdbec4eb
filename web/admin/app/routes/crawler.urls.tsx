import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { requireStaff } from '../auth/staff-session.server';
import { ConfirmStep } from '../components/ConfirmStep';
import { DataTable } from '../components/DataTable';
import { Flash } from '../components/Flash';
import { FormError, StaffForm } from '../components/staff-form';
import { useLanguage, useT } from '../i18n/use-t';
import { urlWrites } from '../panels/crawler/url-writes.server';
import { panelPath } from '../panels/panels';
import { URL_STATUSES } from '../panels/crawler/crawler-fields';
import { formatChangesPerDay, formatVisitInterval } from '../panels/crawler/visit-rate';
import { urlTable, type UrlRow } from '../services/crawler-pages.server';
import { readTableQuery } from '../tables/table-query';
import type { WriteState } from '../writes/write-state';
import { staffWrite } from '../writes/staff-write.server';

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireStaff(request, 'crawler');
  const url = new URL(request.url);
  // The crawler lists its frontier soonest visit first; that is the one order it offers.
  const query = readTableQuery(url, { sorts: ['next'], defaultSort: 'next' });
  const page = await urlTable(context.user.id, query);
  return data(
    { query, page, path: panelPath('crawler', 'urls'), done: url.searchParams.has('done') },
    { headers: { 'Set-Cookie': context.setCookie } },
  );
}

export const action = ({ request, context }: ActionFunctionArgs) =>
  staffWrite(request, 'crawler', urlWrites(), context as { clientIp?: unknown });

/**
 * The URL schedule: what is due when, per host, how often its price changes (fast movers marked);
 * how the last visit went; re-crawl now (confirmed).
 */
export default function Urls() {
  const t = useT();
  const language = useLanguage();
  const { query, page, path, done } = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>() as WriteState | undefined;
  if (state?.stage === 'confirm') return <ConfirmStep state={state} cancelHref={path} />;
  return (
    <>
      <h1>{t('urls.title')}</h1>
      <Flash done={done} />
      <FormError errors={state?.errors} />
      <DataTable<UrlRow>
        caption={t('urls.title')}
        path={path}
        query={query}
        page={page}
        rowKey={(row) => row.url}
        filters={
          <>
            <label>
              {t('urls.host')} <input type="search" name="host" defaultValue={query.filters.host ?? ''} size={20} />
            </label>
            <label>
              {t('urls.query')} <input type="search" name="q" defaultValue={query.filters.q ?? ''} size={24} />
            </label>
            <label htmlFor="filter-url-status">{t('urls.status')}</label>
            <select id="filter-url-status" name="status" defaultValue={query.filters.status ?? ''}>
              <option value="">{t('urls.anyStatus')}</option>
              {URL_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`urls.status.${status}`)}
                </option>
              ))}
            </select>
          </>
        }
        columns={[
          { key: 'url', label: t('urls.url'), render: (row) => row.url },
          {
            key: 'shop',
            label: t('urls.shop'),
            render: (row) =>
              row.shopId ? (
                <a href={`${panelPath('crawler', 'feeds')}?${new URLSearchParams({ shop: row.shopId })}`}>
                  {row.shopId}
                </a>
              ) : (
                t('app.none')
              ),
          },
          {
            key: 'next',
            label: t('urls.nextVisit'),
            render: (row) => (row.retired ? t('urls.status.retired') : row.nextVisitAt),
          },
          {
            key: 'interval',
            label: t('urls.interval'),
            numeric: true,
            render: (row) =>
              row.intervalSeconds ? (
                <>
                  {formatVisitInterval(row.intervalSeconds, language)}
                  {row.fastMover ? <small> · {t('urls.fastMover')}</small> : null}
                </>
              ) : (
                t('app.none')
              ),
          },
          {
            key: 'changes',
            label: t('urls.priceChanges'),
            numeric: true,
            render: (row) =>
              row.priceChangesPerDay ? formatChangesPerDay(row.priceChangesPerDay, language) : t('app.none'),
          },
          { key: 'last', label: t('urls.lastVisit'), render: (row) => row.lastVisitAt || t('app.none') },
          {
            key: 'outcome',
            label: t('urls.lastOutcome'),
            render: (row) =>
              row.lastVisitAt
                ? `${row.lastOutcome}${row.lastStatus ? ` (${row.lastStatus})` : ''}${row.lastError ? `: ${row.lastError}` : ''}`
                : t('app.none'),
          },
          { key: 'offers', label: t('urls.offers'), numeric: true, render: (row) => row.offersFound },
          {
            key: 'actions',
            label: t('table.actions'),
            render: (row) =>
              row.retired ? null : (
                <StaffForm intent="recrawl" className="inline-form" label={t('urls.recrawl', { url: row.url })}>
                  <input type="hidden" name="url" value={row.url} />
                  <button type="submit">{t('urls.recrawlShort')}</button>
                </StaffForm>
              ),
          },
        ]}
      />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/RouteErrorBoundary';
