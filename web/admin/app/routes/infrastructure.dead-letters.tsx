import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { requireStaff } from '../auth/staff-session.server';
import { ConfirmStep } from '../components/ConfirmStep';
import { DataTable } from '../components/DataTable';
import { Flash } from '../components/Flash';
import { FormError, StaffForm } from '../components/staff-form';
import { useT } from '../i18n/use-t';
import { deadLetterWrites } from '../panels/infrastructure/dead-letter-writes.server';
import { panelPath } from '../panels/panels';
import { deadLetterTable, type DeadLetterRow } from '../services/event-bus.server';
import { readTableQuery } from '../tables/table-query';
import type { WriteState } from '../writes/write-state';
import { staffWrite } from '../writes/staff-write.server';

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireStaff(request, 'infrastructure');
  const url = new URL(request.url);
  const query = readTableQuery(url, { sorts: ['at'], defaultSort: 'at', defaultDir: 'desc' });
  const page = await deadLetterTable(context.user.id, query);
  return data(
    { query, page, path: panelPath('infrastructure', 'dead-letters'), done: url.searchParams.has('done') },
    { headers: { 'Set-Cookie': context.setCookie } },
  );
}

export const action = ({ request, context }: ActionFunctionArgs) =>
  staffWrite(request, 'infrastructure', deadLetterWrites(), context as { clientIp?: unknown });

/** Dead-lettered events of the bus, newest first: inspect, replay one or all, discard — each confirmed. */
export default function DeadLetters() {
  const t = useT();
  const { query, page, path, done } = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>() as WriteState | undefined;
  if (state?.stage === 'confirm') return <ConfirmStep state={state} cancelHref={path} />;
  const topic = query.filters.topic ?? '';
  return (
    <>
      <h1>{t('deadLetters.title')}</h1>
      <Flash done={done} />
      <FormError errors={state?.errors} />
      {page.total > 0 ? (
        <StaffForm intent="replayAll" label={t('deadLetters.replayAll')}>
          <input type="hidden" name="topic" value={topic} />
          <button type="submit">
            {t('deadLetters.replayAllOf', { count: page.total, topic: topic || t('deadLetters.everyTopic') })}
          </button>
        </StaffForm>
      ) : null}
      <DataTable<DeadLetterRow>
        caption={t('deadLetters.title')}
        path={path}
        query={query}
        page={page}
        rowKey={(row) => row.id}
        filters={
          <label>
            {t('deadLetters.originalTopic')} <input type="search" name="topic" defaultValue={topic} size={32} />
          </label>
        }
        columns={[
          { key: 'at', label: t('deadLetters.at'), render: (row) => row.at },
          {
            key: 'topic',
            label: t('deadLetters.originalTopic'),
            render: (row) => (
              <a href={`${path}/inspect?${new URLSearchParams({ id: row.id })}`}>{row.originalTopic || row.id}</a>
            ),
          },
          { key: 'key', label: t('deadLetters.key'), render: (row) => row.key },
          { key: 'attempts', label: t('deadLetters.attempts'), numeric: true, render: (row) => row.attempts },
          { key: 'error', label: t('deadLetters.error'), render: (row) => row.error },
          {
            key: 'actions',
            label: t('table.actions'),
            render: (row) => (
              <>
                <StaffForm intent="replay" className="inline-form" label={t('deadLetters.replay', { key: row.key })}>
                  <input type="hidden" name="id" value={row.id} />
                  <button type="submit">{t('deadLetters.replay', { key: row.key })}</button>
                </StaffForm>
                <StaffForm intent="discard" className="inline-form" label={t('deadLetters.discard', { key: row.key })}>
                  <input type="hidden" name="id" value={row.id} />
                  <button type="submit">{t('deadLetters.discard', { key: row.key })}</button>
                </StaffForm>
              </>
            ),
          },
        ]}
      />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/RouteErrorBoundary';
