import type { Column } from '../../components/DataTable';
import { StaffForm } from '../../components/staff-form';
import type { Translate } from '../../i18n/languages';
import type { CrawlJobRow } from '../../services/crawler-jobs.server';
import { crawlerPagePath, hostPagePath } from './crawler-paths';

/** What a job crawls, readable: a page's URL, a site's host, a shop's feed; its host links to the host's page. */
function JobTarget(props: { readonly row: CrawlJobRow; readonly t: Translate }) {
  const { row, t } = props;
  if (row.kind === 'feed')
    return (
      <>
        {t('crawlJobs.kind.feed', { feed: row.target })}
        {row.shopId ? (
          <>
            {' '}
            <small>
              · <a href={crawlerPagePath('feeds', { shop: row.shopId })}>{t('crawlJobs.shop', { shop: row.shopId })}</a>
            </small>
          </>
        ) : null}
      </>
    );
  if (row.kind === 'site')
    return (
      <>
        {t('schedules.kind.site')}: <a href={hostPagePath(row.host)}>{row.target}</a>
      </>
    );
  return (
    <>
      {t('schedules.kind.page')}: {row.target}
      {row.host ? (
        <>
          {' '}
          <small>
            · <a href={hostPagePath(row.host)}>{row.host}</a>
          </small>
        </>
      ) : null}
    </>
  );
}

/** The schedule that made a job, linked to the schedules page (by its host, or a feed's shop). */
function JobSchedule(props: { readonly row: CrawlJobRow; readonly t: Translate }) {
  const { row, t } = props;
  if (!row.scheduleId) return <>{t('crawlJobs.noSchedule')}</>;
  const filters: Record<string, string> = row.host ? { host: row.host } : { shop: row.shopId };
  return <a href={crawlerPagePath('schedules', filters)}>{row.scheduleId}</a>;
}

/**
 * The columns of a crawl jobs table (the jobs page, a host's page): what, state, priority,
 * attempts, why, when, what came back, the schedule; with `cancelAction`, a Cancel button on each
 * open job that posts to the jobs page (its confirm step).
 */
export function crawlJobColumns(t: Translate, options: { readonly cancelAction?: string } = {}) {
  const when = (value: string) => value || t('app.none');
  const columns: Column<CrawlJobRow>[] = [
    { key: 'target', label: t('crawlJobs.target'), render: (row) => <JobTarget row={row} t={t} /> },
    { key: 'status', label: t('crawlJobs.status'), render: (row) => t(`schedules.status.${row.status}`) },
    { key: 'priority', label: t('crawlJobs.priority'), numeric: true, render: (row) => row.priority },
    { key: 'attempts', label: t('crawlJobs.attempts'), numeric: true, render: (row) => row.attempts },
    { key: 'reason', label: t('crawlJobs.reason'), render: (row) => row.reason || t('app.none') },
    { key: 'created', label: t('crawlJobs.created'), render: (row) => when(row.createdAt) },
    { key: 'runAt', label: t('crawlJobs.runAt'), render: (row) => when(row.runAt) },
    { key: 'started', label: t('crawlJobs.started'), render: (row) => when(row.startedAt) },
    { key: 'finished', label: t('crawlJobs.finishedAt'), render: (row) => when(row.finishedAt) },
    {
      key: 'http',
      label: t('crawlJobs.httpStatus'),
      numeric: true,
      render: (row) => (row.httpStatus ? row.httpStatus : t('app.none')),
    },
    { key: 'error', label: t('crawlJobs.error'), render: (row) => row.error || t('app.none') },
    { key: 'pages', label: t('crawlJobs.pages'), numeric: true, render: (row) => row.pagesFetched },
    { key: 'offers', label: t('crawlJobs.offers'), numeric: true, render: (row) => row.offersObserved },
    { key: 'schedule', label: t('crawlJobs.schedule'), render: (row) => <JobSchedule row={row} t={t} /> },
  ];
  if (options.cancelAction === undefined) return columns;
  return [
    ...columns,
    {
      key: 'actions',
      label: t('table.actions'),
      render: (row: CrawlJobRow) =>
        row.open ? (
          <StaffForm
            intent="cancel"
            action={options.cancelAction}
            className="inline-form"
            label={t('crawlJobs.cancel', { target: row.target })}
          >
            <input type="hidden" name="jobId" value={row.id} />
            <button type="submit">{t('crawlJobs.cancelShort')}</button>
          </StaffForm>
        ) : null,
    },
  ];
}
