import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { requireStaff } from '../auth/staff-session.server';
import { ConfirmStep } from '../components/ConfirmStep';
import { DataTable } from '../components/DataTable';
import { FieldError, FormError, StaffForm } from '../components/staff-form';
import { useT } from '../i18n/use-t';
import { advertiserListWrites } from '../panels/affiliates/advertiser-writes.server';
import { panelPath } from '../panels/panels';
import { ADVERTISER_KIND_NAMES, PRICING_NAMES } from '../panels/affiliates/advertiser-options';
import { advertiserTable, type AdvertiserRow } from '../services/affiliates.server';
import { readTableQuery } from '../tables/table-query';
import { stateOf, type WriteState } from '../writes/write-state';
import { staffWrite } from '../writes/staff-write.server';

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireStaff(request, 'affiliates');
  const query = readTableQuery(new URL(request.url), { sorts: ['name'], defaultSort: 'name' });
  const page = await advertiserTable(context.user.id, query);
  return data(
    { query, page, path: panelPath('affiliates', 'advertisers') },
    { headers: { 'Set-Cookie': context.setCookie } },
  );
}

export const action = ({ request, context }: ActionFunctionArgs) =>
  staffWrite(request, 'affiliates', advertiserListWrites, context as { clientIp?: unknown });

/** The affiliates panel's advertisers (by name, paged by affiliates) and a new one, confirmed and audited by affiliates. */
export default function Advertisers() {
  const t = useT();
  const { query, page, path } = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>() as WriteState | undefined;
  if (state?.stage === 'confirm') return <ConfirmStep state={state} cancelHref={path} />;
  const create = stateOf(state, 'create');
  const errors = create?.errors as Record<string, string> | undefined;
  const field = (name: string) => create?.fields[name] ?? '';
  return (
    <>
      <h1>{t('advertisers.title')}</h1>
      <DataTable<AdvertiserRow>
        caption={t('advertisers.title')}
        path={path}
        query={query}
        page={page}
        rowKey={(row) => row.id}
        columns={[
          {
            key: 'name',
            label: t('advertisers.name'),
            sort: 'name',
            render: (row) => (
              <a href={panelPath('affiliates', `advertisers/${encodeURIComponent(row.id)}`)}>{row.name}</a>
            ),
          },
          { key: 'kind', label: t('advertisers.kind'), render: (row) => t(`advertisers.kind.${row.kind}`) },
          {
            key: 'for',
            label: t('advertisers.for'),
            render: (row) => (row.kind === 'shop' ? row.shopId : row.brandSlug),
          },
          { key: 'pricing', label: t('advertisers.pricing'), render: (row) => t(`advertisers.pricing.${row.pricing}`) },
          {
            key: 'active',
            label: t('advertisers.active'),
            render: (row) => (row.active ? t('advertisers.yes') : t('advertisers.no')),
          },
        ]}
      />

      <h2>{t('advertisers.new')}</h2>
      <StaffForm intent="create" label={t('advertisers.new')}>
        <FormError errors={errors} />
        <FieldError name="advertiser" errors={errors} />
        <label>
          {t('advertisers.name')}{' '}
          <input name="name" maxLength={200} defaultValue={field('name')} aria-describedby="name-error" />
        </label>
        <FieldError name="name" errors={errors} />
        <label htmlFor="advertiser-kind">{t('advertisers.kind')}</label>
        <select id="advertiser-kind" name="kind" defaultValue={field('kind') || 'shop'} aria-describedby="kind-error">
          {ADVERTISER_KIND_NAMES.map((kind) => (
            <option key={kind} value={kind}>
              {t(`advertisers.kind.${kind}`)}
            </option>
          ))}
        </select>
        <FieldError name="kind" errors={errors} />
        <label>
          {t('advertisers.shop')}{' '}
          <input name="shopId" maxLength={100} defaultValue={field('shopId')} aria-describedby="shopId-error" />
        </label>
        <FieldError name="shopId" errors={errors} />
        <label>
          {t('advertisers.brand')}{' '}
          <input
            name="brandSlug"
            maxLength={100}
            defaultValue={field('brandSlug')}
            aria-describedby="brandSlug-error"
          />
        </label>
        <FieldError name="brandSlug" errors={errors} />
        <label>
          {t('advertisers.homepage')}{' '}
          <input
            name="homepageUrl"
            type="url"
            defaultValue={field('homepageUrl')}
            aria-describedby="homepageUrl-error"
          />
        </label>
        <FieldError name="homepageUrl" errors={errors} />
        <label htmlFor="advertiser-pricing">{t('advertisers.pricing')}</label>
        <select id="advertiser-pricing" name="pricing" defaultValue={field('pricing') || 'cps'}>
          {PRICING_NAMES.map((pricing) => (
            <option key={pricing} value={pricing}>
              {t(`advertisers.pricing.${pricing}`)}
            </option>
          ))}
        </select>
        <button type="submit">{t('advertisers.create')}</button>
      </StaffForm>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/RouteErrorBoundary';
