import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { requireStaff } from '../auth/staff-session.server';
import { ConfirmStep } from '../components/ConfirmStep';
import { Flash } from '../components/Flash';
import { FieldError, FormError, StaffForm } from '../components/staff-form';
import { useT } from '../i18n/use-t';
import { advertiserOf, advertiserWrites } from '../panels/affiliates/advertiser-writes.server';
import { panelPath } from '../panels/panels';
import { stateOf, type WriteState } from '../writes/write-state';
import { staffWrite } from '../writes/staff-write.server';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireStaff(request, 'affiliates');
  const found = await advertiserOf(context, params.advertiser ?? '');
  return data(
    { ...found, done: new URL(request.url).searchParams.has('done') },
    { headers: { 'Set-Cookie': context.setCookie } },
  );
}

export const action = ({ request, params, context }: ActionFunctionArgs) =>
  staffWrite(request, 'affiliates', advertiserWrites(params.advertiser ?? ''), context as { clientIp?: unknown });

/** One advertiser (edit it): its affiliate accounts (add or edit one) and its live advertisements with their slots, impressions and clicks (edit or remove one). */
export default function AdvertiserPage() {
  const t = useT();
  const { advertiser, accounts, advertisements, done } = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>() as WriteState | undefined;
  const here = panelPath('affiliates', `advertisers/${encodeURIComponent(advertiser.id)}`);
  if (state?.stage === 'confirm') return <ConfirmStep state={state} cancelHref={here} />;
  const account = stateOf(state, 'account');
  const errors = account?.errors as Record<string, string> | undefined;
  const removal = stateOf(state, 'deleteAd')?.errors as Record<string, string> | undefined;
  const day = (iso: string) => (iso ? iso.slice(0, 10) : t('app.none'));
  return (
    <>
      <p>
        <a href={panelPath('affiliates', 'advertisers')}>{t('advertisers.title')}</a>
      </p>
      <h1>{advertiser.name}</h1>
      <Flash done={done} />
      <p>
        <a href={`${here}/edit`}>{t('advertisers.edit', { name: advertiser.name })}</a>
      </p>
      <dl className="facts">
        <dt>{t('advertisers.kind')}</dt>
        <dd>{t(`advertisers.kind.${advertiser.kind}`)}</dd>
        <dt>{t('advertisers.for')}</dt>
        <dd>{advertiser.kind === 'shop' ? advertiser.shopId : advertiser.brandSlug}</dd>
        <dt>{t('advertisers.homepage')}</dt>
        <dd>{advertiser.homepageUrl}</dd>
        <dt>{t('advertisers.pricing')}</dt>
        <dd>{t(`advertisers.pricing.${advertiser.pricing}`)}</dd>
        <dt>{t('advertisers.active')}</dt>
        <dd>{advertiser.active ? t('advertisers.yes') : t('advertisers.inactiveChoice')}</dd>
      </dl>

      <h2>{t('accounts.title')}</h2>
      <table className="accounts">
        <caption>{t('accounts.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('accounts.network')}</th>
            <th scope="col">{t('accounts.publisher')}</th>
            <th scope="col">{t('accounts.commission')}</th>
            <th scope="col">{t('accounts.tracking')}</th>
            <th scope="col">{t('advertisers.active')}</th>
            <th scope="col">{t('table.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {accounts.length === 0 ? (
            <tr>
              <td colSpan={6}>{t('table.empty')}</td>
            </tr>
          ) : (
            accounts.map((row) => (
              <tr key={row.id}>
                <td>{row.network}</td>
                <td>{row.publisherId}</td>
                <td className="numeric">{row.commissionBasisPoints}</td>
                <td>{row.trackingParameters || t('app.none')}</td>
                <td>{row.active ? t('advertisers.yes') : t('advertisers.no')}</td>
                <td>
                  <a href={`${here}/accounts/${encodeURIComponent(row.id)}`}>
                    {t('accounts.editLink', { network: row.network, publisher: row.publisherId })}
                  </a>
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
      <StaffForm intent="account" label={t('accounts.new')}>
        <FormError errors={errors} />
        <FieldError name="account" errors={errors} />
        <label>
          {t('accounts.network')}{' '}
          <input
            name="network"
            maxLength={40}
            defaultValue={account?.fields.network ?? ''}
            aria-describedby="network-error"
          />
        </label>
        <FieldError name="network" errors={errors} />
        <label>
          {t('accounts.publisher')}{' '}
          <input
            name="publisherId"
            maxLength={128}
            defaultValue={account?.fields.publisherId ?? ''}
            aria-describedby="publisherId-error"
          />
        </label>
        <FieldError name="publisherId" errors={errors} />
        <label>
          {t('accounts.commission')}{' '}
          <input
            name="commissionBasisPoints"
            inputMode="numeric"
            size={6}
            defaultValue={account?.fields.commissionBasisPoints ?? '0'}
            aria-describedby="commissionBasisPoints-error"
          />
        </label>
        <FieldError name="commissionBasisPoints" errors={errors} />
        <button type="submit">{t('accounts.new')}</button>
      </StaffForm>

      <h2>{t('ads.heading')}</h2>
      <FormError errors={removal} />
      <table className="advertisements">
        <caption>{t('ads.heading')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('ads.title')}</th>
            <th scope="col">{t('ads.slot')}</th>
            <th scope="col">{t('ads.countries')}</th>
            <th scope="col">{t('ads.period')}</th>
            <th scope="col">{t('ads.weight')}</th>
            <th scope="col">{t('ads.impressions')}</th>
            <th scope="col">{t('ads.clicks')}</th>
            <th scope="col">{t('table.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {advertisements.length === 0 ? (
            <tr>
              <td colSpan={8}>{t('table.empty')}</td>
            </tr>
          ) : (
            advertisements.map((ad) => (
              <tr key={ad.id}>
                <td>
                  {ad.title} <small>{ad.url}</small>
                </td>
                <td>{ad.placement}</td>
                <td>{ad.countries || t('ads.everywhere')}</td>
                <td>
                  {day(ad.startsAt)} – {ad.endsAt ? day(ad.endsAt) : t('ads.open')}
                </td>
                <td className="numeric">{ad.weight}</td>
                <td className="numeric">{ad.impressions}</td>
                <td className="numeric">{ad.clicks}</td>
                <td>
                  <a href={`${here}/ads/${encodeURIComponent(ad.id)}`}>{t('ads.editLink', { title: ad.title })}</a>
                  <StaffForm intent="deleteAd" label={t('ads.delete', { title: ad.title })}>
                    <input type="hidden" name="advertisementId" value={ad.id} />
                    <button type="submit">{t('ads.delete', { title: ad.title })}</button>
                  </StaffForm>
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/RouteErrorBoundary';
