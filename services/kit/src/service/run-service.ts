import { metrics } from '@opentelemetry/api';
import type { z } from 'zod';
import { ConfigError, loadConfig } from '../config/load-config.js';
import type { ServiceConfig } from '../config/service-config.js';
import { closeAllChannels, setClientTls } from '../grpc/channel-pool.js';
import { createGrpcServer } from '../grpc/server.js';
import { loadProcessIdentity } from '../identity/process-identity.js';
import { processLogRing } from '../logging/log-ring.js';
import { seedLogRing, type SeedOutcome } from '../logging/log-ring-seed.js';
import { createLogger, type Logger } from '../logging/logger.js';
import { instanceInfo } from '../ops/instance-info.js';
import { createOpsServer } from '../ops/ops-server.js';
import { registerProcessMetrics } from '../telemetry/process-metrics.js';
import { registerStoreMetrics } from '../telemetry/store-metrics.js';
import { startTelemetry } from '../telemetry/start.js';
import type { BuildContext, ServiceApp } from './service-app.js';

export interface ServiceDescription<S extends z.ZodType<ServiceConfig>> {
  readonly name: string;
  readonly configSchema: S;
  readonly build: (context: BuildContext<z.infer<S>>) => Promise<ServiceApp>;
}

/** Messages a service sends its launcher over IPC (when started by `npm start`). */
export type LauncherMessage = { type: 'ready'; service: string; grpcPort: number; opsPort: number };

/**
 * Runs a service as a process: config (fail fast), telemetry, the gRPC and ops servers, and a
 * graceful shutdown on SIGTERM/SIGINT or when the launcher goes away: health NOT_SERVING, drain,
 * finish in-flight calls, stop background work, exit.
 */
export async function runService<S extends z.ZodType<ServiceConfig>>(
  description: ServiceDescription<S>,
): Promise<void> {
  const telemetry = startTelemetry(description.name);
  let config: z.infer<S>;
  try {
    config = loadConfig(description.configSchema);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${description.name}: ${error.message}\n`);
    process.exit(78); // EX_CONFIG
  }
  // Before anything logs: the ring keeps its records in the order they came.
  const seeded =
    config.LOG_RING_SEED_FILE && config.LOG_LEVEL !== 'silent'
      ? await seedLogRing(processLogRing(), config.LOG_RING_SEED_FILE)
      : undefined;
  const logger = createLogger(description.name, config.LOG_LEVEL);
  installCrashHandlers(logger);
  if (seeded) logSeedOutcome(logger, seeded);
  registerProcessMetrics();
  registerStoreMetrics(metrics.getMeter('@pc/kit/store'));

  // The app's clients call other services with the same TLS files as this server serves.
  setClientTls(config);
  // Its server verifies every caller, its clients sign every call, as this service.
  try {
    loadProcessIdentity(description.name, config);
  } catch (error) {
    process.stderr.write(`${description.name}: ${(error as Error).message}\n`);
    process.exit(78); // EX_CONFIG
  }
  const app = await description.build({ config, logger });
  let shuttingDown = false;
  const grpc = createGrpcServer({
    services: app.services,
    logger,
    drainMs: config.SHUTDOWN_DRAIN_MS,
    graceMs: config.SHUTDOWN_GRACE_MS,
    tls: config,
  });
  const ops = createOpsServer({
    logger,
    prometheus: telemetry.prometheus,
    readiness: app.readiness,
    isShuttingDown: () => shuttingDown,
    instance: instanceInfo(description.name),
  });

  const grpcPort = await grpc.listen(config.GRPC_HOST, config.GRPC_PORT);
  await ops.listen({ host: config.GRPC_HOST, port: config.OPS_PORT });
  const opsPort = (ops.server.address() as { port: number }).port;
  await app.start?.();
  const shutdown = async (reason: string): Promise<void> => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ reason }, 'shutting down');
    const hardStop = setTimeout(
      () => {
        logger.error('shutdown took too long: exiting');
        process.exit(1);
      },
      config.SHUTDOWN_GRACE_MS + config.SHUTDOWN_DRAIN_MS + 5_000,
    );
    hardStop.unref();
    await grpc.shutdown();
    await app.stop();
    await ops.close();
    closeAllChannels();
    await telemetry.shutdown();
    logger.info('stopped');
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  // Started by the launcher: if it dies, so do we (no orphans).
  process.once('disconnect', () => void shutdown('launcher disconnected'));
  // Ready only now: a launcher that stops us as soon as it hears it finds the handlers in place
  // (a SIGTERM before them would end the process by the signal's default action).
  logger.info({ grpcPort, opsPort }, 'service ready');
  process.send?.({ type: 'ready', service: description.name, grpcPort, opsPort } satisfies LauncherMessage);
}

function logSeedOutcome(logger: Logger, { file, bytes, records, unreadable }: SeedOutcome): void {
  if (unreadable !== undefined && bytes === 0) {
    logger.info({ file, reason: unreadable }, 'log ring not seeded: no earlier log lines');
  } else {
    logger.info({ file, bytes, records }, 'log ring seeded with earlier warnings and errors');
  }
}

function installCrashHandlers(logger: Logger): void {
  // Crash-only: state is durable, so an unknown failure is safest handled by a restart. The fatal
  // line is written synchronously (stdoutDestination) before the exit, so the launcher's log file
  // has it and the restarted process's ring starts with it (ADR 147).
  process.on('uncaughtException', (error) => {
    logger.fatal({ err: error }, 'uncaught exception');
    process.exit(1);
  });
  process.on('unhandledRejection', (reason) => {
    logger.fatal({ err: reason }, 'unhandled rejection');
    process.exit(1);
  });
}
