import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { requireStaff } from '../auth/staff-session.server';
import { DataTable } from '../components/DataTable';
import { StatusFilter } from '../components/StatusFilter';
import { useT } from '../i18n/use-t';
import { DayRangeFilter, NetworkFilter } from '../panels/affiliates/log-filters';
import { readTransactionFilters, TRANSACTION_STATUS_NAMES } from '../panels/affiliates/transaction-filters';
import { panelPath } from '../panels/panels';
import { transactionTable, type TransactionRow } from '../services/affiliates.server';
import { readTableQuery } from '../tables/table-query';

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireStaff(request, 'affiliates');
  const query = readTableQuery(new URL(request.url), {
    sorts: ['ordered'],
    defaultSort: 'ordered',
    defaultDir: 'desc',
  });
  const filters = readTransactionFilters(query.filters);
  const path = panelPath('affiliates', 'transactions');
  const headers = { 'Set-Cookie': context.setCookie };
  if (!filters.ok) {
    const page = { rows: [], page: 1, size: query.size, total: 0, pages: 0, totalOrderValue: '', totalCommission: '' };
    return data({ query, page, path, errors: filters.errors }, { status: 400, headers });
  }
  const page = await transactionTable(context.user.id, query, filters.value);
  return data({ query, page, path, errors: {} as Record<string, string> }, { headers });
}

/**
 * The affiliate transactions the networks reported (postbacks and imports), newest first: by
 * network, status, shop and order date, with the sums of all that match.
 */
export default function Transactions() {
  const t = useT();
  const { query, page, path, errors } = useLoaderData<typeof loader>();
  const errorText = (field: string) => (errors[field] ? { [field]: t(`filters.error.${errors[field]}`) } : undefined);
  const day = (iso: string) => (iso ? <time dateTime={iso}>{iso.slice(0, 10)}</time> : t('app.none'));
  return (
    <>
      <h1>{t('transactions.title')}</h1>
      {page.totalOrderValue ? (
        <p className="totals">
          {t('transactions.totals', { orders: page.totalOrderValue, commission: page.totalCommission || '—' })}
        </p>
      ) : null}
      <DataTable<TransactionRow>
        caption={t('transactions.title')}
        path={path}
        query={query}
        page={page}
        rowKey={(row) => row.id}
        filters={
          <>
            <NetworkFilter value={query.filters.network} errorText={errorText} />
            <StatusFilter
              label={t('transactions.status')}
              anyLabel={t('transactions.anyStatus')}
              statuses={TRANSACTION_STATUS_NAMES}
              messages="transactions.status"
              value={query.filters.status}
            />
            <label>
              {t('transactions.shop')} <input name="shop" defaultValue={query.filters.shop ?? ''} size={14} />
            </label>
            <DayRangeFilter
              fromLabel={t('transactions.from')}
              from={query.filters.from}
              to={query.filters.to}
              errorText={errorText}
            />
          </>
        }
        columns={[
          { key: 'ordered', label: t('transactions.ordered'), sort: 'ordered', render: (row) => day(row.orderedAt) },
          { key: 'network', label: t('transactions.network'), render: (row) => row.network },
          { key: 'external', label: t('transactions.externalId'), render: (row) => row.externalId },
          { key: 'shop', label: t('transactions.shop'), render: (row) => row.shopId },
          {
            key: 'click',
            label: t('transactions.click'),
            render: (row) => row.clickId || t('transactions.unattributed'),
          },
          { key: 'status', label: t('transactions.status'), render: (row) => t(`transactions.status.${row.status}`) },
          { key: 'value', label: t('transactions.orderValue'), numeric: true, render: (row) => row.orderValue },
          { key: 'commission', label: t('transactions.commission'), numeric: true, render: (row) => row.commission },
          {
            key: 'ecotip',
            label: t('transactions.ecotip'),
            numeric: true,
            render: (row) => row.ecotip || t('app.none'),
          },
          { key: 'updated', label: t('transactions.updated'), render: (row) => day(row.updatedAt) },
        ]}
      />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/RouteErrorBoundary';
