import { createServer } from 'node:net';
import type { z } from 'zod';
import { loadConfig } from '@pc/kit/config/load-config';
import type { ServiceConfig } from '@pc/kit/config/service-config';
import { closeAllChannels } from '@pc/kit/grpc/channel-pool';
import { createGrpcServer, type GrpcServer } from '@pc/kit/grpc/server';
import type { BuildContext, ServiceApp } from '@pc/kit/service/service-app';
import { pino } from 'pino';
import { buildAccountsApp } from '../../../services/accounts/src/app';
import { accountsConfigSchema } from '../../../services/accounts/src/config';
import { buildCatalogApp } from '../../../services/catalog/src/app';
import { catalogConfigSchema } from '../../../services/catalog/src/config';
import { buildOffersApp } from '../../../services/offers/src/app';
import { offersConfigSchema } from '../../../services/offers/src/config';

/** The platform's bootstrap admin, who registers directory shops. */
export const STAFF = { email: 'root@backup.test', password: 'root-secret-backup' };

type Name = 'accounts' | 'catalog' | 'offers';

function spec<C extends ServiceConfig>(
  name: Name,
  schema: z.ZodType<C>,
  build: (context: BuildContext<C>) => Promise<ServiceApp>,
) {
  return {
    name,
    build: (env: Record<string, string>) =>
      build({ config: loadConfig(schema, { NODE_ENV: 'test', ...env }), logger: pino({ level: 'silent' }) }),
  };
}

/** Accounts, catalog and offers, in start order: what holds a user, a shop and a product. */
const SERVICES = [
  spec('accounts', accountsConfigSchema, buildAccountsApp),
  spec('catalog', catalogConfigSchema, buildCatalogApp),
  spec('offers', offersConfigSchema, buildOffersApp),
];

export interface LocalServices {
  readonly addresses: Readonly<Record<Name, string>>;
  stop(): Promise<void>;
}

/** Ports the OS hands out now (peers need them before their servers listen). */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<ReturnType<typeof createServer>>((resolve, reject) => {
          const server = createServer();
          server.once('error', reject);
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => (server.address() as { port: number }).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/**
 * Starts the three services from their app.ts in this process on `dataDir` with the embedded
 * engines (one shared event log, as under `npm start`), each on a real gRPC port.
 */
export async function startLocalServices(dataDir: string): Promise<LocalServices> {
  const ports = await freePorts(SERVICES.length);
  const addresses = Object.fromEntries(SERVICES.map((s, i) => [s.name, `127.0.0.1:${ports[i]}`])) as Record<
    Name,
    string
  >;
  const env = {
    DATA_DIR: dataDir,
    GRPC_HOST: '127.0.0.1',
    OPS_PORT: '0',
    LOG_LEVEL: 'error',
    ACCOUNTS_GRPC_ADDR: addresses.accounts,
    CATALOG_GRPC_ADDR: addresses.catalog,
    OFFERS_GRPC_ADDR: addresses.offers,
    ACCOUNTS_BOOTSTRAP_ADMIN_EMAIL: STAFF.email,
    ACCOUNTS_BOOTSTRAP_ADMIN_PASSWORD: STAFF.password,
  };
  const running: { app: ServiceApp; server: GrpcServer }[] = [];
  const stop = async () => {
    closeAllChannels();
    for (const { app, server } of running.reverse()) {
      await server.shutdown();
      await app.stop();
    }
  };
  try {
    for (const [i, service] of SERVICES.entries()) {
      const app = await service.build({ ...env, GRPC_PORT: String(ports[i]) });
      const server = createGrpcServer({ services: app.services, logger: pino({ level: 'silent' }) });
      running.push({ app, server });
      await server.listen('127.0.0.1', ports[i] ?? 0);
      await app.start?.();
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { addresses, stop };
}
