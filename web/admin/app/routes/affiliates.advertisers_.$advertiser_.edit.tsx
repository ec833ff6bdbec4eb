import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { requireStaff } from '../auth/staff-session.server';
import { ConfirmStep } from '../components/ConfirmStep';
import { FieldError, FormError, StaffForm } from '../components/staff-form';
import { useT } from '../i18n/use-t';
import { advertiserEditWrites } from '../panels/affiliates/advertiser-edits.server';
import { ADVERTISER_KIND_NAMES, PRICING_NAMES } from '../panels/affiliates/advertiser-options';
import { advertiserOf } from '../panels/affiliates/advertiser-writes.server';
import { EditChoice, EditField } from '../panels/affiliates/edit-field';
import { panelPath } from '../panels/panels';
import { stateOf, type WriteState } from '../writes/write-state';
import { staffWrite } from '../writes/staff-write.server';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireStaff(request, 'affiliates');
  const { advertiser } = await advertiserOf(context, params.advertiser ?? '');
  return data({ advertiser }, { headers: { 'Set-Cookie': context.setCookie } });
}

export const action = ({ request, params, context }: ActionFunctionArgs) =>
  staffWrite(request, 'affiliates', advertiserEditWrites(params.advertiser ?? ''), context as { clientIp?: unknown });

/** Edits an advertiser: every field of the create form, and whether it is active; confirmed, then audited by affiliates. */
export default function EditAdvertiser() {
  const t = useT();
  const { advertiser } = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>() as WriteState | undefined;
  const back = panelPath('affiliates', `advertisers/${encodeURIComponent(advertiser.id)}`);
  if (state?.stage === 'confirm') return <ConfirmStep state={state} cancelHref={back} />;
  const edit = stateOf(state, 'edit');
  const errors = edit?.errors as Record<string, string> | undefined;
  const value = (name: keyof typeof advertiser, fallback = String(advertiser[name])) => edit?.fields[name] ?? fallback;
  return (
    <>
      <p>
        <a href={back}>{advertiser.name}</a>
      </p>
      <h1>{t('advertisers.edit', { name: advertiser.name })}</h1>
      <StaffForm intent="edit" label={t('advertisers.edit', { name: advertiser.name })}>
        <FormError errors={errors} />
        <FieldError name="advertiser" errors={errors} />
        <EditField name="name" label={t('advertisers.name')} value={value('name')} errors={errors} maxLength={200} />
        <EditChoice name="kind" label={t('advertisers.kind')} value={value('kind')} errors={errors}>
          {ADVERTISER_KIND_NAMES.map((kind) => (
            <option key={kind} value={kind}>
              {t(`advertisers.kind.${kind}`)}
            </option>
          ))}
        </EditChoice>
        <EditField
          name="shopId"
          label={t('advertisers.shop')}
          value={value('shopId')}
          errors={errors}
          maxLength={100}
        />
        <EditField
          name="brandSlug"
          label={t('advertisers.brand')}
          value={value('brandSlug')}
          errors={errors}
          maxLength={100}
        />
        <EditField name="homepageUrl" label={t('advertisers.homepage')} value={value('homepageUrl')} errors={errors} />
        <EditChoice name="pricing" label={t('advertisers.pricing')} value={value('pricing')} errors={errors}>
          {PRICING_NAMES.map((pricing) => (
            <option key={pricing} value={pricing}>
              {t(`advertisers.pricing.${pricing}`)}
            </option>
          ))}
        </EditChoice>
        <EditChoice
          name="active"
          label={t('advertisers.active')}
          value={value('active', advertiser.active ? 'yes' : 'no')}
          errors={errors}
        >
          <option value="yes">{t('advertisers.yes')}</option>
          <option value="no">{t('advertisers.inactiveChoice')}</option>
        </EditChoice>
        <button type="submit">{t('advertisers.save')}</button>
      </StaffForm>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/RouteErrorBoundary';
