import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { requireStaff } from '../auth/staff-session.server';
import { DataTable } from '../components/DataTable';
import { FieldError, StaffForm } from '../components/staff-form';
import { useT } from '../i18n/use-t';
import type { Translate } from '../i18n/languages';
import { crawlJobColumns } from '../panels/crawler/crawl-job-columns';
import { crawlerPagePath, HOST_PAGE_JOBS } from '../panels/crawler/crawler-paths';
import {
  checkOnHost,
  hostOfPage,
  refreshRobots,
  type HostUrlCheck,
  type RefreshState,
} from '../panels/crawler/host-page.server';
import { panelPath } from '../panels/panels';
import { jobsOfHost, type CrawlJobRow } from '../services/crawler-jobs.server';
import { hostRobots, type RobotsView } from '../services/crawler.server';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireStaff(request, 'crawler');
  const url = new URL(request.url);
  const host = await hostOfPage(context, params.host);
  const [robots, jobs] = await Promise.all([
    hostRobots(host.host, false),
    jobsOfHost(context.user.id, host.host, HOST_PAGE_JOBS),
  ]);
  // After robots.txt: the check then reads the copy the crawler has just fetched, if it had to.
  const input = (url.searchParams.get('check') ?? '').trim().slice(0, 2048);
  const check = input ? await checkOnHost(context, host.host, input) : null;
  return data(
    { host, robots, jobs, check, refreshed: url.searchParams.has('refreshed') },
    { headers: { 'Set-Cookie': context.setCookie } },
  );
}

export const action = ({ request, params }: ActionFunctionArgs) => refreshRobots(request, params.host);

/** What robots.txt's HTTP status means for the crawler (RFC 9309 §2.3.1). */
const robotsMeaning = (status: number, t: Translate) =>
  status >= 200 && status < 300
    ? t('hostPage.robots.rules')
    : status >= 400 && status < 500 && status !== 429
      ? t('hostPage.robots.allowAll')
      : t('hostPage.robots.disallowAll');

function Robots(props: { readonly robots: RobotsView }) {
  const t = useT();
  const { robots } = props;
  return (
    <>
      <dl className="facts">
        <dt>{t('hostPage.robots.status')}</dt>
        <dd>
          {robots.httpStatus ? `HTTP ${robots.httpStatus}` : t('hostPage.robots.noAnswer')} ·{' '}
          {robotsMeaning(robots.httpStatus, t)}
        </dd>
        <dt>{t('hostPage.robots.fetchedAt')}</dt>
        <dd>{robots.fetchedAt || t('app.none')}</dd>
        <dt>{t('hostPage.robots.expiresAt')}</dt>
        <dd>{robots.expiresAt || t('app.none')}</dd>
        <dt>{t('hostPage.robots.userAgent')}</dt>
        <dd>{robots.userAgent || t('app.none')}</dd>
        <dt>{t('hostPage.robots.crawlDelay')}</dt>
        <dd>{robots.crawlDelaySeconds ? `${robots.crawlDelaySeconds} s` : t('app.none')}</dd>
        <dt>{t('hostPage.robots.sitemaps')}</dt>
        <dd>
          {robots.sitemaps.length > 0 ? (
            <ul>
              {robots.sitemaps.map((sitemap) => (
                <li key={sitemap}>{sitemap}</li>
              ))}
            </ul>
          ) : (
            t('app.none')
          )}
        </dd>
      </dl>
      {robots.body ? (
        <pre className="job-log robots-txt" tabIndex={0} aria-label={t('hostPage.robots.text')}>
          {robots.body}
        </pre>
      ) : (
        <p>{t('hostPage.robots.empty')}</p>
      )}
    </>
  );
}

function CheckAnswer(props: { readonly check: HostUrlCheck }) {
  const t = useT();
  const { check } = props;
  if (!('check' in check)) return null;
  const answer = check.check;
  if (answer.kind === 'unavailable')
    return (
      <p className="notice" role="status">
        {t('hostPage.check.unavailable', { reason: answer.reason })}
      </p>
    );
  if (answer.kind === 'invalid') return null;
  const rule = answer.rule
    ? answer.line
      ? t('hostPage.check.rule', { rule: answer.rule, line: answer.line, group: answer.group || t('app.none') })
      : answer.rule
    : t('hostPage.check.noRule');
  return (
    <p className={answer.allowed ? 'flash' : 'notice'} role="status">
      <strong>{t(answer.allowed ? 'hostPage.check.allowed' : 'hostPage.check.disallowed')}</strong>: {check.url} ·{' '}
      {rule}
    </p>
  );
}

/** The check form's error beside its input: not a URL or path, another host's URL, the crawler's refusal. */
function checkError(check: HostUrlCheck | null, host: string, t: Translate): Record<string, string> | undefined {
  if (!check) return undefined;
  if ('problem' in check)
    return { check: t(check.problem === 'badUrl' ? 'hostPage.check.badUrl' : 'hostPage.check.otherHost', { host }) };
  return check.check.kind === 'invalid' ? { check: check.check.reason } : undefined;
}

/**
 * One crawled host: its politeness state and recent errors, its robots.txt as the crawler holds it
 * (fetched again on request), a URL checked against it, its newest crawl jobs, and links to its URLs,
 * extraction rules, schedules and every job.
 */
export default function HostPage() {
  const t = useT();
  const { host, robots, jobs, check, refreshed } = useLoaderData<typeof loader>();
  const refresh = useActionData<typeof action>() as RefreshState | undefined;
  const jobsPath = panelPath('crawler', 'jobs');
  const errors = checkError(check, host.host, t);
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  return (
    <>
      <p>
        <a href={`${panelPath('crawler', 'hosts')}?${new URLSearchParams({ q: host.host })}`}>{t('hosts.title')}</a>
      </p>
      <h1>{host.host}</h1>
      <ul className="links">
        <li>
          <a href={crawlerPagePath('urls', { host: host.host })}>{t('hostPage.linkUrls')}</a>
        </li>
        <li>
          <a href={crawlerPagePath('rules', { host: host.host })}>{t('hostPage.linkRules')}</a>
        </li>
        <li>
          <a href={crawlerPagePath('schedules', { host: host.host })}>{t('hostPage.linkSchedules')}</a>
        </li>
        <li>
          <a href={crawlerPagePath('jobs', { host: host.host })}>{t('hostPage.linkJobs')}</a>
        </li>
      </ul>

      <h2>{t('hostPage.state')}</h2>
      <dl className="facts">
        <dt>{t('hosts.status')}</dt>
        <dd>{t(`hosts.status.${host.status}`)}</dd>
        <dt>{t('hostPage.shop')}</dt>
        <dd>
          {host.shopId ? <a href={crawlerPagePath('feeds', { shop: host.shopId })}>{host.shopId}</a> : t('app.none')}
        </dd>
        <dt>{t('hostPage.delay')}</dt>
        <dd>{seconds(host.delayMs)}</dd>
        <dt>{t('hostPage.overrideDelay')}</dt>
        <dd>{host.overrideDelayMs ? seconds(host.overrideDelayMs) : t('app.none')}</dd>
        <dt>{t('hostPage.concurrency')}</dt>
        <dd>{host.maxConcurrency}</dd>
        <dt>{t('hostPage.backoffUntil')}</dt>
        <dd>{host.backoffUntil || t('app.none')}</dd>
        <dt>{t('hostPage.lastThrottled')}</dt>
        <dd>{host.lastThrottledAt || t('app.none')}</dd>
        <dt>{t('hosts.errors')}</dt>
        <dd>{host.consecutiveErrors}</dd>
        <dt>{t('hosts.urls')}</dt>
        <dd>
          <a href={crawlerPagePath('urls', { host: host.host })}>
            {host.urlsDue} / {host.urlsKnown}
          </a>
        </dd>
        <dt>{t('hosts.fetched24h')}</dt>
        <dd>{host.pagesFetched24h}</dd>
        <dt>{t('hostPage.lastFetch')}</dt>
        <dd>{host.lastFetchedAt || t('app.none')}</dd>
      </dl>
      {host.recentErrors.length > 0 ? (
        <section className="data-table" aria-label={t('hostPage.recentErrors')}>
          <table>
            <caption>{t('hostPage.recentErrors')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('hostPage.errorAt')}</th>
                <th scope="col">{t('hostPage.errorUrl')}</th>
                <th scope="col">{t('crawlJobs.error')}</th>
                <th scope="col" className="numeric">
                  {t('crawlJobs.httpStatus')}
                </th>
              </tr>
            </thead>
            <tbody>
              {host.recentErrors.map((error, index) => (
                <tr key={`${error.at}-${index}`}>
                  <td>{error.at}</td>
                  <td>{error.url}</td>
                  <td>{error.error}</td>
                  <td className="numeric">{error.httpStatus || t('app.none')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}

      <h2 id="robots">{t('hostPage.robots.title')}</h2>
      {refreshed ? (
        <p className="flash" role="status">
          {t('hostPage.robots.refreshed')}
        </p>
      ) : null}
      {refresh ? (
        <p className="form-error" role="alert">
          {refresh.refresh === 'unavailable'
            ? t('hostPage.robots.unavailable', { reason: refresh.reason })
            : t(refresh.refresh === 'csrf' ? 'field.csrf' : 'field.invalid')}
        </p>
      ) : null}
      {robots.ok ? (
        <Robots robots={robots.robots} />
      ) : (
        <p className="notice" role="status">
          {t('hostPage.robots.unavailable', { reason: robots.reason || t('app.none') })}
        </p>
      )}
      <StaffForm intent="refreshRobots" label={t('hostPage.robots.refresh')}>
        <button type="submit">{t('hostPage.robots.refresh')}</button>
      </StaffForm>

      <h2 id="check">{t('hostPage.check.title')}</h2>
      <form method="get" action="#check" className="staff-form" aria-label={t('hostPage.check.title')}>
        <label htmlFor="check-url">{t('hostPage.check.url')}</label>
        <input
          id="check-url"
          name="check"
          defaultValue={check?.input ?? ''}
          size={60}
          maxLength={2048}
          required
          aria-invalid={errors ? true : undefined}
          aria-describedby={errors ? 'check-error' : 'check-url-help'}
        />
        <button type="submit">{t('hostPage.check.submit')}</button>
        <FieldError name="check" errors={errors} />
        <small id="check-url-help">{t('hostPage.check.help', { host: host.host })}</small>
      </form>
      {check ? <CheckAnswer check={check} /> : null}

      <h2>{t('hostPage.jobs')}</h2>
      <DataTable<CrawlJobRow>
        caption={t('hostPage.jobs')}
        path={jobsPath}
        query={{ sort: 'created', dir: 'desc', page: 1, size: HOST_PAGE_JOBS, filters: { host: host.host } }}
        page={jobs}
        rowKey={(row) => row.id}
        columns={crawlJobColumns(t, { cancelAction: jobsPath })}
      />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/RouteErrorBoundary';
