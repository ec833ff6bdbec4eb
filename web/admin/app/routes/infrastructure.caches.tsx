import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { requireStaff } from '../auth/staff-session.server';
import { ConfirmStep } from '../components/ConfirmStep';
import { Flash } from '../components/Flash';
import { FieldError, FormError, StaffForm } from '../components/staff-form';
import { useT } from '../i18n/use-t';
import { browseKeys } from '../panels/infrastructure/cache-browse.server';
import { cachePageViews, type CachePageView } from '../panels/infrastructure/cache-replicas.server';
import { cacheWrites } from '../panels/infrastructure/cache-writes.server';
import { panelPath } from '../panels/panels';
import { isCacheService } from '../services/caches.server';
import type { WriteState } from '../writes/write-state';
import { staffWrite } from '../writes/staff-write.server';

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireStaff(request, 'infrastructure');
  const url = new URL(request.url);
  const service = url.searchParams.get('service') ?? '';
  const query = {
    prefix: (url.searchParams.get('prefix') ?? '').slice(0, 200),
    cursor: url.searchParams.get('cursor') ?? '',
    // An in-process cache's replica, by its address (one of those the page resolved).
    replica: (url.searchParams.get('replica') ?? '').slice(0, 300),
  };
  const { caches, unreachable } = await cachePageViews(context.user.id);
  // The key browser: one bounded step of one service's keys under a prefix (one replica's, when in-process).
  const cache = isCacheService(service) ? caches.find((view) => view.service === service) : undefined;
  const { ok, browse } = cache ? await browseKeys(context.user.id, cache, query) : { ok: true, browse: null };
  return data(
    {
      caches,
      unreachable,
      browse,
      path: panelPath('infrastructure', 'caches'),
      done: url.searchParams.has('done'),
      deleted: Number(url.searchParams.get('deleted') ?? 0),
      // Replicas of an in-process cache the flush did not reach (cache-flush.server.ts).
      missed: (url.searchParams.get('missed') ?? '').slice(0, 2_000),
    },
    { status: ok ? 200 : 400, headers: { 'Set-Cookie': context.setCookie } },
  );
}

export const action = ({ request, context }: ActionFunctionArgs) =>
  staffWrite(request, 'infrastructure', cacheWrites(), context as { clientIp?: unknown });

const kib = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KiB`);

/** A flush button: the confirm step follows, with the password again when the sign-in is old. */
function FlushButton(props: {
  readonly service: string;
  readonly prefix: string;
  readonly label: string;
  readonly rateLimits?: boolean;
}) {
  return (
    <StaffForm intent="flush" label={props.label} className="inline-form">
      <input type="hidden" name="service" value={props.service} />
      <input type="hidden" name="prefix" value={props.prefix} />
      <input type="hidden" name="rateLimits" value={props.rateLimits ? '1' : ''} />
      <button type="submit">{props.label}</button>
    </StaffForm>
  );
}

/** An in-process cache's replicas, each with its own counts (its address opens its keys), and their total. */
function ReplicaCounts(props: { readonly cache: CachePageView; readonly path: string }) {
  const t = useT();
  const { cache, path } = props;
  if (cache.replicas === null) return null;
  return (
    <table>
      <caption>{t('caches.replicasOf', { service: cache.service })}</caption>
      <thead>
        <tr>
          <th scope="col">{t('caches.replica')}</th>
          <th scope="col" className="numeric">
            {t('caches.keys')}
          </th>
          <th scope="col" className="numeric">
            {t('caches.size')}
          </th>
        </tr>
      </thead>
      <tbody>
        {cache.replicas.map((replica) => (
          <tr key={replica.address}>
            <th scope="row">
              <a href={`${path}?${new URLSearchParams({ service: cache.service, replica: replica.address })}`}>
                {replica.address}
              </a>
            </th>
            {replica.answered ? (
              <>
                <td className="numeric">
                  {replica.complete ? replica.keys : t('caches.atLeast', { count: replica.keys })}
                </td>
                <td className="numeric">{kib(replica.valueBytes)}</td>
              </>
            ) : (
              <td colSpan={2}>{t('caches.replicaDidNotAnswer')}</td>
            )}
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{t('caches.total')}</th>
          <td className="numeric">{cache.complete ? cache.keys : t('caches.atLeast', { count: cache.keys })}</td>
          <td className="numeric">{kib(cache.valueBytes)}</td>
        </tr>
      </tfoot>
    </table>
  );
}

/** The services' caches (one namespace each): key groups with counts and sizes, a key browser, flush by prefix. */
export default function Caches() {
  const t = useT();
  const { caches, unreachable, browse, path, done, deleted, missed } = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>() as WriteState | undefined;
  if (state?.stage === 'confirm') return <ConfirmStep state={state} cancelHref={path} />;
  // What is wrong with the replica asked for (unknown: the 400; not answering), said beside its field.
  const replicaProblem = browse?.problem ? t(browse.problem, { service: browse.service, replica: browse.replica }) : '';
  return (
    <>
      <h1>{t('caches.title')}</h1>
      <Flash done={done} />
      {done ? <p role="status">{t('caches.deleted', { count: deleted })}</p> : null}
      {done && missed ? (
        <p className="warning" role="status">
          {t('caches.notFlushedOn', { replicas: missed })}
        </p>
      ) : null}
      <FormError errors={state?.errors} />
      {unreachable.length > 0 ? (
        <p className="warning" role="status">
          {t('caches.unreachable', { services: unreachable.join(', ') })}
        </p>
      ) : null}
      {caches.map((cache) => (
        <section key={cache.service} className="data-table" aria-label={t('caches.of', { service: cache.service })}>
          <h2>{t('caches.of', { service: cache.service })}</h2>
          <p>
            {t('caches.totals', { keys: cache.keys, size: kib(cache.valueBytes), adapter: cache.adapter })}
            {cache.complete ? '' : ` ${t('caches.incomplete')}`}
          </p>
          {cache.replicas ? <p>{t('caches.perReplica')}</p> : null}
          <ReplicaCounts cache={cache} path={path} />
          <table>
            <thead>
              <tr>
                <th scope="col">{t('caches.prefix')}</th>
                <th scope="col" className="numeric">
                  {t('caches.keys')}
                </th>
                <th scope="col" className="numeric">
                  {t('caches.size')}
                </th>
                <th scope="col">{t('caches.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {cache.groups.map((group) => (
                <tr key={`${group.rateLimit}${group.prefix}`}>
                  <th scope="row">
                    <a href={`${path}?${new URLSearchParams({ service: cache.service, prefix: group.prefix })}`}>
                      {group.prefix}
                    </a>
                    {group.rateLimit ? ` (${t('caches.rateLimit')})` : ''}
                  </th>
                  <td className="numeric">{group.keys}</td>
                  <td className="numeric">{kib(group.valueBytes)}</td>
                  <td>
                    <FlushButton
                      service={cache.service}
                      prefix={group.prefix}
                      rateLimits={group.rateLimit}
                      label={t(group.rateLimit ? 'caches.liftRateLimits' : 'caches.flushPrefix', {
                        prefix: group.prefix,
                        service: cache.service,
                      })}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {cache.groups.length === 0 ? <p>{t('caches.empty')}</p> : null}
          <FlushButton service={cache.service} prefix="" label={t('caches.flushAll', { service: cache.service })} />
        </section>
      ))}
      <form method="get" className="filters" aria-label={t('caches.browse')}>
        <h2>{t('caches.browse')}</h2>
        <label htmlFor="browse-service">{t('caches.service')}</label>
        <select id="browse-service" name="service" defaultValue={browse?.service ?? ''}>
          {caches.map((cache) => (
            <option key={cache.service}>{cache.service}</option>
          ))}
        </select>
        <label htmlFor="browse-prefix">{t('caches.prefix')}</label>
        <input id="browse-prefix" name="prefix" maxLength={200} defaultValue={browse?.prefix ?? ''} />
        <button type="submit">{t('caches.list')}</button>
      </form>
      {browse ? (
        <section className="data-table" aria-label={t('caches.keysOf', { service: browse.service })}>
          {browse.replicas.length > 0 ? (
            <form method="get" className="filters" aria-label={t('caches.chooseReplica')}>
              <input type="hidden" name="service" value={browse.service} />
              <input type="hidden" name="prefix" value={browse.prefix} />
              <label htmlFor="browse-replica">{t('caches.replica')}</label>
              <select
                id="browse-replica"
                name="replica"
                defaultValue={browse.replica}
                {...(replicaProblem ? { 'aria-invalid': true, 'aria-describedby': 'replica-error' } : {})}
              >
                {browse.replicas.map((replica) => (
                  <option key={replica}>{replica}</option>
                ))}
              </select>
              <FieldError name="replica" errors={{ replica: replicaProblem }} />
              <button type="submit">{t('caches.list')}</button>
            </form>
          ) : replicaProblem ? (
            <p className="form-error" role="alert">
              {replicaProblem}
            </p>
          ) : null}
          <table>
            <caption>
              {browse.replica
                ? t('caches.keysOfReplica', { service: browse.service, replica: browse.replica })
                : t('caches.keysOf', { service: browse.service })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('caches.key')}</th>
                <th scope="col" className="numeric">
                  {t('caches.size')}
                </th>
                <th scope="col" className="numeric">
                  {t('caches.ttl')}
                </th>
              </tr>
            </thead>
            <tbody>
              {browse.keys.map((row) => (
                <tr key={`${row.rateLimit}${row.key}`}>
                  <td>
                    <code>{row.key}</code>
                    {row.rateLimit ? ` (${t('caches.rateLimit')})` : ''}
                  </td>
                  <td className="numeric">{kib(row.valueBytes)}</td>
                  <td className="numeric">
                    {row.ttlMs === null ? t('caches.noExpiry') : `${Math.ceil(row.ttlMs / 1000)} s`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {browse.keys.length === 0 && !browse.problem ? <p>{t('caches.noKeysHere')}</p> : null}
          {browse.nextCursor ? (
            <a
              href={`${path}?${new URLSearchParams({
                service: browse.service,
                prefix: browse.prefix,
                ...(browse.replica ? { replica: browse.replica } : {}),
                cursor: browse.nextCursor,
              })}`}
            >
              {t('caches.more')}
            </a>
          ) : null}
        </section>
      ) : null}
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/RouteErrorBoundary';
