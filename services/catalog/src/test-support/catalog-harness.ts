import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CatalogServiceService, MatchProductRequest } from '@pc/proto/catalog/v1/catalog';
import { loadConfig } from '@pc/kit/config/load-config';
import { closeAllChannels } from '@pc/kit/grpc/channel-pool';
import { createServiceClient, type ServiceClient } from '@pc/kit/grpc/client';
import { createGrpcServer, type GrpcServer } from '@pc/kit/grpc/server';
import type { ServiceApp } from '@pc/kit/service/service-app';
import { pino } from 'pino';
import { buildCatalogApp, type CatalogAppOptions } from '../app.js';
import { catalogConfigSchema } from '../config.js';

export type CatalogClient = ServiceClient<typeof CatalogServiceService>;

/** The catalog built by app.ts, served over real gRPC on a free port, embedded engines in a temp dir. */
export interface RunningCatalog {
  readonly dataDir: string;
  readonly address: string;
  readonly client: CatalogClient;
  readonly app: ServiceApp;
  /** Stops server and app; keeps the data dir (a restart reopens it). */
  stop(): Promise<void>;
}

export function newDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'catalog-'));
}

export function removeDataDir(dataDir: string): void {
  rmSync(dataDir, { recursive: true, force: true });
}

/**
 * Starts the catalog on `dataDir`. Without `ACCOUNTS_GRPC_ADDR` in `env` it knows no accounts
 * service (an address nothing listens on), so only internal (empty) actors pass its staff checks:
 * never the shared machine's default port. `documents`: a store of the caller's (MongoDB).
 */
export async function startCatalog(
  dataDir: string,
  env: Record<string, string> = {},
  options: CatalogAppOptions = {},
): Promise<RunningCatalog> {
  const config = loadConfig(catalogConfigSchema, {
    GRPC_PORT: '0',
    OPS_PORT: '0',
    DATA_DIR: dataDir,
    ACCOUNTS_GRPC_ADDR: '127.0.0.1:1',
    ...env,
  });
  const logger = pino({ level: 'silent' });
  const app = await buildCatalogApp({ config, logger }, options);
  const server: GrpcServer = createGrpcServer({ services: app.services, logger });
  const address = `127.0.0.1:${await server.listen('127.0.0.1', 0)}`;
  await app.start?.();
  return {
    dataDir,
    address,
    client: createServiceClient(CatalogServiceService, address, { deadlineMs: 30_000 }),
    app,
    async stop() {
      closeAllChannels();
      await server.shutdown();
      await app.stop();
    },
  };
}

let offerCounter = 0;

/** A MatchProduct request with defaults: a fresh offer id of shop "s1", created if missing. */
export function offer(fields: Partial<MatchProductRequest> = {}): MatchProductRequest {
  offerCounter += 1;
  return MatchProductRequest.fromPartial({
    shopId: 's1',
    shopOfferId: `o${offerCounter}`,
    language: 'en',
    createIfMissing: true,
    ...fields,
  });
}
