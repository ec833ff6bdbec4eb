import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { requireStaff } from '../auth/staff-session.server';
import { ConfirmStep } from '../components/ConfirmStep';
import { Flash } from '../components/Flash';
import { FormError, StaffForm } from '../components/staff-form';
import { useT } from '../i18n/use-t';
import { jobOf, jobWrites } from '../panels/infrastructure/job-writes.server';
import { jobPath } from '../panels/infrastructure/jobs';
import { panelPath } from '../panels/panels';
import { staffWrite } from '../writes/staff-write.server';
import type { WriteState } from '../writes/write-state';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireStaff(request, 'infrastructure');
  const job = await jobOf(context, params.service ?? '', params.job ?? '');
  return data(
    { job, done: new URL(request.url).searchParams.has('done') },
    { headers: { 'Set-Cookie': context.setCookie } },
  );
}

export const action = ({ request, params, context }: ActionFunctionArgs) =>
  staffWrite(
    request,
    'infrastructure',
    jobWrites(params.service ?? '', params.job ?? ''),
    context as { clientIp?: unknown },
  );

const WAITING = ['queued', 'retrying'];

/** One job: its state, attempts, times, payload, result, error and log; retry, cancel and run now, each confirmed. */
export default function JobPage() {
  const t = useT();
  const { job, done } = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>() as WriteState | undefined;
  if (state?.stage === 'confirm') return <ConfirmStep state={state} cancelHref={jobPath(job.service, job.id)} />;
  const errors = state?.stage === 'errors' ? (state.errors as Record<string, string>) : undefined;
  const time = (value: string) =>
    value ? <time dateTime={value}>{value.replace('T', ' ').slice(0, 19)}</time> : t('app.none');
  return (
    <>
      <p>
        <a href={panelPath('infrastructure', 'jobs')}>{t('jobs.title')}</a>
      </p>
      <h1>
        {job.kind} <small>{job.id}</small>
      </h1>
      <Flash done={done} />
      <FormError errors={errors} />
      <dl className="facts">
        <dt>{t('jobs.service')}</dt>
        <dd>{job.service}</dd>
        <dt>{t('jobs.state')}</dt>
        <dd className={`job-state job-${job.state}`}>
          {t(`jobs.state.${job.state}`)}
          {job.cancelRequested ? ` (${t('jobs.cancelRequested')})` : ''}
        </dd>
        <dt>{t('jobs.attempts')}</dt>
        <dd>
          {job.attempts} / {job.maxAttempts}
        </dd>
        <dt>{t('jobs.created')}</dt>
        <dd>{time(job.createdAt)}</dd>
        <dt>{t('jobs.runAt')}</dt>
        <dd>{time(job.runAt)}</dd>
        <dt>{t('jobs.started')}</dt>
        <dd>{time(job.startedAt)}</dd>
        <dt>{t('jobs.finished')}</dt>
        <dd>{time(job.finishedAt)}</dd>
        <dt>{t('jobs.duration')}</dt>
        <dd>{t('jobs.ms', { ms: job.durationMs })}</dd>
        <dt>{t('jobs.requestedBy')}</dt>
        <dd>{job.requestedBy || t('jobs.byService')}</dd>
        <dt>{t('jobs.payload')}</dt>
        <dd>
          <code>{job.payloadJson}</code>
        </dd>
        {job.resultJson ? (
          <>
            <dt>{t('jobs.result')}</dt>
            <dd>
              <code>{job.resultJson}</code>
            </dd>
          </>
        ) : null}
      </dl>
      {job.error ? (
        <>
          <h2>{t('jobs.error')}</h2>
          <pre className="job-error">{job.error}</pre>
        </>
      ) : null}

      <h2>{t('jobs.actions')}</h2>
      <div className="job-actions">
        {['failed', 'cancelled', 'retrying'].includes(job.state) ? (
          <StaffForm intent="retry" label={t('jobs.retry')}>
            <button type="submit">{t('jobs.retry')}</button>
          </StaffForm>
        ) : null}
        {WAITING.includes(job.state) ? (
          <StaffForm intent="run_now" label={t('jobs.runNow')}>
            <button type="submit">{t('jobs.runNow')}</button>
          </StaffForm>
        ) : null}
        {[...WAITING, 'running'].includes(job.state) && !job.cancelRequested ? (
          <StaffForm intent="cancel" label={t('jobs.cancel')}>
            <button type="submit">{t('jobs.cancel')}</button>
          </StaffForm>
        ) : null}
      </div>

      <h2>{t('jobs.log')}</h2>
      {job.logLines.length === 0 ? (
        <p>{t('jobs.noLog')}</p>
      ) : (
        <pre className="job-log" tabIndex={0} aria-label={t('jobs.log')}>
          {job.logLines.join('\n')}
        </pre>
      )}
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/RouteErrorBoundary';
