// The configuration of the site's HTTP edge (site-process.mjs and web/edge/*), read once at start
// through one schema: a bad value stops the server before it listens, naming the variable.
// CommonJS, so that the unit tests load the same file the server does.
'use strict';
const { z } = require('zod');
const { loadConfig } = require('@pc/kit/config/load-config');

const perMinute = z.coerce.number().int().min(0);

const schema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    /**
     * The proxies (addresses, CIDR ranges, or Express's names loopback / linklocal / uniquelocal)
     * whose X-Forwarded-For and X-Forwarded-Proto are believed; comma list. Empty: none — the
     * client's address is the connection's, and no header can change it.
     */
    TRUSTED_PROXIES: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      ),
    /** Requests a minute per client address (every request but static files and health); 0: no limit. */
    EDGE_RATE_PER_IP: perMinute.default(3000),
    /** State-changing requests (not GET/HEAD) a minute per client address; 0: no limit. */
    EDGE_WRITE_RATE_PER_IP: perMinute.default(120),
    /**
     * What pages report of a visit from the browser (POST /api/searches, /api/ad-impressions) a
     * minute per client address, apart from the writes; 0: no limit.
     */
    EDGE_BEACON_RATE_PER_IP: perMinute.default(600),
    /** Requests a minute per session cookie; 0: no limit. */
    EDGE_RATE_PER_SESSION: perMinute.default(1200),
    /** The largest request body any route takes (a route's own limit may be smaller), in bytes. */
    BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(64 * 1024),
    /** Where rate-limit windows are counted: in-process, or Redis shared by every replica (the cluster profile). */
    CACHE: z.enum(['embedded', 'redis']).default('embedded'),
    REDIS_URL: z.string().min(1).optional(),
    PLATFORM_NAMESPACE: z.string().optional(),
    /** The country hosts of the region switch (config.server.ts): its form may lead there (CSP form-action). */
    COUNTRY_HOSTS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .filter((pair) => pair.includes('='))
          .map((pair) => pair.split('=', 2)[1].trim())
          .filter(Boolean),
      ),
    /**
     * How many of the most visited product pages a site process renders on its own before it takes
     * visitors (ADR 096, 098): about as many as it takes to render at its steady speed; 0: none.
     */
    SITE_WARM_UP_RENDERS: z.coerce.number().int().min(0).max(100_000).default(800),
    /** The most seconds that warm-up may take (ADR 098); 0: none, it listens at once. */
    SITE_WARM_UP_SECONDS: z.coerce.number().min(0).max(60).default(20),
    /** 0 turns the micro-cache off (ADR 013). */
    MICRO_CACHE: z.enum(['0', '1']).default('1'),
    /**
     * The event bus whose changes keep the micro-cache's pages current (ADR 082), chosen as the
     * services choose theirs: the embedded log under DATA_DIR, or Kafka at KAFKA_BROKERS.
     */
    EVENT_BUS: z.enum(['embedded', 'kafka']).default('embedded'),
    DATA_DIR: z.string().min(1).default('.data'),
    EVENT_LOG_RETENTION_HOURS: z.coerce.number().int().min(0).default(168),
    KAFKA_BROKERS: z.string().min(1).optional(),
    /** Topics the site subscribes to before any producer made them are made as the services make them. */
    KAFKA_REPLICATION_FACTOR: z.coerce.number().int().positive().optional(),
    KAFKA_MIN_INSYNC_REPLICAS: z.coerce.number().int().positive().optional(),
  })
  .refine((config) => config.CACHE !== 'redis' || config.REDIS_URL, {
    message: 'CACHE=redis needs REDIS_URL',
    path: ['REDIS_URL'],
  })
  .refine((config) => config.EVENT_BUS !== 'kafka' || config.KAFKA_BROKERS, {
    message: 'EVENT_BUS=kafka needs KAFKA_BROKERS',
    path: ['KAFKA_BROKERS'],
  });

/** The edge's configuration from an environment (process.env by default); throws ConfigError naming every bad variable. */
const loadEdgeConfig = (env = process.env) => loadConfig(schema, env);

module.exports = { loadEdgeConfig };
