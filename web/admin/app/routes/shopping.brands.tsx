import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { requireStaff } from '../auth/staff-session.server';
import { DataTable } from '../components/DataTable';
import { useT } from '../i18n/use-t';
import { panelPath } from '../panels/panels';
import { BRAND_SORTS, brandTable, type BrandRow } from '../services/brands.server';
import { readTableQuery } from '../tables/table-query';

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireStaff(request, 'shopping');
  const query = readTableQuery(new URL(request.url), { sorts: BRAND_SORTS, defaultSort: 'name' });
  const page = await brandTable(query);
  return data({ query, page, path: panelPath('shopping', 'brands') }, { headers: { 'Set-Cookie': context.setCookie } });
}

/** The shopping panel's brands: by name start, by name or product count, paged by catalog. */
export default function Brands() {
  const t = useT();
  const { query, page, path } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>{t('brands.title')}</h1>
      <DataTable<BrandRow>
        caption={t('brands.title')}
        path={path}
        query={query}
        page={page}
        rowKey={(row) => row.id}
        filters={
          <label>
            {t('brands.nameStart')} <input type="search" name="q" defaultValue={query.filters.q ?? ''} size={16} />
          </label>
        }
        columns={[
          {
            key: 'name',
            label: t('brands.name'),
            sort: 'name',
            render: (row) => <a href={panelPath('shopping', `brands/${encodeURIComponent(row.id)}`)}>{row.name}</a>,
          },
          { key: 'slug', label: t('brands.slug'), render: (row) => row.slug },
          {
            key: 'products',
            label: t('brands.products'),
            sort: 'products',
            numeric: true,
            render: (row) => row.productsCount,
          },
        ]}
      />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/RouteErrorBoundary';
