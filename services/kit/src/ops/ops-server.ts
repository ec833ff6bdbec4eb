import Fastify, { type FastifyInstance } from 'fastify';
import type { PrometheusExporter } from '@opentelemetry/exporter-prometheus';
import type { Logger } from 'pino';
import type { InstanceInfo } from './instance-info.js';

/** A named readiness check: resolves true when the dependency can serve. */
export type ReadinessCheck = () => Promise<boolean>;

export interface OpsServerOptions {
  readonly logger: Logger;
  readonly prometheus: PrometheusExporter;
  readonly readiness: Readonly<Record<string, ReadinessCheck>>;
  /** Readiness is false once this says the process is shutting down. */
  readonly isShuttingDown: () => boolean;
  /** What `/healthz` tells of this instance (service, version, commit, replica): the panel lists replicas by it. */
  readonly instance?: InstanceInfo;
}

const CHECK_TIMEOUT_MS = 2_000;

async function runCheck(check: ReadinessCheck): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check().catch(() => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The ops HTTP endpoint of every service (docs/conventions.md §5): `/healthz` = the process lives
 * (with its service, version, commit and instance name), `/readyz` = its dependencies answer and it is not shutting down, `/metrics` = Prometheus.
 */
export function createOpsServer(options: OpsServerOptions): FastifyInstance {
  const app = Fastify({ logger: false });

  app.get('/healthz', async () => ({ status: 'ok', ...options.instance }));

  app.get('/readyz', async (_request, reply) => {
    if (options.isShuttingDown()) return reply.code(503).send({ status: 'shutting_down' });
    const names = Object.keys(options.readiness);
    const results = await Promise.all(names.map((name) => runCheck(options.readiness[name]!)));
    const checks = Object.fromEntries(names.map((name, i) => [name, results[i] ? 'ok' : 'failing']));
    const ready = results.every(Boolean);
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready', checks });
  });

  app.get('/metrics', (request, reply) => {
    reply.hijack();
    options.prometheus.getMetricsRequestHandler(request.raw, reply.raw);
  });

  return app;
}
