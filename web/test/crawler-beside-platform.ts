import { pino } from 'pino';
import { loadConfig } from '@pc/kit/config/load-config';
import { createGrpcServer } from '@pc/kit/grpc/server';
import { buildCrawlerApp, type CrawlerApp } from '../../services/crawler/src/app';
import { crawlerConfigSchema } from '../../services/crawler/src/config';
import type { Platform } from './platform-harness';

/** A crawler serving gRPC beside a test platform. */
export interface CrawlerBesidePlatform {
  readonly app: CrawlerApp;
  readonly address: string;
  stop(): Promise<void>;
}

/**
 * The crawler on the platform's data dir (the event log offers writes ShopChanged to) and its
 * accounts, polite in milliseconds, its fetch guard letting it reach a test site on 127.0.0.1 at
 * `sitePort` only. Sets CRAWLER_GRPC_ADDR for the admin app's config, read when a route loads.
 */
export async function startCrawlerBeside(platform: Platform, sitePort: number): Promise<CrawlerBesidePlatform> {
  const app = await buildCrawlerApp({
    config: loadConfig(crawlerConfigSchema, {
      NODE_ENV: 'test',
      DATA_DIR: platform.dataDir,
      GRPC_HOST: '127.0.0.1',
      GRPC_PORT: '0',
      OPS_PORT: '0',
      LOG_LEVEL: 'error',
      ACCOUNTS_GRPC_ADDR: platform.addresses.accounts,
      FETCH_ALLOW_PRIVATE: '127.0.0.1',
      FETCH_ALLOW_PORTS: String(sitePort),
      CRAWLER_DISCOVER_SHOPS: 'false',
      CRAWLER_DEFAULT_DELAY: '20ms',
      CRAWLER_TICK: '10ms',
    }),
    logger: pino({ level: 'silent' }),
  });
  const server = createGrpcServer({ services: app.services, logger: pino({ level: 'silent' }) });
  const address = `127.0.0.1:${await server.listen('127.0.0.1', 0)}`;
  await app.start?.();
  process.env.CRAWLER_GRPC_ADDR = address;
  return {
    app,
    address,
    async stop() {
      await server.shutdown();
      await app.stop();
    },
  };
}
