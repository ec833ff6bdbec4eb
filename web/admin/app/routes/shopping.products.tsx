import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { requireStaff } from '../auth/staff-session.server';
import { DataTable } from '../components/DataTable';
import { useT } from '../i18n/use-t';
import { panelPath } from '../panels/panels';
import { textLanguageOf } from '../panels/shopping/product-writes.server';
import { PRODUCT_SORTS, productTable, type ProductRow } from '../services/catalog.server';
import { readTableQuery } from '../tables/table-query';

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireStaff(request, 'shopping');
  const url = new URL(request.url);
  const query = readTableQuery(url, { sorts: PRODUCT_SORTS, defaultSort: 'created', defaultDir: 'desc' });
  const page = await productTable(query, textLanguageOf(url));
  return data(
    { query, page, path: panelPath('shopping', 'products') },
    { headers: { 'Set-Cookie': context.setCookie } },
  );
}

/** The shopping panel's products: every status, by brand, sorted and paged by catalog; a product opens by id. */
export default function Products() {
  const t = useT();
  const { query, page, path } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>{t('products.title')}</h1>
      <form
        method="get"
        action={panelPath('shopping', 'products/open')}
        className="staff-form"
        aria-label={t('products.open')}
      >
        <label>
          {t('products.id')} <input name="id" required maxLength={100} />
        </label>{' '}
        <button type="submit">{t('products.open')}</button>
      </form>
      <DataTable<ProductRow>
        caption={t('products.title')}
        path={path}
        query={query}
        page={page}
        rowKey={(row) => row.id}
        filters={
          <label>
            {t('products.brandSlug')} <input name="brand" defaultValue={query.filters.brand ?? ''} size={16} />
          </label>
        }
        columns={[
          {
            key: 'name',
            label: t('products.name'),
            sort: 'name',
            render: (row) => <a href={panelPath('shopping', `products/${encodeURIComponent(row.id)}`)}>{row.name}</a>,
          },
          { key: 'brand', label: t('products.brand'), render: (row) => row.brand || t('app.none') },
          { key: 'gtins', label: t('products.gtins'), render: (row) => row.gtins.join(', ') || t('app.none') },
          {
            key: 'status',
            label: t('products.status'),
            render: (row) => t(`products.status.${row.status || 'active'}`),
          },
          {
            key: 'updated',
            label: t('products.updated'),
            sort: 'updated',
            render: (row) => <time dateTime={row.updatedAt}>{row.updatedAt.slice(0, 10)}</time>,
          },
        ]}
      />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/RouteErrorBoundary';
