import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { requireStaff } from '../auth/staff-session.server';
import { ConfirmStep } from '../components/ConfirmStep';
import { FieldError, FormError, StaffForm } from '../components/staff-form';
import { useT } from '../i18n/use-t';
import { advertisementEditWrites } from '../panels/affiliates/advertiser-edits.server';
import { advertiserPart } from '../panels/affiliates/advertiser-writes.server';
import { EditField } from '../panels/affiliates/edit-field';
import { panelPath } from '../panels/panels';
import { stateOf, type WriteState } from '../writes/write-state';
import { staffWrite } from '../writes/staff-write.server';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireStaff(request, 'affiliates');
  const { advertiser, item: ad } = await advertiserPart(
    context,
    params.advertiser ?? '',
    'advertisements',
    params.ad ?? '',
  );
  return data({ advertiser, ad }, { headers: { 'Set-Cookie': context.setCookie } });
}

export const action = ({ request, params, context }: ActionFunctionArgs) =>
  staffWrite(
    request,
    'affiliates',
    advertisementEditWrites(params.advertiser ?? '', params.ad ?? ''),
    context as { clientIp?: unknown },
  );

/** Edits an advertisement: its slot, texts, addresses, targeting, period and weight; confirmed, then audited by affiliates. */
export default function EditAdvertisement() {
  const t = useT();
  const { advertiser, ad } = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>() as WriteState | undefined;
  const back = panelPath('affiliates', `advertisers/${encodeURIComponent(advertiser.id)}`);
  if (state?.stage === 'confirm') return <ConfirmStep state={state} cancelHref={back} />;
  const edit = stateOf(state, 'edit');
  const errors = edit?.errors as Record<string, string> | undefined;
  const field = (
    name: string,
    current: string,
    label: string,
    extra: { type?: 'url' | 'date'; maxLength?: number } = {},
  ) => <EditField name={name} label={label} value={edit?.fields[name] ?? current} errors={errors} {...extra} />;
  const title = t('ads.edit', { title: ad.title });
  return (
    <>
      <p>
        <a href={back}>{advertiser.name}</a>
      </p>
      <h1>{title}</h1>
      <StaffForm intent="edit" label={title}>
        <FormError errors={errors} />
        <FieldError name="advertisement" errors={errors} />
        {field('placement', ad.placement, t('ads.slot'), { maxLength: 40 })}
        {field('title', ad.title, t('ads.title'), { maxLength: 200 })}
        {field('text', ad.text, t('ads.text'), { maxLength: 1000 })}
        {field('imageUrl', ad.imageUrl, t('ads.image'))}
        {field('url', ad.url, t('ads.url'))}
        {field('countries', ad.countries, t('ads.countriesList'))}
        {field('language', ad.language, t('ads.language'), { maxLength: 2 })}
        {field('categoryIds', ad.categoryIds, t('ads.categories'))}
        {field('startsAt', ad.startsAt.slice(0, 10), t('ads.starts'), { type: 'date' })}
        {field('endsAt', ad.endsAt.slice(0, 10), t('ads.ends'), { type: 'date' })}
        <FieldError name="starts_at" errors={errors} />
        <FieldError name="ends_at" errors={errors} />
        {field('weight', String(ad.weight), t('ads.weight'))}
        <button type="submit">{t('ads.save')}</button>
      </StaffForm>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/RouteErrorBoundary';
