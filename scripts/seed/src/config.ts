import { z } from 'zod';
import { grpcAddress, logLevel, positiveInt } from '@pc/kit/config/env-types';
import { loadConfig } from '@pc/kit/config/load-config';
import { serviceConfigSchema } from '@pc/kit/config/service-config';

/**
 * The seed's environment: the services' common variables (DATA_DIR, EVENT_BUS, KAFKA_BROKERS …,
 * so it opens the same event bus as they do), the service addresses, and who it acts as. It
 * serves nothing: its GRPC_PORT and OPS_PORT are 0 (see loadSeedConfig).
 */
export const seedConfigSchema = serviceConfigSchema({
  CATALOG_GRPC_ADDR: grpcAddress.default('127.0.0.1:50051'),
  OFFERS_GRPC_ADDR: grpcAddress.default('127.0.0.1:50052'),
  SEARCH_GRPC_ADDR: grpcAddress.default('127.0.0.1:50053'),
  ACCOUNTS_GRPC_ADDR: grpcAddress.default('127.0.0.1:50054'),
  AFFILIATES_GRPC_ADDR: grpcAddress.default('127.0.0.1:50056'),
  CRAWLER_GRPC_ADDR: grpcAddress.default('127.0.0.1:50057'),
  /** The demo shops' admin address (npm start runs them): their manifest names every shop's site and feeds. */
  DEMO_SHOPS_URL: z.url({ protocol: /^https?$/ }).default('http://127.0.0.1:8800'),
  /**
   * offers' freshness window (its OFFERS_STALE_AFTER, same syntax): the history import ends where
   * it begins, so imported observations record history and list no offer.
   */
  OFFERS_STALE_AFTER: z
    .string()
    .regex(/^\d+(ms|s|m|h|d)$/, 'a whole number with a unit ms, s, m, h or d, e.g. "72h"')
    .default('72h')
    .transform((value) => {
      const [, amount, unit] = /^(\d+)(ms|s|m|h|d)$/.exec(value)!;
      return (
        Number(amount) *
        { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }[unit as 'ms' | 's' | 'm' | 'h' | 'd']
      );
    }),
  /** An admin user id to act as (directory shops, FX rates, product data). */
  SEED_ACTOR_USER_ID: z.string().min(1).optional(),
  /** Or an admin's credentials: the seed signs in through accounts to learn the id. */
  SEED_ADMIN_EMAIL: z.string().email().optional(),
  SEED_ADMIN_PASSWORD: z.string().min(1).optional(),
  SEED_DEADLINE_MS: positiveInt.default(15_000),
  /** The seed's own log level (event-bus warnings); its progress lines always print. */
  SEED_LOG_LEVEL: logLevel.default('warn'),
});

export type SeedConfig = z.infer<typeof seedConfigSchema>;

/** Reads the seed's environment once, failing with every bad variable named. */
export function loadSeedConfig(env: NodeJS.ProcessEnv): SeedConfig {
  // The common schema requires the ports a service listens on; the seed listens on none.
  return loadConfig(seedConfigSchema, { ...env, GRPC_PORT: '0', OPS_PORT: '0' });
}
