import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { requireStaff } from '../auth/staff-session.server';
import { ConfirmStep } from '../components/ConfirmStep';
import { DataTable } from '../components/DataTable';
import { Flash } from '../components/Flash';
import { FieldError, FormError, StaffForm } from '../components/staff-form';
import { useLanguage, useT } from '../i18n/use-t';
import { CRAWL_INTERVAL_NAMES, formatCrawlInterval, MAX_START_URLS } from '../panels/crawler/crawl-starts';
import { scheduleWrites } from '../panels/crawler/schedule-writes.server';
import { panelPath } from '../panels/panels';
import { scheduleTable, type ScheduleRow } from '../services/crawler-schedules.server';
import { readTableQuery } from '../tables/table-query';
import { stateOf, type WriteState } from '../writes/write-state';
import { staffWrite } from '../writes/staff-write.server';

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireStaff(request, 'crawler');
  const url = new URL(request.url);
  // The crawler lists schedules soonest run first; that is the one order it offers.
  const query = readTableQuery(url, { sorts: ['next'], defaultSort: 'next' });
  const page = await scheduleTable(context.user.id, query);
  return data(
    { query, page, path: panelPath('crawler', 'schedules'), done: url.searchParams.has('done') },
    { headers: { 'Set-Cookie': context.setCookie } },
  );
}

export const action = ({ request, context }: ActionFunctionArgs) =>
  staffWrite(request, 'crawler', scheduleWrites(), context as { clientIp?: unknown });

/** The latest crawl of a schedule's target: its state, when, what it fetched and observed, its error. */
function CrawlStatus(props: { readonly row: ScheduleRow }) {
  const t = useT();
  const crawl = props.row.crawl;
  if (!crawl) return <>{t('schedules.noCrawl')}</>;
  return (
    <>
      {t(`schedules.status.${crawl.status}`)}
      {crawl.status === 'queued' && crawl.queuePosition > 0
        ? ` (${t('schedules.queuePosition', { ahead: crawl.queuePosition })})`
        : ''}{' '}
      <small>
        {crawl.at} · {t('schedules.fetched', { pages: crawl.pagesFetched, offers: crawl.offersObserved })}
        {crawl.httpStatus ? ` · HTTP ${crawl.httpStatus}` : ''}
        {crawl.error ? ` · ${crawl.error}` : ''}
      </small>
    </>
  );
}

/**
 * Crawl schedules: a shop's site crawled from its start URLs, once or every interval (checked by
 * offers and the crawler first, then confirmed); every recurring crawl with its target's latest
 * crawl; disable one (confirmed).
 */
export default function Schedules() {
  const t = useT();
  const language = useLanguage();
  const { query, page, path, done } = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>() as WriteState | undefined;
  if (state?.stage === 'confirm') return <ConfirmStep state={state} cancelHref={path} />;
  const scheduling = stateOf(state, 'schedule');
  const errors = scheduling?.errors;
  const value = (field: string, fallback = '') => scheduling?.fields[field] ?? fallback;
  const described = (field: string) => (errors?.[field] ? `${field}-error` : undefined);
  return (
    <>
      <h1>{t('schedules.title')}</h1>
      <Flash done={done} />
      <FormError errors={stateOf(state, 'disable')?.errors} />
      <h2 id="schedule-crawl">{t('schedules.newTitle')}</h2>
      <p>{t('schedules.newHelp')}</p>
      <FormError errors={errors} />
      <StaffForm intent="schedule" label={t('schedules.newTitle')}>
        <p>
          <label htmlFor="schedule-shop">{t('schedules.shopId')}</label>{' '}
          <input
            id="schedule-shop"
            name="shopId"
            defaultValue={value('shopId', query.filters.shop ?? '')}
            size={30}
            required
            aria-describedby={described('shopId')}
          />{' '}
          <FieldError name="shopId" errors={errors} />
        </p>
        <p>
          <label htmlFor="schedule-urls">{t('schedules.urls', { max: MAX_START_URLS })}</label>
          <br />
          <textarea
            id="schedule-urls"
            name="urls"
            defaultValue={value('urls')}
            rows={4}
            cols={70}
            required
            aria-describedby={described('urls') ?? 'schedule-urls-help'}
          />{' '}
          <FieldError name="urls" errors={errors} />
          <br />
          <small id="schedule-urls-help">{t('schedules.urlsHelp')}</small>
        </p>
        <p>
          <label htmlFor="schedule-interval">{t('schedules.interval')}</label>{' '}
          <select
            id="schedule-interval"
            name="interval"
            defaultValue={value('interval', '1d')}
            aria-describedby={described('interval')}
          >
            {CRAWL_INTERVAL_NAMES.map((name) => (
              <option key={name} value={name}>
                {t(`schedules.every.${name}`)}
              </option>
            ))}
          </select>{' '}
          <FieldError name="interval" errors={errors} />
        </p>
        <p>
          <label htmlFor="schedule-reason">{t('schedules.reasonOptional')}</label>{' '}
          <input
            id="schedule-reason"
            name="reason"
            defaultValue={value('reason')}
            size={50}
            maxLength={200}
            aria-describedby={described('reason')}
          />{' '}
          <FieldError name="reason" errors={errors} />
        </p>
        <button type="submit">{t('schedules.schedule')}</button>
      </StaffForm>
      <h2>{t('schedules.listTitle')}</h2>
      <DataTable<ScheduleRow>
        caption={t('schedules.listTitle')}
        path={path}
        query={query}
        page={page}
        rowKey={(row) => row.id}
        filters={
          <>
            <label>
              {t('schedules.shop')}{' '}
              <input type="search" name="shop" defaultValue={query.filters.shop ?? ''} size={20} />
            </label>
            <label>
              {t('schedules.host')}{' '}
              <input type="search" name="host" defaultValue={query.filters.host ?? ''} size={20} />
            </label>
            <label htmlFor="filter-schedule-state">{t('schedules.state')}</label>
            <select id="filter-schedule-state" name="state" defaultValue={query.filters.state ?? ''}>
              <option value="">{t('schedules.anyState')}</option>
              <option value="enabled">{t('schedules.state.enabled')}</option>
            </select>
          </>
        }
        columns={[
          {
            key: 'target',
            label: t('schedules.target'),
            render: (row) => (
              <>
                {t(`schedules.kind.${row.kind}`)}: {row.target}
                {row.reason ? <small> · {row.reason}</small> : null}
              </>
            ),
          },
          {
            key: 'host',
            label: t('schedules.host'),
            render: (row) =>
              row.host ? (
                <a href={`${panelPath('crawler', 'urls')}?${new URLSearchParams({ host: row.host })}`}>{row.host}</a>
              ) : (
                t('app.none')
              ),
          },
          {
            key: 'shop',
            label: t('schedules.shop'),
            render: (row) =>
              row.shopId ? (
                <a href={`${path}?${new URLSearchParams({ shop: row.shopId })}`}>{row.shopId}</a>
              ) : (
                t('schedules.noShop')
              ),
          },
          {
            key: 'interval',
            label: t('schedules.interval'),
            numeric: true,
            render: (row) => formatCrawlInterval(row.intervalSeconds, language),
          },
          {
            key: 'next',
            label: t('schedules.nextRun'),
            render: (row) => (row.enabled ? row.nextRunAt : t('schedules.state.disabled')),
          },
          { key: 'last', label: t('schedules.lastRun'), render: (row) => row.lastRunAt || t('app.none') },
          { key: 'crawl', label: t('schedules.crawlStatus'), render: (row) => <CrawlStatus row={row} /> },
          {
            key: 'actions',
            label: t('table.actions'),
            render: (row) =>
              row.enabled && row.kind !== 'feed' ? (
                <StaffForm
                  intent="disable"
                  className="inline-form"
                  label={t('schedules.disable', { target: row.target })}
                >
                  <input type="hidden" name="scheduleId" value={row.id} />
                  <input type="hidden" name="host" value={row.host} />
                  <button type="submit">{t('schedules.disableShort')}</button>
                </StaffForm>
              ) : null,
          },
        ]}
      />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/RouteErrorBoundary';
