import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { requireStaff } from '../auth/staff-session.server';
import { ConfirmStep } from '../components/ConfirmStep';
import { Flash } from '../components/Flash';
import { FormError, StaffForm } from '../components/staff-form';
import { useLanguage, useT } from '../i18n/use-t';
import { formatAge, formatBytes } from '../panels/infrastructure/index-storage';
import { indexWrites } from '../panels/infrastructure/index-writes.server';
import { panelPath } from '../panels/panels';
import { indexStatuses } from '../services/search-indices.server';
import type { WriteState } from '../writes/write-state';
import { staffWrite } from '../writes/staff-write.server';

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireStaff(request, 'infrastructure');
  const url = new URL(request.url);
  return data(
    {
      indices: await indexStatuses(context.user.id),
      path: panelPath('infrastructure', 'indices'),
      done: url.searchParams.has('done'),
    },
    { headers: { 'Set-Cookie': context.setCookie } },
  );
}

export const action = ({ request, context }: ActionFunctionArgs) =>
  staffWrite(request, 'infrastructure', indexWrites(), context as { clientIp?: unknown });

/**
 * The search indices: documents (per language), size on disk and when it was measured, the newest
 * event applied, lag, a rebuild's progress; rebuild.
 */
export default function Indices() {
  const t = useT();
  const language = useLanguage();
  const { indices, path, done } = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>() as WriteState | undefined;
  if (state?.stage === 'confirm') return <ConfirmStep state={state} cancelHref={path} />;
  const rebuilding = indices.find((row) => row.rebuildId !== '');
  return (
    <>
      <h1>{t('indices.title')}</h1>
      <Flash done={done} />
      <FormError errors={state?.errors} />
      <section className="data-table" aria-label={t('indices.title')}>
        <table>
          <thead>
            <tr>
              <th scope="col">{t('indices.index')}</th>
              <th scope="col" className="numeric">
                {t('indices.documents')}
              </th>
              <th scope="col">{t('indices.byLanguage')}</th>
              <th scope="col" className="numeric">
                {t('indices.storage')}
              </th>
              <th scope="col">{t('indices.lastEvent')}</th>
              <th scope="col" className="numeric">
                {t('indices.lagP95')}
              </th>
              <th scope="col">{t('indices.rebuild')}</th>
            </tr>
          </thead>
          <tbody>
            {indices.map((row) => (
              <tr key={row.index}>
                <th scope="row">{t(`indices.kind.${row.index}`)}</th>
                <td className="numeric">{row.documents}</td>
                <td>
                  {Object.entries(row.byLanguage)
                    .map(([language, count]) => `${language} ${count}`)
                    .join(', ') || t('app.none')}
                </td>
                <td className="numeric index-storage">
                  {row.storageBytes === null || row.storageAgeSeconds === null ? (
                    t('app.none')
                  ) : (
                    <>
                      {formatBytes(row.storageBytes, language)}
                      <br />
                      <small>{t('indices.storageMeasured', { ago: formatAge(row.storageAgeSeconds, language) })}</small>
                    </>
                  )}
                </td>
                <td>{row.lastEventAt || t('app.none')}</td>
                <td className="numeric">{row.lagP95Ms === null ? t('app.none') : `${row.lagP95Ms} ms`}</td>
                <td>{row.rebuildId ? t('indices.rebuilding', { percent: row.rebuildPercent }) : t('app.none')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {rebuilding ? (
        <p role="status">{t('indices.rebuilding', { percent: rebuilding.rebuildPercent })}</p>
      ) : (
        <StaffForm intent="rebuild" label={t('indices.rebuildAll')}>
          <p>{t('indices.rebuildHelp')}</p>
          <button type="submit">{t('indices.rebuildAll')}</button>
        </StaffForm>
      )}
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/RouteErrorBoundary';
