import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { requireStaff } from '../auth/staff-session.server';
import { ConfirmStep } from '../components/ConfirmStep';
import { Flash } from '../components/Flash';
import { FieldError, FormError, StaffForm } from '../components/staff-form';
import { useT } from '../i18n/use-t';
import { ecbUpload, fxRateWrites, isOversized } from '../panels/admin/fx-rate-writes.server';
import { ecbJobLines } from '../panels/admin/ecb-job-state';
import { ageInDays, ECB_UPLOAD_INTENT, isStale, STALE_AFTER_DAYS, todayUtc } from '../panels/admin/fx-rate-input';
import { jobPath } from '../panels/infrastructure/jobs';
import { panelPath } from '../panels/panels';
import { fxRatesOverview } from '../services/fx-rates.server';
import { staffWrite } from '../writes/staff-write.server';
import { stateOf, type WriteState } from '../writes/write-state';

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireStaff(request, 'admin');
  const url = new URL(request.url);
  const now = new Date();
  const overview = await fxRatesOverview(context.user.id);
  const rows = overview.rows.map((row) => ({
    ...row,
    ageDays: ageInDays(row.asOf, now),
    stale: isStale(row.asOf, now),
  }));
  const stored = Number(url.searchParams.get('stored') ?? '');
  return data(
    {
      rows,
      ecbJob: overview.ecbJob,
      today: todayUtc(now),
      path: panelPath('admin', 'fx-rates'),
      done: url.searchParams.has('done'),
      // What the last write stored (its redirect says): marked in the table.
      justSet:
        Number.isInteger(stored) && stored > 0
          ? {
              count: stored,
              source: (url.searchParams.get('source') ?? '').slice(0, 100),
              day: (url.searchParams.get('day') ?? '').slice(0, 10),
            }
          : null,
    },
    { headers: { 'Set-Cookie': context.setCookie } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  // Too large for any form of the page: refused before it is read (the upload's answer says so).
  if (isOversized(request)) return ecbUpload(request);
  const form = await request.clone().formData();
  if (form.get('_intent') === ECB_UPLOAD_INTENT) return ecbUpload(request);
  return staffWrite(request, 'admin', fxRateWrites(), context as { clientIp?: unknown });
}

/**
 * The FX rates offers converts prices with (prices abroad, landed prices, EcoTip bookings): every
 * stored pair's rate in effect with its age and source (stale ones flagged), whether offers' ECB
 * job refreshes them and how its last run ended, one rate set by hand, or the ECB's daily reference
 * rates uploaded — each a confirmed write, checked and audited by offers.
 */
export default function FxRates() {
  const t = useT();
  const { rows, ecbJob, today, path, done, justSet } = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>() as WriteState | undefined;
  if (state?.stage === 'confirm') return <ConfirmStep state={state} cancelHref={path} />;
  const manual = stateOf(state, 'setRate');
  const manualErrors = manual?.errors as Record<string, string> | undefined;
  const upload = stateOf(state, ECB_UPLOAD_INTENT) ?? stateOf(state, 'ecb');
  const uploadErrors = upload?.errors as Record<string, string> | undefined;
  const stale = rows.filter((row) => row.stale).length;
  const isJustSet = (row: (typeof rows)[number]) =>
    justSet !== null && row.source === justSet.source && row.asOf.slice(0, 10) === justSet.day;
  const field = (name: 'base' | 'quote' | 'rate' | 'asOf', label: string, input: Record<string, unknown>) => (
    <p>
      <label htmlFor={`fx-${name}`}>{label}</label>
      <input
        id={`fx-${name}`}
        name={name}
        defaultValue={manual?.fields[name] ?? (name === 'asOf' ? today : '')}
        aria-invalid={manualErrors?.[name] ? true : undefined}
        aria-describedby={`${name}-error`}
        required
        {...input}
      />
      <FieldError name={name} errors={manualErrors} />
    </p>
  );
  return (
    <>
      <h1>{t('fx.title')}</h1>
      <Flash done={done} />
      {justSet ? (
        <p className="notice" role="status">
          {t('fx.justSet', justSet)}
        </p>
      ) : null}
      <p>{t('fx.help')}</p>
      {rows.length === 0 ? (
        <p className="status-bad">{t('fx.none')}</p>
      ) : stale > 0 ? (
        <p className="status-bad">{t('fx.staleCount', { stale, total: rows.length, days: STALE_AFTER_DAYS })}</p>
      ) : (
        <p className="status-ok">{t('fx.allFresh', { days: STALE_AFTER_DAYS })}</p>
      )}
      <section aria-labelledby="fx-auto">
        <h2 id="fx-auto">{t('fx.auto.title')}</h2>
        {ecbJobLines(ecbJob).map((line) => (
          <p key={line.key} className={line.bad ? 'status-bad' : undefined}>
            {t(line.key, line.params)}
          </p>
        ))}
        {ecbJob?.lastRun ? (
          <p>
            <a href={jobPath('offers', ecbJob.lastRun.jobId)}>{t('fx.auto.jobLink')}</a>
          </p>
        ) : null}
      </section>
      <section className="data-table" aria-label={t('fx.title')}>
        <table>
          <caption>{t('fx.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('fx.base')}</th>
              <th scope="col">{t('fx.quote')}</th>
              <th scope="col" className="numeric">
                {t('fx.rate')}
              </th>
              <th scope="col">{t('fx.asOf')}</th>
              <th scope="col">{t('fx.age')}</th>
              <th scope="col">{t('fx.source')}</th>
              <th scope="col">{t('fx.storedAt')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={7}>{t('app.none')}</td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={`${row.base}>${row.quote}`} className={row.stale ? 'attention' : undefined}>
                  <td>{row.base}</td>
                  <td>{row.quote}</td>
                  <td className="numeric">{row.rate}</td>
                  <td>
                    <time dateTime={row.asOf}>{row.asOf.slice(0, 10)}</time>
                  </td>
                  <td>{`${t('fx.ageDays', { days: row.ageDays })}${row.stale ? ` · ${t('fx.stale')}` : ''}`}</td>
                  <td>{`${row.source || t('app.none')}${isJustSet(row) ? ` · ${t('fx.justSetMark')}` : ''}`}</td>
                  <td>
                    <time dateTime={row.storedAt}>{row.storedAt.slice(0, 16).replace('T', ' ')}</time>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </section>

      <h2>{t('fx.setTitle')}</h2>
      <StaffForm intent="setRate" className="stacked-form" label={t('fx.setTitle')}>
        <FormError errors={manualErrors} />
        <FieldError name="rates" errors={manualErrors} />
        {field('base', t('fx.base'), { size: 3, maxLength: 3, autoCapitalize: 'characters' })}
        {field('quote', t('fx.quote'), { size: 3, maxLength: 3, autoCapitalize: 'characters' })}
        {field('rate', t('fx.rateHelp'), { size: 24, inputMode: 'decimal' })}
        {field('asOf', t('fx.asOf'), { type: 'date', max: today })}
        <p>
          <label>
            <input type="checkbox" name="inverse" defaultChecked={manual ? Boolean(manual.fields.inverse) : true} />{' '}
            {t('fx.inverse')}
          </label>
        </p>
        <p className="field-help">{t('fx.setHelp')}</p>
        <button type="submit">{t('fx.set')}</button>
      </StaffForm>

      <h2>{t('fx.ecbTitle')}</h2>
      <p>{t('fx.ecbHelp')}</p>
      <StaffForm
        intent={ECB_UPLOAD_INTENT}
        className="stacked-form"
        label={t('fx.ecbTitle')}
        encType="multipart/form-data"
      >
        <FormError errors={uploadErrors} />
        <FieldError name="rates" errors={uploadErrors} />
        <FieldError name="asOf" errors={uploadErrors} />
        <p>
          <label htmlFor="fx-file">{t('fx.ecbFile')}</label>
          <input
            id="fx-file"
            type="file"
            name="file"
            accept=".csv,text/csv"
            required
            aria-invalid={uploadErrors?.file ? true : undefined}
            aria-describedby="file-error"
          />
          <FieldError name="file" errors={uploadErrors} />
        </p>
        <button type="submit">{t('fx.ecbUpload')}</button>
      </StaffForm>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/RouteErrorBoundary';
