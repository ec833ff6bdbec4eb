import { z } from 'zod';
import { logLevel, port, positiveInt } from './env-types.js';
import { checkGrpcTls, grpcTlsShape } from './grpc-tls-config.js';
import { identityShape } from './identity-config.js';

/** The variables every service reads; a service adds its own through `serviceConfigSchema`. */
const baseShape = {
  GRPC_HOST: z.string().min(1).default('127.0.0.1'),
  GRPC_PORT: port,
  ...grpcTlsShape,
  OPS_PORT: port,
  ...identityShape,
  LOG_LEVEL: logLevel.default('info'),
  /**
   * This service's earlier log lines (JSON, one a line; rotated to `<file>.1`): the log ring starts
   * with the warnings and errors of their tail (ADR 147). `npm start` sets it; a pod has no such file.
   */
  LOG_RING_SEED_FILE: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default('.data'),
  SHUTDOWN_GRACE_MS: positiveInt.default(10_000),
  /** How long health says NOT_SERVING before the server stops taking calls (load balancers notice). */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).default(0),
  EVENT_BUS: z.enum(['embedded', 'kafka']).default('embedded'),
  /**
   * Embedded event log: records older than this are deleted once no consumer group that still
   * counts needs them; 0 keeps every record. Kafka's retention is the brokers' configuration.
   */
  EVENT_LOG_RETENTION_HOURS: z.coerce.number().int().min(0).default(168),
  DOCUMENT_STORE: z.enum(['embedded', 'mongodb']).default('embedded'),
  SEARCH_INDEX: z.enum(['embedded', 'elasticsearch']).default('embedded'),
  /** Embedded search index: memory for the rows of recent text matches (MiB); 0 turns the cache off. */
  SEARCH_MATCH_CACHE_MB: z.coerce.number().int().min(0).default(32),
  /**
   * Embedded search index: worker threads that answer searches beside the service's own thread
   * (each holds its own copy of the in-memory columns). `npm start` sets 1.
   */
  SEARCH_QUERY_THREADS: z.coerce.number().int().min(0).max(16).default(0),
  CACHE: z.enum(['embedded', 'redis']).default('embedded'),
  KAFKA_BROKERS: z.string().min(1).optional(),
  /**
   * Replicas of each topic the bus creates, and the replicas that must have a record before the
   * brokers acknowledge it (the producer waits for all in-sync replicas). Unset: the brokers'
   * defaults. Production: 3 and 2, so one broker may fail without losing an acknowledged event.
   */
  KAFKA_REPLICATION_FACTOR: positiveInt.optional(),
  KAFKA_MIN_INSYNC_REPLICAS: positiveInt.optional(),
  MONGODB_URI: z.string().min(1).optional(),
  ELASTICSEARCH_URL: z.string().url().optional(),
  /**
   * 'builtin': the kit's own analysis (fold, German normalisation, Snowball) indexed as
   * pre-analysed terms — works on any server and matches the embedded index exactly.
   * 'language': the same chain built from Elasticsearch's analysis-common filters (production).
   */
  ELASTICSEARCH_ANALYSIS: z.enum(['builtin', 'language']).default('builtin'),
  REDIS_URL: z.string().min(1).optional(),
  /**
   * Keeps this platform's data apart from others on the same cluster engines: Kafka topics and
   * groups `<ns>.…`, MongoDB databases `<ns>_pricecompare_…`, Elasticsearch indices `<ns>.…`,
   * Redis keys `<ns>:…`. Unset: the plain names. No effect on the embedded engines (DATA_DIR
   * already separates them).
   */
  PLATFORM_NAMESPACE: z
    .string()
    .regex(/^[a-z][a-z0-9-]{0,30}$/, 'a lower-case letter, then up to 30 lower-case letters, digits or -')
    .optional(),
};

/** Each cluster adapter needs its connection variable. */
const REQUIRED_WHEN = [
  ['EVENT_BUS', 'kafka', 'KAFKA_BROKERS'],
  ['DOCUMENT_STORE', 'mongodb', 'MONGODB_URI'],
  ['SEARCH_INDEX', 'elasticsearch', 'ELASTICSEARCH_URL'],
  ['CACHE', 'redis', 'REDIS_URL'],
] as const;

/** The schema of a service's config: the common variables plus the service's own. */
export function serviceConfigSchema<Extra extends z.ZodRawShape>(extra: Extra) {
  return z.object({ ...baseShape, ...extra }).superRefine(
    (env, ctx) => {
      const values = env as Record<string, unknown>;
      for (const [selector, value, needed] of REQUIRED_WHEN) {
        if (values[selector] === value && !values[needed]) {
          ctx.addIssue({ code: 'custom', path: [needed], message: `required when ${selector}=${value}` });
        }
      }
      checkGrpcTls(values, ctx, true);
    },
    // Also when other variables are bad: the operator should see every problem in one go.
    { when: () => true },
  );
}

export type ServiceConfig = z.infer<ReturnType<typeof serviceConfigSchema<Record<never, never>>>>;
