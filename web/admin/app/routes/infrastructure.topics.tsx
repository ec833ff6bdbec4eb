import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { requireStaff } from '../auth/staff-session.server';
import { DataTable } from '../components/DataTable';
import { useT } from '../i18n/use-t';
import { panelPath } from '../panels/panels';
import { topicTable, type TopicRow } from '../services/event-bus.server';
import { readTableQuery } from '../tables/table-query';

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireStaff(request, 'infrastructure');
  const query = readTableQuery(new URL(request.url), { sorts: ['name', 'records'], defaultSort: 'name' });
  const page = await topicTable(context.user.id, query);
  return data(
    { query, page, path: panelPath('infrastructure', 'topics') },
    { headers: { 'Set-Cookie': context.setCookie } },
  );
}

/** The event bus's topics: partitions, records held and appended; dead-letter topics lead to their dead letters. */
export default function Topics() {
  const t = useT();
  const { query, page, path } = useLoaderData<typeof loader>();
  const deadLetters = panelPath('infrastructure', 'dead-letters');
  return (
    <>
      <h1>{t('topics.title')}</h1>
      <DataTable<TopicRow>
        caption={t('topics.title')}
        path={path}
        query={query}
        page={page}
        rowKey={(row) => row.name}
        filters={
          <label>
            {t('topics.query')} <input type="search" name="q" defaultValue={query.filters.q ?? ''} size={24} />
          </label>
        }
        columns={[
          {
            key: 'name',
            label: t('topics.name'),
            sort: 'name',
            render: (row) =>
              row.deadLetter ? (
                <a href={`${deadLetters}?${new URLSearchParams({ topic: row.name.replace(/\.dlq$/, '') })}`}>
                  {row.name}
                </a>
              ) : (
                row.name
              ),
          },
          { key: 'partitions', label: t('topics.partitions'), numeric: true, render: (row) => row.partitions },
          { key: 'records', label: t('topics.records'), sort: 'records', numeric: true, render: (row) => row.records },
          { key: 'appended', label: t('topics.appended'), numeric: true, render: (row) => row.appended },
        ]}
      />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/RouteErrorBoundary';
