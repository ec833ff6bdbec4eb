import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { requireStaff } from '../auth/staff-session.server';
import { ConfirmStep } from '../components/ConfirmStep';
import { FieldError, FormError, StaffForm } from '../components/staff-form';
import { useT } from '../i18n/use-t';
import { accountEditWrites } from '../panels/affiliates/advertiser-edits.server';
import { advertiserPart } from '../panels/affiliates/advertiser-writes.server';
import { EditChoice, EditField } from '../panels/affiliates/edit-field';
import { panelPath } from '../panels/panels';
import { stateOf, type WriteState } from '../writes/write-state';
import { staffWrite } from '../writes/staff-write.server';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireStaff(request, 'affiliates');
  const { advertiser, item: account } = await advertiserPart(
    context,
    params.advertiser ?? '',
    'accounts',
    params.account ?? '',
  );
  return data({ advertiser, account }, { headers: { 'Set-Cookie': context.setCookie } });
}

export const action = ({ request, params, context }: ActionFunctionArgs) =>
  staffWrite(
    request,
    'affiliates',
    accountEditWrites(params.advertiser ?? '', params.account ?? ''),
    context as { clientIp?: unknown },
  );

/** Edits an affiliate account: network, publisher id, commission and whether it is active; confirmed, then audited by affiliates. */
export default function EditAccount() {
  const t = useT();
  const { advertiser, account } = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>() as WriteState | undefined;
  const back = panelPath('affiliates', `advertisers/${encodeURIComponent(advertiser.id)}`);
  if (state?.stage === 'confirm') return <ConfirmStep state={state} cancelHref={back} />;
  const edit = stateOf(state, 'edit');
  const errors = edit?.errors as Record<string, string> | undefined;
  const value = (name: string, current: string) => edit?.fields[name] ?? current;
  const title = t('accounts.edit', { network: account.network, name: advertiser.name });
  return (
    <>
      <p>
        <a href={back}>{advertiser.name}</a>
      </p>
      <h1>{title}</h1>
      <StaffForm intent="edit" label={title}>
        <FormError errors={errors} />
        <FieldError name="account" errors={errors} />
        <EditField
          name="network"
          label={t('accounts.network')}
          value={value('network', account.network)}
          errors={errors}
          maxLength={40}
        />
        <EditField
          name="publisherId"
          label={t('accounts.publisher')}
          value={value('publisherId', account.publisherId)}
          errors={errors}
          maxLength={128}
        />
        <EditField
          name="commissionBasisPoints"
          label={t('accounts.commission')}
          value={value('commissionBasisPoints', String(account.commissionBasisPoints))}
          errors={errors}
        />
        <EditChoice
          name="active"
          label={t('advertisers.active')}
          value={value('active', account.active ? 'yes' : 'no')}
          errors={errors}
        >
          <option value="yes">{t('advertisers.yes')}</option>
          <option value="no">{t('accounts.inactiveChoice')}</option>
        </EditChoice>
        <button type="submit">{t('accounts.save')}</button>
      </StaffForm>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/RouteErrorBoundary';
