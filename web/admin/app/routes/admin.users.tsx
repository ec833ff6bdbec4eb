import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { requireStaff } from '../auth/staff-session.server';
import { DataTable } from '../components/DataTable';
import { useT } from '../i18n/use-t';
import { panelPath, STAFF_PANELS } from '../panels/panels';
import { USER_SORTS, userTable, type UserRow } from '../services/staff-accounts.server';
import { readTableQuery } from '../tables/table-query';

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireStaff(request, 'admin');
  const query = readTableQuery(new URL(request.url), { sorts: USER_SORTS, defaultSort: 'created', defaultDir: 'desc' });
  const page = await userTable(context.user.id, query);
  return data({ query, page, path: panelPath('admin', 'users') }, { headers: { 'Set-Cookie': context.setCookie } });
}

/** The admin panel's users: search, role, lock and verification filters, sortable, paged by the server. */
export default function Users() {
  const t = useT();
  const { query, page, path } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>{t('users.title')}</h1>
      <DataTable<UserRow>
        caption={t('users.title')}
        path={path}
        query={query}
        page={page}
        rowKey={(row) => row.id}
        filters={
          <>
            <label>
              {t('users.query')} <input type="search" name="q" defaultValue={query.filters.q ?? ''} />
            </label>
            <label htmlFor="filter-role">{t('users.role')}</label>
            <select id="filter-role" name="role" defaultValue={query.filters.role ?? ''}>
              <option value="">{t('users.anyRole')}</option>
              {STAFF_PANELS.map((panel) => (
                <option key={panel} value={panel}>
                  staff:{panel}
                </option>
              ))}
            </select>
            <label>
              <input type="checkbox" name="locked" value="1" defaultChecked={query.filters.locked === '1'} />{' '}
              {t('users.lockedOnly')}
            </label>
            <label>
              <input type="checkbox" name="unverified" value="1" defaultChecked={query.filters.unverified === '1'} />{' '}
              {t('users.unverifiedOnly')}
            </label>
            <label>
              <input type="checkbox" name="business" value="1" defaultChecked={query.filters.business === '1'} />{' '}
              {t('users.businessOnly')}
            </label>
          </>
        }
        columns={[
          {
            key: 'email',
            label: t('users.email'),
            sort: 'email',
            render: (row) => <a href={panelPath('admin', `users/${row.id}`)}>{row.email}</a>,
          },
          { key: 'name', label: t('users.name'), sort: 'name', render: (row) => row.name },
          {
            key: 'roles',
            label: t('users.roles'),
            render: (row) => row.roles.map((role) => `staff:${role}`).join(', ') || t('app.none'),
          },
          {
            key: 'status',
            label: t('users.status'),
            render: (row) =>
              [
                row.locked ? t('users.locked') : '',
                row.verified ? '' : t('users.unverified'),
                row.business ? t('users.business') : '',
              ]
                .filter(Boolean)
                .join(' · ') || t('users.verified'),
          },
          {
            key: 'created',
            label: t('users.created'),
            sort: 'created',
            render: (row) => <time dateTime={row.createdAt}>{row.createdAt.slice(0, 10)}</time>,
          },
        ]}
      />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/RouteErrorBoundary';
