import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { requireStaff } from '../auth/staff-session.server';
import { DataTable } from '../components/DataTable';
import { StatusFilter } from '../components/StatusFilter';
import { useT } from '../i18n/use-t';
import { DayRangeFilter, NetworkFilter } from '../panels/affiliates/log-filters';
import { POSTBACK_OUTCOME_NAMES, readPostbackFilters } from '../panels/affiliates/postback-filters';
import { panelPath } from '../panels/panels';
import { postbackTable, type PostbackRow } from '../services/affiliates-postbacks.server';
import { readTableQuery } from '../tables/table-query';

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireStaff(request, 'affiliates');
  const query = readTableQuery(new URL(request.url), {
    sorts: ['received'],
    defaultSort: 'received',
    defaultDir: 'desc',
  });
  const filters = readPostbackFilters(query.filters);
  const path = panelPath('affiliates', 'postbacks');
  const headers = { 'Set-Cookie': context.setCookie };
  if (!filters.ok) {
    const page = { rows: [], page: 1, size: query.size, total: 0, pages: 0 };
    return data({ query, page, path, errors: filters.errors }, { status: 400, headers });
  }
  const page = await postbackTable(context.user.id, query, filters.value);
  return data({ query, page, path, errors: {} as Record<string, string> }, { headers });
}

/**
 * Every postback the networks sent, accepted or refused with the reason they were told, newest
 * first (affiliates filters, sorts and pages); each opens with its raw body. Signatures are never shown.
 */
export default function Postbacks() {
  const t = useT();
  const { query, page, path, errors } = useLoaderData<typeof loader>();
  const errorText = (field: string) => (errors[field] ? { [field]: t(`filters.error.${errors[field]}`) } : undefined);
  return (
    <>
      <h1>{t('postbacks.title')}</h1>
      <DataTable<PostbackRow>
        caption={t('postbacks.title')}
        path={path}
        query={query}
        page={page}
        rowKey={(row) => row.id}
        filters={
          <>
            <NetworkFilter value={query.filters.network} errorText={errorText} />
            <StatusFilter
              label={t('postbacks.outcome')}
              anyLabel={t('postbacks.anyOutcome')}
              statuses={POSTBACK_OUTCOME_NAMES}
              messages="postbacks.outcome"
              value={query.filters.status}
            />
            <DayRangeFilter
              fromLabel={t('postbacks.from')}
              from={query.filters.from}
              to={query.filters.to}
              errorText={errorText}
            />
          </>
        }
        columns={[
          {
            key: 'received',
            label: t('postbacks.received'),
            sort: 'received',
            render: (row) => (
              <a href={panelPath('affiliates', `postbacks/${encodeURIComponent(row.id)}`)}>
                <time dateTime={row.receivedAt}>{row.receivedAt.replace('T', ' ').slice(0, 19)}</time>
              </a>
            ),
          },
          { key: 'network', label: t('transactions.network'), render: (row) => row.network },
          { key: 'outcome', label: t('postbacks.outcome'), render: (row) => t(`postbacks.outcome.${row.outcome}`) },
          { key: 'reason', label: t('postbacks.reason'), render: (row) => row.reason || t('app.none') },
          {
            key: 'transactions',
            label: t('postbacks.transactions'),
            render: (row) => row.transactionIds || t('app.none'),
          },
          { key: 'changed', label: t('postbacks.changed'), numeric: true, render: (row) => row.changed },
        ]}
      />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/RouteErrorBoundary';
