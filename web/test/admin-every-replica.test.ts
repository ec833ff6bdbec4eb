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
 * the in-process cache empties both replicas' caches.
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

type Route = typeof import('../admin/app/routes/infrastructure.logs');

let platform: Platform;
let route: Route;
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

beforeAll(async () => {
  replicas.push(await startReplica('127.0.0.1', 'billing-a/11', ['invoice run slow', 'invoice run late'], 0));
  replicas.push(await startReplica('127.0.0.2', 'billing-b/22', ['payment provider timed out'], 1));
  // The admin app reads its addresses when first loaded: billing is the one name of both replicas.
  process.env.BILLING_GRPC_ADDR = `billing-pods.test:${port}`;
  platform = await startPlatform();
  route = await import('../admin/app/routes/infrastructure.logs');
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
    const next = await cacheWrites().flush.perform({ service: 'billing', prefix: 'quote:', rateLimits: '' }, context);
    expect(next).toBe('/admin/infrastructure/caches?done=1&deleted=3');
    expect(await Promise.all(caches.map((cache) => cache.get('quote:eur')))).toEqual([null, null]);
    expect(await caches[1]!.get('session:kept')).toBe('4');
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
  });
});
