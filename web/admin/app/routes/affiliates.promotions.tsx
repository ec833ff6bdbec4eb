import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { requireStaff } from '../auth/staff-session.server';
import { ConfirmStep } from '../components/ConfirmStep';
import { DataTable } from '../components/DataTable';
import { StatusFilter } from '../components/StatusFilter';
import { Flash } from '../components/Flash';
import { FormError, StaffForm } from '../components/staff-form';
import { useT } from '../i18n/use-t';
import { EditField } from '../panels/affiliates/edit-field';
import { PromotionFields } from '../panels/affiliates/promotion-fields';
import { promotionWrites } from '../panels/affiliates/promotion-writes.server';
import { panelPath } from '../panels/panels';
import { PROMOTION_SORTS, promotionTable, type PromotionRow } from '../services/affiliates.server';
import { readTableQuery } from '../tables/table-query';
import { stateOf, type WriteState } from '../writes/write-state';
import { staffWrite } from '../writes/staff-write.server';

const STATUSES = ['scheduled', 'active', 'ended'] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireStaff(request, 'affiliates');
  const url = new URL(request.url);
  const query = readTableQuery(url, { sorts: PROMOTION_SORTS, defaultSort: 'ends' });
  const page = await promotionTable(query);
  return data(
    { query, page, path: panelPath('affiliates', 'promotions'), done: url.searchParams.has('done') },
    { headers: { 'Set-Cookie': context.setCookie } },
  );
}

export const action = ({ request, context }: ActionFunctionArgs) =>
  staffWrite(request, 'affiliates', promotionWrites, context as { clientIp?: unknown });

/**
 * The shops' promotions of every status, by shop and text, sorted and paged by affiliates; open
 * one to edit it, remove one, or make a new one (every field of CreatePromotion), confirmed and
 * audited by affiliates.
 */
export default function Promotions() {
  const t = useT();
  const { query, page, path, done } = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>() as WriteState | undefined;
  if (state?.stage === 'confirm') return <ConfirmStep state={state} cancelHref={path} />;
  const day = (iso: string) => (iso ? <time dateTime={iso}>{iso.slice(0, 10)}</time> : t('app.none'));
  const create = stateOf(state, 'create');
  const errors = create?.errors as Record<string, string> | undefined;
  const field = (name: string) => create?.fields[name] ?? '';
  return (
    <>
      <h1>{t('promotions.title')}</h1>
      <Flash done={done} />
      <FormError errors={stateOf(state, 'delete')?.errors as Record<string, string> | undefined} />
      <DataTable<PromotionRow>
        caption={t('promotions.title')}
        path={path}
        query={query}
        page={page}
        rowKey={(row) => row.id}
        filters={
          <>
            <label>
              {t('table.search')} <input type="search" name="q" defaultValue={query.filters.q ?? ''} />
            </label>
            <StatusFilter
              label={t('promotions.status')}
              anyLabel={t('promotions.anyStatus')}
              statuses={STATUSES}
              messages="promotions.status"
              value={query.filters.status}
            />
            <label>
              {t('promotions.shop')} <input name="shop" defaultValue={query.filters.shop ?? ''} size={14} />
            </label>
          </>
        }
        columns={[
          {
            key: 'title',
            label: t('promotions.promotion'),
            sort: 'newest',
            render: (row) => (
              <a
                href={panelPath('affiliates', `promotions/${encodeURIComponent(row.id)}`)}
                aria-label={t('promotions.editLink', { title: row.title })}
              >
                {row.title}
              </a>
            ),
          },
          { key: 'shop', label: t('promotions.shop'), render: (row) => row.shopName },
          { key: 'code', label: t('promotions.code'), render: (row) => row.code || t('app.none') },
          {
            key: 'discount',
            label: t('promotions.discount'),
            numeric: true,
            render: (row) => (row.discountPercent ? `${row.discountPercent} %` : t('app.none')),
          },
          { key: 'status', label: t('promotions.status'), render: (row) => t(`promotions.status.${row.status}`) },
          { key: 'starts', label: t('promotions.starts'), sort: 'starts', render: (row) => day(row.startsAt) },
          { key: 'ends', label: t('promotions.ends'), sort: 'ends', render: (row) => day(row.endsAt) },
          {
            key: 'actions',
            label: t('table.actions'),
            render: (row) => (
              <StaffForm intent="delete" label={t('promotions.delete', { title: row.title })}>
                <input type="hidden" name="promotionId" value={row.id} />
                <input type="hidden" name="title" value={row.title} />
                <button type="submit">{t('promotions.delete', { title: row.title })}</button>
              </StaffForm>
            ),
          },
        ]}
      />

      <h2>{t('promotions.new')}</h2>
      <StaffForm intent="create" label={t('promotions.new')}>
        <FormError errors={errors} />
        <EditField
          name="shopId"
          label={t('promotions.shopId')}
          value={field('shopId')}
          errors={errors}
          maxLength={200}
        />
        <EditField
          name="productId"
          label={t('promotions.productId')}
          value={field('productId')}
          errors={errors}
          maxLength={200}
        />
        <EditField
          name="brandSlug"
          label={t('promotions.brandSlug')}
          value={field('brandSlug')}
          errors={errors}
          maxLength={200}
        />
        <PromotionFields value={field} errors={errors} startRequired={false} />
        <button type="submit">{t('promotions.create')}</button>
      </StaffForm>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/RouteErrorBoundary';
