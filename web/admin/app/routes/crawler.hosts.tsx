import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { requireStaff } from '../auth/staff-session.server';
import { ConfirmStep } from '../components/ConfirmStep';
import { DataTable } from '../components/DataTable';
import { Flash } from '../components/Flash';
import { FormError, StaffForm } from '../components/staff-form';
import { useT } from '../i18n/use-t';
import { hostPagePath } from '../panels/crawler/crawler-paths';
import { HOST_STATUSES } from '../panels/crawler/host-statuses';
import { hostWrites } from '../panels/crawler/host-writes.server';
import { panelPath } from '../panels/panels';
import { hostTable, type HostRow } from '../services/crawler.server';
import { readTableQuery } from '../tables/table-query';
import type { WriteState } from '../writes/write-state';
import { staffWrite } from '../writes/staff-write.server';

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireStaff(request, 'crawler');
  const url = new URL(request.url);
  const query = readTableQuery(url, { sorts: ['host'], defaultSort: 'host' });
  const page = await hostTable(context.user.id, query);
  return data(
    { query, page, path: panelPath('crawler', 'hosts'), done: url.searchParams.has('done') },
    { headers: { 'Set-Cookie': context.setCookie } },
  );
}

export const action = ({ request, context }: ActionFunctionArgs) =>
  staffWrite(request, 'crawler', hostWrites(), context as { clientIp?: unknown });

/** The crawler panel's hosts: status, politeness delay, errors, URLs; pause and resume, each confirmed. */
export default function Hosts() {
  const t = useT();
  const { query, page, path, done } = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>() as WriteState | undefined;
  if (state?.stage === 'confirm') return <ConfirmStep state={state} cancelHref={path} />;
  return (
    <>
      <h1>{t('hosts.title')}</h1>
      <Flash done={done} />
      <FormError errors={state?.errors} />
      <DataTable<HostRow>
        caption={t('hosts.title')}
        path={path}
        query={query}
        page={page}
        rowKey={(row) => row.host}
        filters={
          <>
            <label>
              {t('hosts.query')} <input type="search" name="q" defaultValue={query.filters.q ?? ''} size={20} />
            </label>
            <label htmlFor="filter-host-status">{t('hosts.status')}</label>
            <select id="filter-host-status" name="status" defaultValue={query.filters.status ?? ''}>
              <option value="">{t('hosts.anyStatus')}</option>
              {HOST_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`hosts.status.${status}`)}
                </option>
              ))}
            </select>
          </>
        }
        columns={[
          { key: 'host', label: t('hosts.host'), render: (row) => <a href={hostPagePath(row.host)}>{row.host}</a> },
          { key: 'status', label: t('hosts.status'), render: (row) => t(`hosts.status.${row.status}`) },
          {
            key: 'delay',
            label: t('hosts.delay'),
            numeric: true,
            render: (row) => `${(row.delayMs / 1000).toFixed(1)} s`,
          },
          { key: 'urls', label: t('hosts.urls'), numeric: true, render: (row) => `${row.urlsDue} / ${row.urlsKnown}` },
          { key: 'fetched', label: t('hosts.fetched24h'), numeric: true, render: (row) => row.pagesFetched24h },
          {
            key: 'errors',
            label: t('hosts.errors'),
            render: (row) => (row.consecutiveErrors > 0 ? `${row.consecutiveErrors}: ${row.lastError}` : t('app.none')),
          },
          {
            key: 'robots',
            label: t('hosts.robots'),
            render: (row) => (row.robotsStatus ? String(row.robotsStatus) : t('app.none')),
          },
          {
            key: 'actions',
            label: t('table.actions'),
            render: (row) => (
              <StaffForm
                intent={row.status === 'paused' ? 'resume' : 'pause'}
                className="inline-form"
                label={t(row.status === 'paused' ? 'hosts.resume' : 'hosts.pause', { host: row.host })}
              >
                <input type="hidden" name="host" value={row.host} />
                <button type="submit">
                  {t(row.status === 'paused' ? 'hosts.resume' : 'hosts.pause', { host: row.host })}
                </button>
              </StaffForm>
            ),
          },
        ]}
      />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/RouteErrorBoundary';
