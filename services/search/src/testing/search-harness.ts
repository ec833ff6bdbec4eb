import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { SearchServiceService } from '@pc/proto/search/v1/search';
import { openEmbeddedEventBus } from '@pc/embedded-event-log/open-embedded-event-bus';
import { loadConfig } from '@pc/kit/config/load-config';
import { toRecord, type PendingEvent } from '@pc/kit/events/publisher';
import { createServiceClient, type ServiceClient } from '@pc/kit/grpc/client';
import { createGrpcServer, type GrpcServer } from '@pc/kit/grpc/server';
import type { EventBus } from '@pc/kit/ports/event-bus';
import type { ServiceApp } from '@pc/kit/service/service-app';
import { buildSearchApp } from '../app.js';
import { searchConfigSchema } from '../config.js';

/** The search service from app.ts over real gRPC, fed through the embedded event log of a temp dir. */
export interface SearchHarness {
  readonly client: ServiceClient<typeof SearchServiceService>;
  /** host:port of its gRPC server (for the other services it serves, e.g. AuditService). */
  readonly address: string;
  /** Publishes events as their producers do (envelope, key), one durable batch. */
  publish(...events: PendingEvent<unknown>[]): Promise<void>;
  /** Another process's connection to the event log search uses: to hear what search emits. */
  readonly bus: EventBus;
  stop(): Promise<void>;
}

/**
 * `dataDir`: share one (its event log) with another harness; by default a temp dir of its own.
 * `options`: what app.ts takes besides its config (the owners' streams a rebuild reads).
 */
export async function startSearch(
  env: Record<string, string> = {},
  sharedDataDir?: string,
  options?: Parameters<typeof buildSearchApp>[1],
): Promise<SearchHarness & { readonly dataDir: string }> {
  const dataDir = sharedDataDir ?? mkdtempSync(join(tmpdir(), 'search-'));
  const logger = pino({ level: 'silent' });
  const config = loadConfig(searchConfigSchema, { GRPC_PORT: '0', OPS_PORT: '0', DATA_DIR: dataDir, ...env });
  const app: ServiceApp = await buildSearchApp({ config, logger }, options);
  const server: GrpcServer = createGrpcServer({ services: app.services, logger });
  const port = await server.listen('127.0.0.1', 0);
  await app.start?.();
  // The producers' side: another connection to the same log file, as another process would be.
  const bus: EventBus = await openEmbeddedEventBus({ path: join(dataDir, 'events', 'log.sqlite'), logger });
  const client = createServiceClient(SearchServiceService, `127.0.0.1:${port}`, { deadlineMs: 10_000 });
  return {
    client,
    address: `127.0.0.1:${port}`,
    dataDir,
    bus,
    publish: (...events) =>
      bus.publish(events.map((event) => toRecord(event.type.topic.split('.')[0] ?? 'test', event))),
    stop: async () => {
      await server.shutdown();
      await app.stop();
      await bus.close();
      if (!sharedDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
