import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { requireStaff } from '../auth/staff-session.server';
import { DataTable } from '../components/DataTable';
import { useT } from '../i18n/use-t';
import { panelPath } from '../panels/panels';
import { groupTable, type GroupRow } from '../services/event-bus.server';
import { readTableQuery } from '../tables/table-query';

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireStaff(request, 'infrastructure');
  const query = readTableQuery(new URL(request.url), {
    sorts: ['group', 'lag'],
    defaultSort: 'lag',
    defaultDir: 'desc',
  });
  const page = await groupTable(context.user.id, query);
  return data(
    { query, page, path: panelPath('infrastructure', 'consumer-groups') },
    { headers: { 'Set-Cookie': context.setCookie } },
  );
}

/** Consumer groups per topic: their lag (records not yet handled) and the members consuming now. */
export default function ConsumerGroups() {
  const t = useT();
  const { query, page, path } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>{t('groups.title')}</h1>
      <DataTable<GroupRow>
        caption={t('groups.title')}
        path={path}
        query={query}
        page={page}
        rowKey={(row) => `${row.group} ${row.topic}`}
        filters={
          <label>
            {t('groups.query')} <input type="search" name="q" defaultValue={query.filters.q ?? ''} size={24} />
          </label>
        }
        columns={[
          { key: 'group', label: t('groups.group'), sort: 'group', render: (row) => row.group },
          { key: 'topic', label: t('groups.topic'), render: (row) => row.topic },
          { key: 'lag', label: t('groups.lag'), sort: 'lag', numeric: true, render: (row) => row.lag },
          { key: 'members', label: t('groups.members'), numeric: true, render: (row) => row.members },
        ]}
      />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/RouteErrorBoundary';
