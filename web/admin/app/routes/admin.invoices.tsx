import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { requireStaff } from '../auth/staff-session.server';
import { DataTable } from '../components/DataTable';
import { StatusFilter } from '../components/StatusFilter';
import { FieldError } from '../components/staff-form';
import { useT } from '../i18n/use-t';
import { INVOICE_STATUSES, readInvoiceFilters } from '../panels/admin/invoice-filters';
import { panelPath } from '../panels/panels';
import { INVOICE_SORTS, invoiceTable, type InvoiceRow } from '../services/billing.server';
import { readTableQuery, type TablePage } from '../tables/table-query';

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireStaff(request, 'admin');
  const query = readTableQuery(new URL(request.url), {
    sorts: INVOICE_SORTS,
    defaultSort: 'issued',
    defaultDir: 'desc',
  });
  const filters = readInvoiceFilters(query.filters);
  const path = panelPath('admin', 'invoices');
  const headers = { 'Set-Cookie': context.setCookie };
  if (!filters.ok) {
    const empty: TablePage<InvoiceRow> = { rows: [], page: 1, size: query.size, total: 0, pages: 0 };
    return data({ query, page: empty, path, errors: filters.errors }, { status: 400, headers });
  }
  const page = await invoiceTable(context.user.id, query, filters.value);
  return data({ query, page, path, errors: {} as Record<string, string> }, { headers });
}

/** The admin panel's invoices: every account's, by status, shop, account and issue date; each opens as its document. */
export default function Invoices() {
  const t = useT();
  const { query, page, path, errors } = useLoaderData<typeof loader>();
  const errorText = (field: string) => (errors[field] ? { [field]: t(`filters.error.${errors[field]}`) } : undefined);
  const day = (iso: string) => (iso ? <time dateTime={iso}>{iso.slice(0, 10)}</time> : '—');
  return (
    <>
      <h1>{t('invoices.title')}</h1>
      <DataTable<InvoiceRow>
        caption={t('invoices.title')}
        path={path}
        query={query}
        page={page}
        rowKey={(row) => row.id}
        filters={
          <>
            <StatusFilter
              label={t('invoices.status')}
              anyLabel={t('invoices.anyStatus')}
              statuses={INVOICE_STATUSES}
              messages="invoices.status"
              value={query.filters.status}
            />
            <label>
              {t('invoices.shop')} <input name="shop" defaultValue={query.filters.shop ?? ''} size={14} />
            </label>
            <label>
              {t('invoices.account')} <input name="account" defaultValue={query.filters.account ?? ''} size={14} />
            </label>
            <label>
              {t('invoices.from')}{' '}
              <input
                type="date"
                name="from"
                defaultValue={query.filters.from ?? ''}
                aria-invalid={errors.from ? true : undefined}
                aria-describedby={errors.from ? 'from-error' : undefined}
              />
            </label>
            <FieldError name="from" errors={errorText('from')} />
            <label>
              {t('invoices.to')}{' '}
              <input
                type="date"
                name="to"
                defaultValue={query.filters.to ?? ''}
                aria-invalid={errors.to ? true : undefined}
                aria-describedby={errors.to ? 'to-error' : undefined}
              />
            </label>
            <FieldError name="to" errors={errorText('to')} />
          </>
        }
        columns={[
          {
            key: 'number',
            label: t('invoices.number'),
            sort: 'number',
            render: (row) => (
              <a href={panelPath('admin', `invoices/${encodeURIComponent(row.id)}`)} target="_blank" rel="noreferrer">
                {row.number || row.id}
              </a>
            ),
          },
          {
            key: 'account',
            label: t('invoices.account'),
            render: (row) => <a href={panelPath('admin', `users/${encodeURIComponent(row.userId)}`)}>{row.userId}</a>,
          },
          { key: 'status', label: t('invoices.status'), render: (row) => t(`invoices.status.${row.status}`) },
          { key: 'total', label: t('invoices.total'), numeric: true, render: (row) => row.total },
          { key: 'due', label: t('invoices.amountDue'), sort: 'due', numeric: true, render: (row) => row.amountDue },
          { key: 'issued', label: t('invoices.issued'), sort: 'issued', render: (row) => day(row.issuedAt) },
          { key: 'paid', label: t('invoices.paid'), render: (row) => day(row.paidAt) },
        ]}
      />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/RouteErrorBoundary';
