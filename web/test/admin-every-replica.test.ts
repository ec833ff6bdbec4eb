import { AdminPanel } from '@pc/proto/accounts/v1/types';
import { createEmbeddedCache } from '@pc/in-process-cache/embedded-cache';
import { cacheAdminService } from '@pc/kit/cache-admin/cache-admin-service';
import { PermissionDeniedError } from '@pc/kit/errors/domain-errors';
import { createGrpcServer, type GrpcServer } from '@pc/kit/grpc/server';
import { currentCaller } from '@pc/kit/identity/caller';
import { useTestIdentity } from '@pc/kit/identity/testing/test-identity';
import { logAdminService } from '@pc/kit/log-admin/log-admin-service';
import { LogRing } from '@pc/kit/logging/log-ring';
import { createLogger } from '@pc/kit/logging/logger';
import type { StaffContext } from '../admin/app/auth/staff-session.server';
import { answerOf, newStaffUser, renderPage, signInToPanel, type StaffSession } from './admin-panel-session';
import { startPlatform, type Platform } from './platform-harness';

/**
 * The infrastructure panel with two replicas of one service behind one name, as a headless
 * Service in the cluster resolves to each pod (ADR 136): two real LogAdminServices and
 * CacheAdminServices, each replica with its own log ring and in-process cache, on 127.0.0.1 and
 * 127.0.0.2 at one port, and the name the admin app is configured with resolving to both. The
 * logs page shows both replicas' records and names the one that stopped by its address; a flush of
 * the in-process cache empties both replicas' caches; the caches page counts each replica's keys
 * and their total, and its key browser lists the keys of the replica chosen.
 */

// The system's resolver, but `billing-pods.test` answers both loopback addresses: for the panel
// (node:dns/promises) and for grpc-js's own channels (dns), as a headless Service does.
jest.mock('node:dns/promises', () => {
  const actual = jest.requireActual<typeof import('node:dns/promises')>('node:dns/promises');
  const both = [
    { address: '127.0.0.1', family: 4 },
    { address: '127.0.0.2', family: 4 },
  ];
  return {
    ...actual,
    lookup: (host: string, options: object) =>
      host === 'billing-pods.test' ? Promise.resolve(both) : actual.lookup(host, options),
  };
});
jest.mock('dns', () => {
  const actual = jest.requireActual<typeof import('dns')>('dns');
  const both = [
    { address: '127.0.0.1', family: 4 },
    { address: '127.0.0.2', family: 4 },
  ];
  const lookup = (host: string, options: object) =>
    host === 'billing-pods.test' ? Promise.resolve(both) : actual.promises.lookup(host, options);
  return { ...actual, promises: { ...actual.promises, lookup } };
});

useTestIdentity('admin');

const PAGE = 'http://admin.test/admin/infrastructure/logs';
const CACHES_PAGE = 'http://admin.test/admin/infrastructure/caches';

type Route = typeof import('../admin/app/routes/infrastructure.logs');
type CachesRoute = typeof import('../admin/app/routes/infrastructure.caches');

let platform: Platform;
let route: Route;
let cachesRoute: CachesRoute;
let staff: StaffSession;
let staffUserId = '';
let port = 0;
const replicas: GrpcServer[] = [];
const caches = [createEmbeddedCache(), createEmbeddedCache()];
const stopped = new Set<GrpcServer>();

const stop = async (replica: GrpcServer): Promise<void> => {
  if (stopped.has(replica)) return;
  stopped.add(replica);
  await replica.shutdown();
};

/** The staff rule as a service applies it: the verified user of the call is the panel's staff user. */
const staffRule = {
  async require(actorUserId: string, action: string, panel: string): Promise<void> {
    if (actorUserId === staffUserId && currentCaller()?.userId === staffUserId) return;
    throw new PermissionDeniedError(`${action} needs the staff:${panel} role`, { reason: 'STAFF_ROLE_REQUIRED' });
  },
};

/** One replica of billing: its own ring with its own warnings and its own cache, serving both staff APIs at `host`. */
async function startReplica(host: string, instance: string, messages: string[], replica: number): Promise<GrpcServer> {
  const ring = new LogRing();
  const logger = createLogger(null, 'info', { ring, stdout: { write: () => undefined } }).child({ service: 'billing' });
  for (const message of messages) {
    logger.warn({ invoice: instance }, message);
    // Distinct times, so newest first is one order.
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const server = createGrpcServer({
    services: [
      logAdminService({ service: 'billing', staff: staffRule, ring, instance }),
      cacheAdminService({
        service: 'billing',
        cache: caches[replica]!,
        adapter: 'embedded',
        staff: staffRule,
        audit: { record: async () => undefined },
      }),
    ],
    logger: createLogger('billing', 'silent'),
  });
  port = await server.listen(host, port);
  return server;
}

const load = (query: string) =>
  answerOf(() =>
    route.loader({
      request: new Request(`${PAGE}${query}`, { headers: { cookie: staff.cookie } }),
      params: {},
      context: {},
    }),
  );

const render = (query: string): Promise<string> =>
  renderPage(route, 'admin/infrastructure/logs', new Request(`${PAGE}${query}`, { headers: { cookie: staff.cookie } }));

const loadCaches = (query: string) =>
  answerOf(() =>
    cachesRoute.loader({
      request: new Request(`${CACHES_PAGE}${query}`, { headers: { cookie: staff.cookie } }),
      params: {},
      context: {},
    }),
  );

const renderCaches = (query: string): Promise<string> =>
  renderPage(
    cachesRoute,
    'admin/infrastructure/caches',
    new Request(`${CACHES_PAGE}${query}`, { headers: { cookie: staff.cookie } }),
  );

interface BillingCache {
  service: string;
  keys: number;
  groups: { prefix: string; keys: number }[];
  replicas: { address: string; answered: boolean; keys?: number }[] | null;
}
const billingCache = (data: { caches: BillingCache[] }) => data.caches.find((cache) => cache.service === 'billing');
const keyNames = (data: { browse: { keys: { key: string }[] } }) => data.browse.keys.map((row) => row.key).sort();

beforeAll(async () => {
  replicas.push(await startReplica('127.0.0.1', 'billing-a/11', ['invoice run slow', 'invoice run late'], 0));
  replicas.push(await startReplica('127.0.0.2', 'billing-b/22', ['payment provider timed out'], 1));
  // The admin app reads its addresses when first loaded: billing is the one name of both replicas.
  process.env.BILLING_GRPC_ADDR = `billing-pods.test:${port}`;
  platform = await startPlatform();
  route = await import('../admin/app/routes/infrastructure.logs');
  cachesRoute = await import('../admin/app/routes/infrastructure.caches');
  staffUserId = await newStaffUser(platform, 'replica-logs@platform.test', AdminPanel.ADMIN_PANEL_INFRASTRUCTURE);
  staff = await signInToPanel('infrastructure', 'replica-logs@platform.test', 'secret-pass');
}, 120_000);

afterAll(async () => {
  for (const replica of replicas) await stop(replica);
  await platform?.stop();
});

describe('the infrastructure panel with several replicas of a service', () => {
  it('shows every replica’s records, merged newest first, each naming its instance', async () => {
    const answer = await load('?service=billing');
    expect(answer.status).toBe(200);
    expect(answer.data.unreachable).toEqual([]);
    expect(
      answer.data.page.rows.map((row: { instance: string; message: string }) => [row.instance, row.message]),
    ).toEqual([
      ['billing-b/22', 'payment provider timed out'],
      ['billing-a/11', 'invoice run late'],
      ['billing-a/11', 'invoice run slow'],
    ]);
    const html = await render('?service=billing');
    expect(html).toContain('payment provider timed out');
    expect(html).toContain('invoice run late');
    expect(html).toContain('billing-b/22');
  });

  it('flushes an in-process cache on every replica, counting the keys of both', async () => {
    await caches[0]!.set('quote:eur', '1');
    await caches[0]!.set('quote:chf', '2');
    await caches[1]!.set('quote:eur', '3');
    await caches[1]!.set('session:kept', '4');
    const { cacheWrites } = await import('../admin/app/panels/infrastructure/cache-writes.server');
    const context = { user: { id: staffUserId } } as StaffContext;
    // The confirmation counts the keys the flush will delete on both replicas, not one replica's.
    const { translator } = await import('../admin/app/i18n/languages');
    const summary = await cacheWrites().flush.summary(
      { service: 'billing', prefix: 'quote:', rateLimits: '' },
      context,
      translator('en'),
    );
    expect(summary.changes.map((change) => change.before)).toEqual(['3 keys']);
    const next = await cacheWrites().flush.perform({ service: 'billing', prefix: 'quote:', rateLimits: '' }, context);
    expect(next).toBe('/admin/infrastructure/caches?done=1&deleted=3');
    expect(await Promise.all(caches.map((cache) => cache.get('quote:eur')))).toEqual([null, null]);
    expect(await caches[1]!.get('session:kept')).toBe('4');
  });

  it('counts an in-process cache on every replica with their total, and browses the replica chosen', async () => {
    for (const cache of caches) await cache.deleteByPrefix('', { rateLimits: true });
    await caches[0]!.set('fx:eur', 'one');
    await caches[0]!.set('fx:chf', 'two');
    await caches[0]!.set('quote:eur', 'three');
    await caches[1]!.set('fx:usd', 'four');
    await caches[1]!.set('fx:gbp', 'five');
    const a = `127.0.0.1:${port}`;
    const b = `127.0.0.2:${port}`;

    const page = await loadCaches('');
    expect(page.status).toBe(200);
    // (The test platform runs no crawler: it is named as not answering.)
    const billingMissed = (names: string[]) => names.filter((name) => name.startsWith('billing'));
    expect(billingMissed(page.data.unreachable)).toEqual([]);
    const billing = billingCache(page.data)!;
    expect(billing.keys).toBe(5);
    expect(billing.groups.map((group) => [group.prefix, group.keys])).toEqual([
      ['fx:', 4],
      ['quote:', 1],
    ]);
    expect(billing.replicas?.map((replica) => [replica.address, replica.keys])).toEqual([
      [a, 3],
      [b, 2],
    ]);
    const html = await renderCaches('');
    expect(html).toContain('5 keys,');
    expect(html).toContain('Replicas of billing');
    expect(html).toContain(`>${a}</a>`);
    expect(html).toContain(`>${b}</a>`);
    expect(html).toContain('Total');

    // The browser reads the first replica unless another is chosen; fx:usd is only on the second.
    const first = await loadCaches('?service=billing&prefix=fx:');
    expect(first.data.browse.replica).toBe(a);
    expect(first.data.browse.replicas).toEqual([a, b]);
    expect(keyNames(first.data)).toEqual(['fx:chf', 'fx:eur']);
    const query = `?${new URLSearchParams({ service: 'billing', prefix: 'fx:', replica: b })}`;
    const second = await loadCaches(query);
    expect(second.status).toBe(200);
    expect(keyNames(second.data)).toEqual(['fx:gbp', 'fx:usd']);
    const secondHtml = await renderCaches(query);
    expect(secondHtml).toContain(`Keys of billing on ${b}`);
    expect(secondHtml).toContain('fx:usd');

    // A replica the name does not resolve to is refused beside the field, the page still shown.
    const unknown = `?${new URLSearchParams({ service: 'billing', replica: '10.9.9.9:1' })}`;
    const refused = await loadCaches(unknown);
    expect(refused.status).toBe(400);
    expect(refused.data.browse.keys).toEqual([]);
    expect(billingCache(refused.data)!.keys).toBe(5);
    expect(await renderCaches(unknown)).toContain('10.9.9.9:1 is not a replica of billing: choose one of the list.');
  });

  it('names a replica that stopped by its address and still shows the other', async () => {
    await stop(replicas[1]!);
    const answer = await load('?service=billing');
    expect(answer.status).toBe(200);
    expect(answer.data.unreachable).toEqual([`billing (127.0.0.2:${port})`]);
    expect(answer.data.page.rows.map((row: { message: string }) => row.message)).toEqual([
      'invoice run late',
      'invoice run slow',
    ]);
    expect(await render('?service=billing')).toContain(`Not answering: billing (127.0.0.2:${port})`);

    // A flush still empties the replica that answers, and names the one it could not reach.
    await caches[0]!.set('quote:usd', '5');
    const { cacheWrites } = await import('../admin/app/panels/infrastructure/cache-writes.server');
    const context = { user: { id: staffUserId } } as StaffContext;
    const next = await cacheWrites().flush.perform({ service: 'billing', prefix: 'quote:', rateLimits: '' }, context);
    expect(new URL(next, 'http://admin.test').searchParams.get('missed')).toBe(`billing (127.0.0.2:${port})`);
    expect(await caches[0]!.get('quote:usd')).toBeNull();

    // The caches page counts the replica that answers, names the other, and says so when it is browsed.
    const page = await loadCaches('');
    expect(page.data.unreachable.filter((name: string) => name.startsWith('billing'))).toEqual([
      `billing (127.0.0.2:${port})`,
    ]);
    const billing = billingCache(page.data)!;
    expect(billing.keys).toBe(2);
    expect(billing.replicas).toEqual([
      expect.objectContaining({ address: `127.0.0.1:${port}`, answered: true, keys: 2 }),
      { address: `127.0.0.2:${port}`, answered: false },
    ]);
    const gone = `?${new URLSearchParams({ service: 'billing', replica: `127.0.0.2:${port}` })}`;
    const browse = await loadCaches(gone);
    expect(browse.status).toBe(200);
    expect(browse.data.browse.problem).toBe('caches.replicaNotAnswering');
    expect(await renderCaches(gone)).toContain(`127.0.0.2:${port} did not answer: its keys cannot be listed now.`);
  });
});
