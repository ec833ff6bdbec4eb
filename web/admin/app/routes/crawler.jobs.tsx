import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { requireStaff } from '../auth/staff-session.server';
import { ConfirmStep } from '../components/ConfirmStep';
import { DataTable } from '../components/DataTable';
import { Flash } from '../components/Flash';
import { FieldError, FormError } from '../components/staff-form';
import { useT } from '../i18n/use-t';
import { crawlJobColumns } from '../panels/crawler/crawl-job-columns';
import { CRAWL_JOB_FILTERS } from '../panels/crawler/crawl-job-statuses';
import { jobWrites } from '../panels/crawler/job-writes.server';
import { panelPath } from '../panels/panels';
import { crawlJobById, crawlJobTable, type CrawlJobRow } from '../services/crawler-jobs.server';
import { readTableQuery } from '../tables/table-query';
import type { WriteState } from '../writes/write-state';
import { staffWrite } from '../writes/staff-write.server';

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireStaff(request, 'crawler');
  const url = new URL(request.url);
  // The crawler lists jobs newest first; that is the one order it offers.
  const read = readTableQuery(url, { sorts: ['created'], defaultSort: 'created', defaultDir: 'desc' });
  // `finished` names a job a cancel found finished: a message of this view, not a filter.
  const { finished: finishedId, ...filters } = read.filters;
  const query = { ...read, filters };
  const [table, finished] = await Promise.all([
    crawlJobTable(context.user.id, query),
    finishedId ? crawlJobById(finishedId) : Promise.resolve(null),
  ]);
  return data(
    {
      query,
      page: table.page,
      refused: table.refused,
      finished: finished && !finished.open ? { id: finished.id, status: finished.status } : null,
      path: panelPath('crawler', 'jobs'),
      done: url.searchParams.has('done'),
    },
    { headers: { 'Set-Cookie': context.setCookie } },
  );
}

export const action = ({ request, context }: ActionFunctionArgs) =>
  staffWrite(request, 'crawler', jobWrites(), context as { clientIp?: unknown });

/**
 * The crawl job queue: every job of the crawler, newest first, by status, host and shop — what it
 * crawls, its state, why, when, what came back, the schedule that made it; a queued or running
 * job cancelled (confirmed).
 */
export default function CrawlJobs() {
  const t = useT();
  const { query, page, refused, finished, path, done } = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>() as WriteState | undefined;
  if (state?.stage === 'confirm') return <ConfirmStep state={state} cancelHref={path} />;
  const filterErrors = refused.includes('host') ? { host: t('crawlJobs.badHost') } : undefined;
  return (
    <>
      <h1>{t('crawlJobs.title')}</h1>
      <Flash done={done} />
      {finished ? (
        <p className="form-error" role="alert">
          {t('crawlJobs.finished', { id: finished.id, status: t(`schedules.status.${finished.status}`) })}
        </p>
      ) : null}
      <FormError errors={state?.errors} />
      <DataTable<CrawlJobRow>
        caption={t('crawlJobs.title')}
        path={path}
        query={query}
        page={page}
        rowKey={(row) => row.id}
        filters={
          <>
            <label htmlFor="filter-job-status">{t('crawlJobs.status')}</label>
            <select id="filter-job-status" name="status" defaultValue={query.filters.status ?? ''}>
              <option value="">{t('crawlJobs.anyStatus')}</option>
              {CRAWL_JOB_FILTERS.map((status) => (
                <option key={status} value={status}>
                  {status === 'open' ? t('crawlJobs.open') : t(`schedules.status.${status}`)}
                </option>
              ))}
            </select>
            <label htmlFor="filter-job-host">{t('crawlJobs.host')}</label>
            <input
              id="filter-job-host"
              type="search"
              name="host"
              defaultValue={query.filters.host ?? ''}
              size={24}
              aria-invalid={filterErrors ? true : undefined}
              aria-describedby={filterErrors ? 'host-error' : undefined}
            />
            <FieldError name="host" errors={filterErrors} />
            <label htmlFor="filter-job-shop">{t('crawlJobs.shopId')}</label>
            <input id="filter-job-shop" type="search" name="shop" defaultValue={query.filters.shop ?? ''} size={20} />
          </>
        }
        columns={crawlJobColumns(t, { cancelAction: path })}
      />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/RouteErrorBoundary';
