import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { requireStaff } from '../auth/staff-session.server';
import { DataTable } from '../components/DataTable';
import { useT } from '../i18n/use-t';
import { SHOP_STATUSES } from '../panels/admin/shop-statuses';
import { panelPath } from '../panels/panels';
import { SHOP_SORTS, shopTable, type ShopRow } from '../services/offers.server';
import { readTableQuery } from '../tables/table-query';

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireStaff(request, 'admin');
  const query = readTableQuery(new URL(request.url), { sorts: SHOP_SORTS, defaultSort: 'newest', defaultDir: 'desc' });
  const page = await shopTable(context.user.id, query);
  return data({ query, page, path: panelPath('admin', 'shops') }, { headers: { 'Set-Cookie': context.setCookie } });
}

/** The admin panel's shops: every status (or one), by domain or country, sorted and paged by offers. */
export default function Shops() {
  const t = useT();
  const { query, page, path } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>{t('shops.title')}</h1>
      <DataTable<ShopRow>
        caption={t('shops.title')}
        path={path}
        query={query}
        page={page}
        rowKey={(row) => row.id}
        filters={
          <>
            <label htmlFor="filter-status">{t('shops.status')}</label>
            <select id="filter-status" name="status" defaultValue={query.filters.status ?? ''}>
              <option value="">{t('shops.anyStatus')}</option>
              {SHOP_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`shops.status.${status}`)}
                </option>
              ))}
            </select>
            <label>
              {t('shops.domain')} <input name="domain" defaultValue={query.filters.domain ?? ''} size={20} />
            </label>
            <label>
              {t('shops.country')}{' '}
              <input name="country" defaultValue={query.filters.country ?? ''} size={3} maxLength={2} />
            </label>
          </>
        }
        columns={[
          {
            key: 'name',
            label: t('shops.name'),
            sort: 'name',
            render: (row) => <a href={panelPath('admin', `shops/${encodeURIComponent(row.id)}`)}>{row.name}</a>,
          },
          { key: 'domain', label: t('shops.domain'), render: (row) => row.domain },
          { key: 'status', label: t('shops.status'), render: (row) => t(`shops.status.${row.status}`) },
          { key: 'offers', label: t('shops.offers'), sort: 'offers', numeric: true, render: (row) => row.offersCount },
          {
            key: 'newest',
            label: t('shops.registered'),
            sort: 'newest',
            render: (row) => <time dateTime={row.registeredAt}>{row.registeredAt.slice(0, 10)}</time>,
          },
        ]}
      />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/RouteErrorBoundary';
