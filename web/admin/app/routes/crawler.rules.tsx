import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { requireStaff } from '../auth/staff-session.server';
import { ConfirmStep } from '../components/ConfirmStep';
import { Flash } from '../components/Flash';
import { FieldError, FormError, StaffForm } from '../components/staff-form';
import { useT } from '../i18n/use-t';
import { ruleWrites } from '../panels/crawler/rule-writes.server';
import { panelPath } from '../panels/panels';
import { RULE_FIELDS, type RuleSet } from '../panels/crawler/crawler-fields';
import { hostRules, previewRules, type PreviewOffer } from '../services/crawler-pages.server';
import type { WriteState } from '../writes/write-state';
import { staffWrite } from '../writes/staff-write.server';

/** The rules the preview form carries (`rule_<field>`), or null when it names no name and price. */
function rulesFromQuery(params: URLSearchParams): RuleSet | null {
  const rules = Object.fromEntries(
    RULE_FIELDS.map((field) => [field, (params.get(`rule_${field}`) ?? '').trim().slice(0, 500)]),
  ) as RuleSet;
  return rules.name || rules.price ? rules : null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireStaff(request, 'crawler');
  const url = new URL(request.url);
  const host = (url.searchParams.get('host') ?? '').trim().toLowerCase().slice(0, 253);
  const previewUrl = (url.searchParams.get('url') ?? '').trim().slice(0, 2048);
  const tried = rulesFromQuery(url.searchParams);
  const stored = host ? await hostRules(host) : null;
  const { preview, error: previewError } = previewUrl
    ? await previewRules(context.user.id, previewUrl, tried)
    : { preview: null, error: '' };
  return data(
    {
      host,
      stored,
      previewUrl,
      tried: tried ?? stored?.rules ?? null,
      preview,
      previewError,
      path: panelPath('crawler', 'rules'),
      done: url.searchParams.has('done'),
    },
    { headers: { 'Set-Cookie': context.setCookie } },
  );
}

export const action = ({ request, context }: ActionFunctionArgs) =>
  staffWrite(request, 'crawler', ruleWrites(), context as { clientIp?: unknown });

function Offers(props: { readonly offers: readonly PreviewOffer[]; readonly caption: string }) {
  const t = useT();
  return (
    <section className="data-table" aria-label={props.caption}>
      <table>
        <caption>{props.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('rules.field.name')}</th>
            <th scope="col">{t('rules.field.price')}</th>
            <th scope="col">{t('rules.field.availability')}</th>
            <th scope="col">{t('rules.field.gtin')}</th>
            <th scope="col">{t('rules.field.sku')}</th>
            <th scope="col">{t('rules.flags')}</th>
          </tr>
        </thead>
        <tbody>
          {props.offers.length === 0 ? (
            <tr>
              <td colSpan={6}>{t('rules.noOffers')}</td>
            </tr>
          ) : (
            props.offers.map((offer, index) => (
              <tr key={index}>
                <td>{offer.name || t('app.none')}</td>
                <td>
                  {offer.price ? `${offer.price.currency} ${(offer.price.amount / 100).toFixed(2)}` : t('app.none')}
                </td>
                <td>{offer.availability || t('app.none')}</td>
                <td>{offer.gtin || t('app.none')}</td>
                <td>{offer.sku || t('app.none')}</td>
                <td>{offer.flags.join(', ') || t('app.none')}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </section>
  );
}

/** A host's extraction rules: the stored ones (set, clear — confirmed) and a live "try on a URL" preview. */
export default function Rules() {
  const t = useT();
  const { host, stored, previewUrl, tried, preview, previewError, path, done } = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>() as WriteState | undefined;
  if (state?.stage === 'confirm')
    return <ConfirmStep state={state} cancelHref={`${path}?${new URLSearchParams({ host })}`} />;
  const errors = state?.errors;
  const value = (field: string) => state?.fields[field] ?? stored?.rules[field as keyof RuleSet] ?? '';
  return (
    <>
      <h1>{t('rules.title')}</h1>
      <Flash done={done} />
      <form method="get" action={path} className="table-filters" role="search">
        <label>
          {t('rules.host')} <input type="search" name="host" defaultValue={host} size={28} required />
        </label>
        <button type="submit">{t('rules.open')}</button>
      </form>
      {host ? (
        <>
          <h2>{t('rules.storedFor', { host })}</h2>
          <p>{stored ? t('rules.updatedAt', { at: stored.updatedAt }) : t('rules.none')}</p>
          <FormError errors={errors} />
          <StaffForm intent="setRules" label={t('rules.save')}>
            <input type="hidden" name="host" value={host} />
            {RULE_FIELDS.map((field) => (
              <p key={field}>
                <label htmlFor={`rule-${field}`}>{t(`rules.field.${field}`)}</label>{' '}
                <input
                  id={`rule-${field}`}
                  name={field}
                  defaultValue={value(field)}
                  size={40}
                  required={field === 'name' || field === 'price'}
                  aria-describedby={errors?.[field] ? `${field}-error` : undefined}
                />{' '}
                <FieldError name={field} errors={errors} />
              </p>
            ))}
            <p>{t('rules.help')}</p>
            <button type="submit">{t('rules.save')}</button>
          </StaffForm>
          {stored ? (
            <StaffForm intent="clearRules" label={t('rules.clear')}>
              <input type="hidden" name="host" value={host} />
              <button type="submit">{t('rules.clear')}</button>
            </StaffForm>
          ) : null}
        </>
      ) : null}
      <h2>{t('rules.previewTitle')}</h2>
      <form method="get" action={path} className="staff-form" aria-label={t('rules.previewTitle')}>
        <input type="hidden" name="host" value={host} />
        <p>
          <label htmlFor="preview-url">{t('rules.previewUrl')}</label>{' '}
          <input id="preview-url" type="url" name="url" defaultValue={previewUrl} size={60} required />
        </p>
        {RULE_FIELDS.map((field) => (
          <p key={field}>
            <label htmlFor={`try-${field}`}>{t(`rules.field.${field}`)}</label>{' '}
            <input id={`try-${field}`} name={`rule_${field}`} defaultValue={tried?.[field] ?? ''} size={40} />
          </p>
        ))}
        <button type="submit">{t('rules.tryIt')}</button>
      </form>
      {previewError ? (
        <p className="field-error" role="alert">
          {previewError}
        </p>
      ) : null}
      {preview ? (
        <section aria-label={t('rules.previewResult')}>
          <p role="status">
            {t('rules.fetched', { status: preview.httpStatus, url: preview.finalUrl })}
            {preview.truncated ? ` ${t('rules.truncated')}` : ''}
          </p>
          <Offers offers={preview.byRules} caption={t('rules.byRules')} />
          <Offers
            offers={preview.byCrawler}
            caption={t('rules.byCrawler', { method: preview.pageMethod || t('app.none') })}
          />
        </section>
      ) : null}
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/RouteErrorBoundary';
