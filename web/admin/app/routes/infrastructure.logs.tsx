import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { requireStaff } from '../auth/staff-session.server';
import { DataTable } from '../components/DataTable';
import { FieldError } from '../components/staff-form';
import { useT } from '../i18n/use-t';
import { LOG_LEVELS, LOG_SINCE, readLogFilters } from '../panels/infrastructure/log-filters';
import { recentLogTable, type LogRow } from '../panels/infrastructure/recent-logs.server';
import { panelPath } from '../panels/panels';
import { SERVICE_NAMES } from '../services/addresses.server';
import { readTableQuery } from '../tables/table-query';

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireStaff(request, 'infrastructure');
  // Newest first across services: the one order the merge offers.
  const query = readTableQuery(new URL(request.url), { sorts: ['time'], defaultSort: 'time', defaultDir: 'desc' });
  const filters = readLogFilters(query.filters, SERVICE_NAMES);
  const path = panelPath('infrastructure', 'logs');
  const headers = { 'Set-Cookie': context.setCookie };
  if (!filters.ok) {
    const page = { rows: [] as LogRow[], page: 1, size: query.size, total: 0, pages: 0 };
    return data(
      {
        query,
        page,
        path,
        services: SERVICE_NAMES,
        errors: filters.errors,
        unreachable: [] as string[],
        notServing: [] as string[],
      },
      { status: 400, headers },
    );
  }
  const table = await recentLogTable(context.user.id, filters.value, query);
  return data({ query, path, services: SERVICE_NAMES, errors: {} as Record<string, string>, ...table }, { headers });
}

/**
 * The services' recent warnings and errors (each instance keeps its last ~2,000 in memory,
 * redacted as logged), merged newest first, by service, level, text, trace and age; a row opens
 * to the whole record, a trace id narrows the page to its request.
 */
export default function Logs() {
  const t = useT();
  const { query, page, path, services, errors, unreachable, notServing } = useLoaderData<typeof loader>();
  const fieldErrors = Object.fromEntries(Object.entries(errors).map(([field, key]) => [field, t(key)]));
  const invalid = (field: string) =>
    errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${field}-error` } : {};
  const traceHref = (traceId: string) => `${path}?${new URLSearchParams({ ...query.filters, trace: traceId })}`;
  return (
    <>
      <h1>{t('logs.title')}</h1>
      <p>{t('logs.intro')}</p>
      {unreachable.length > 0 ? (
        <p className="warning" role="status">
          {t('logs.unreachable', { services: unreachable.join(', ') })}
        </p>
      ) : null}
      {notServing.length > 0 ? <p role="status">{t('logs.notServing', { services: notServing.join(', ') })}</p> : null}
      <DataTable<LogRow>
        caption={t('logs.title')}
        path={path}
        query={query}
        page={page}
        rowKey={(row) => row.id}
        filters={
          <>
            <label htmlFor="filter-log-service">{t('logs.service')}</label>
            <select
              id="filter-log-service"
              name="service"
              defaultValue={query.filters.service ?? ''}
              {...invalid('service')}
            >
              <option value="">{t('logs.everyService')}</option>
              {services.map((service) => (
                <option key={service}>{service}</option>
              ))}
            </select>
            <FieldError name="service" errors={fieldErrors} />
            <label htmlFor="filter-log-level">{t('logs.level')}</label>
            <select
              id="filter-log-level"
              name="level"
              defaultValue={query.filters.level ?? 'warn'}
              {...invalid('level')}
            >
              {LOG_LEVELS.map((level) => (
                <option key={level} value={level}>
                  {t(`logs.atLeast.${level}`)}
                </option>
              ))}
            </select>
            <FieldError name="level" errors={fieldErrors} />
            <label htmlFor="filter-log-text">{t('logs.text')}</label>
            <input
              id="filter-log-text"
              type="search"
              name="q"
              defaultValue={query.filters.q ?? ''}
              size={24}
              {...invalid('q')}
            />
            <FieldError name="q" errors={fieldErrors} />
            <label htmlFor="filter-log-trace">{t('logs.traceId')}</label>
            <input
              id="filter-log-trace"
              type="search"
              name="trace"
              defaultValue={query.filters.trace ?? ''}
              size={34}
              {...invalid('trace')}
            />
            <FieldError name="trace" errors={fieldErrors} />
            <label htmlFor="filter-log-since">{t('logs.since')}</label>
            <select id="filter-log-since" name="since" defaultValue={query.filters.since ?? ''} {...invalid('since')}>
              <option value="">{t('logs.anyTime')}</option>
              {Object.keys(LOG_SINCE).map((since) => (
                <option key={since} value={since}>
                  {t(`logs.since.${since}`)}
                </option>
              ))}
            </select>
            <FieldError name="since" errors={fieldErrors} />
          </>
        }
        columns={[
          { key: 'time', label: t('logs.time'), render: (row) => row.time },
          { key: 'level', label: t('logs.level'), render: (row) => t(`logs.level.${row.level}`) },
          { key: 'service', label: t('logs.service'), render: (row) => row.service },
          {
            key: 'message',
            label: t('logs.message'),
            render: (row) => (
              <details>
                <summary>{row.message || t('logs.noMessage')}</summary>
                <dl>
                  <dt>{t('logs.instance')}</dt>
                  <dd>{row.instance}</dd>
                  {row.spanId ? (
                    <>
                      <dt>{t('logs.spanId')}</dt>
                      <dd>{row.spanId}</dd>
                    </>
                  ) : null}
                </dl>
                <pre>{row.fields}</pre>
                {row.truncated ? <p>{t('logs.truncated')}</p> : null}
              </details>
            ),
          },
          {
            key: 'trace',
            label: t('logs.traceId'),
            render: (row) =>
              row.traceId ? (
                <a href={traceHref(row.traceId)} aria-label={t('logs.followTrace', { trace: row.traceId })}>
                  {row.traceId}
                </a>
              ) : null,
          },
        ]}
      />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/RouteErrorBoundary';
