import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { requireStaff } from '../auth/staff-session.server';
import { useT } from '../i18n/use-t';
import { servicesHealth } from '../services/ops.server';

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireStaff(request, 'infrastructure');
  return data({ services: await servicesHealth() }, { headers: { 'Set-Cookie': context.setCookie } });
}

/**
 * The infrastructure panel's services: each one's liveness, readiness and the checks of its
 * dependencies, and every replica behind its address with its version and commit, read now.
 */
export default function Services() {
  const t = useT();
  const { services } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>{t('services.title')}</h1>
      {services.length === 0 ? (
        <p>{t('services.none')}</p>
      ) : (
        <section className="data-table" aria-label={t('services.title')}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('services.service')}</th>
                <th scope="col">{t('services.live')}</th>
                <th scope="col">{t('services.ready')}</th>
                <th scope="col">{t('services.checks')}</th>
                <th scope="col" className="numeric">
                  {t('services.replicas')}
                </th>
                <th scope="col">{t('services.versions')}</th>
              </tr>
            </thead>
            <tbody>
              {services.map((service) => (
                <tr key={service.service} className={service.readiness === 'ready' ? undefined : 'attention'}>
                  <th scope="row">{service.service}</th>
                  <td>{service.live ? t('app.yes') : t('app.no')}</td>
                  <td>{t(`services.readiness.${service.readiness}`)}</td>
                  <td>
                    {Object.entries(service.checks)
                      .map(([name, state]) => `${name}: ${state}`)
                      .join(', ') || t('app.none')}
                  </td>
                  <td className="numeric">
                    {t('services.replicasLive', {
                      live: service.replicas.filter((replica) => replica.live).length,
                      total: service.replicas.length,
                    })}
                  </td>
                  <td>
                    {service.replicas
                      .map(
                        (replica) =>
                          `${replica.instance || replica.address}: ${replica.version || t('app.none')}` +
                          (replica.commit ? ` (${replica.commit.slice(0, 12)})` : ''),
                      )
                      .join(', ') || t('app.none')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/RouteErrorBoundary';
