import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { requireStaff } from '../auth/staff-session.server';
import { DataTable } from '../components/DataTable';
import { useT } from '../i18n/use-t';
import { JOB_SORTS, JOB_STATES, jobPath } from '../panels/infrastructure/jobs';
import { panelPath } from '../panels/panels';
import { SERVICE_NAMES } from '../services/addresses.server';
import { jobTable, type JobRow } from '../services/jobs.server';
import { readTableQuery } from '../tables/table-query';

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireStaff(request, 'infrastructure');
  const query = readTableQuery(new URL(request.url), {
    sorts: JOB_SORTS,
    defaultSort: 'created_at',
    defaultDir: 'desc',
  });
  const { kinds, unreachable, ...page } = await jobTable(context.user.id, query);
  return data(
    { query, page, kinds, unreachable, services: SERVICE_NAMES, path: panelPath('infrastructure', 'jobs') },
    { headers: { 'Set-Cookie': context.setCookie } },
  );
}

/** The job dashboard: every service's durable jobs in one table, filtered, sorted and paged by the services (ADR 055). */
export default function Jobs() {
  const t = useT();
  const { query, page, kinds, unreachable, services, path } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>{t('jobs.title')}</h1>
      {unreachable.length > 0 ? (
        <p className="warning" role="status">
          {t('jobs.unreachable', { services: unreachable.join(', ') })}
        </p>
      ) : null}
      <DataTable<JobRow>
        caption={t('jobs.title')}
        path={path}
        query={query}
        page={page}
        rowKey={(row) => `${row.service}/${row.id}`}
        filters={
          <>
            <label htmlFor="filter-service">{t('jobs.service')}</label>
            <select id="filter-service" name="service" defaultValue={query.filters.service ?? ''}>
              <option value="">{t('jobs.anyService')}</option>
              {services.map((service) => (
                <option key={service}>{service}</option>
              ))}
            </select>
            <label htmlFor="filter-state">{t('jobs.state')}</label>
            <select id="filter-state" name="state" defaultValue={query.filters.state ?? ''}>
              <option value="">{t('jobs.anyState')}</option>
              {JOB_STATES.map((state) => (
                <option key={state} value={state}>
                  {t(`jobs.state.${state}`)}
                </option>
              ))}
            </select>
            <label htmlFor="filter-kind">{t('jobs.kind')}</label>
            <select id="filter-kind" name="kind" defaultValue={query.filters.kind ?? ''}>
              <option value="">{t('jobs.anyKind')}</option>
              {kinds.map((kind) => (
                <option key={kind}>{kind}</option>
              ))}
            </select>
          </>
        }
        columns={[
          {
            key: 'kind',
            label: t('jobs.kind'),
            sort: 'kind',
            render: (row) => <a href={jobPath(row.service, row.id)}>{row.kind}</a>,
          },
          { key: 'service', label: t('jobs.service'), render: (row) => row.service },
          {
            key: 'state',
            label: t('jobs.state'),
            render: (row) => <span className={`job-state job-${row.state}`}>{t(`jobs.state.${row.state}`)}</span>,
          },
          {
            key: 'attempts',
            label: t('jobs.attempts'),
            numeric: true,
            render: (row) => `${row.attempts} / ${row.maxAttempts}`,
          },
          {
            key: 'created',
            label: t('jobs.created'),
            sort: 'created_at',
            render: (row) => <time dateTime={row.createdAt}>{row.createdAt.slice(0, 19).replace('T', ' ')}</time>,
          },
          {
            key: 'runAt',
            label: t('jobs.runAt'),
            sort: 'run_at',
            render: (row) => <time dateTime={row.runAt}>{row.runAt.slice(0, 19).replace('T', ' ')}</time>,
          },
          {
            key: 'duration',
            label: t('jobs.duration'),
            sort: 'duration',
            numeric: true,
            render: (row) => (row.finishedAt || row.durationMs ? t('jobs.ms', { ms: row.durationMs }) : t('app.none')),
          },
          { key: 'error', label: t('jobs.error'), render: (row) => row.error.slice(0, 120) || t('app.none') },
        ]}
      />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/RouteErrorBoundary';
