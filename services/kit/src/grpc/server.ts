import { Server, type ServerOptions, type UntypedServiceImplementation } from '@grpc/grpc-js';
import { HealthImplementation, type ServingStatus } from 'grpc-health-check';
import type { Logger } from 'pino';
import type { GrpcTlsFiles } from '../config/grpc-tls-config.js';
import { principalServing } from '../identity/call-graph.js';
import type { ProcessIdentity } from '../identity/process-identity.js';
import { SERVER_OPTIONS } from './channel-options.js';
import { addReflection } from './reflection.js';
import type { ServiceRegistration } from './service-types.js';
import { serverCredentials } from './tls-credentials.js';
import { wrapHandler } from './wrap-handler.js';

export interface GrpcServerOptions {
  readonly services: readonly ServiceRegistration[];
  readonly logger: Logger;
  /** After health flips to NOT_SERVING, wait this long before refusing calls (LBs notice). */
  readonly drainMs?: number;
  /** In-flight calls get this long to finish on shutdown before being cancelled. */
  readonly graceMs?: number;
  /** TLS files (GRPC_TLS_*): none for plaintext, CERT+KEY for TLS, and CA for mutual TLS. */
  readonly tls?: GrpcTlsFiles;
  /** Verifies every caller with this identity (default: the process's, see setProcessIdentity). */
  readonly identity?: ProcessIdentity;
  /** Overrides of the kit's grpc-js server options (channel-options.ts). */
  readonly serverOptions?: ServerOptions;
}

export interface GrpcServer {
  /** Binds and starts serving; health says SERVING for every registered service. Returns the port. */
  listen(host: string, port: number): Promise<number>;
  /** Sets one service's health (e.g. NOT_SERVING while a dependency is down). */
  setServing(serviceName: string, serving: boolean): void;
  /** NOT_SERVING → drain → finish in-flight calls (bounded by graceMs) → closed. */
  shutdown(): Promise<void>;
}

function implementationOf(
  service: ServiceRegistration,
  logger: Logger,
  identity: ProcessIdentity | undefined,
  principal: string | undefined,
): UntypedServiceImplementation {
  const implementation: UntypedServiceImplementation = {};
  for (const [key, definition] of Object.entries(service.definition)) {
    const handler = (service.handlers as Record<string, unknown>)[key];
    if (typeof handler !== 'function') throw new Error(`${service.name}: no handler for ${definition.path}`);
    if (definition.requestStream)
      throw new Error(`${service.name}: client streaming (${definition.path}) is not supported`);
    implementation[key] = wrapHandler(definition, handler as never, logger, identity, principal);
  }
  return implementation;
}

/** grpc-js's address syntax: IPv6 literals in brackets. */
const bindAddress = (host: string, port: number): string =>
  host.includes(':') && !host.startsWith('[') ? `[${host}]:${port}` : `${host}:${port}`;

/**
 * The gRPC server of a service, on @grpc/grpc-js: the standard health service
 * (grpc.health.v1.Health, per service), server reflection, every handler wrapped for the
 * caller's verified identity (health and reflection stay open to probes and tools), logging,
 * errors, deadlines and metrics, and graceful shutdown. Options (connection age, keepalive,
 * message sizes) in channel-options.ts.
 */
export function createGrpcServer(options: GrpcServerOptions): GrpcServer {
  const server = new Server({ ...SERVER_OPTIONS, ...options.serverOptions });
  const names = options.services.map((service) => service.name);
  const health = new HealthImplementation();
  const setAll = (status: ServingStatus): void => {
    health.setStatus('', status);
    for (const name of names) health.setStatus(name, status);
  };
  setAll('NOT_SERVING');
  health.addToServer(server);
  const principal = principalServing(names);
  for (const service of options.services)
    server.addService(service.definition, implementationOf(service, options.logger, options.identity, principal));
  addReflection(server, names);

  return {
    listen: async (host, port) => {
      const boundPort = await new Promise<number>((resolve, reject) =>
        server.bindAsync(bindAddress(host, port), serverCredentials(options.tls), (error, bound) =>
          error ? reject(error) : resolve(bound),
        ),
      );
      setAll('SERVING');
      options.logger.info(
        { host, port: boundPort, services: names, tls: Boolean(options.tls?.GRPC_TLS_CERT) },
        'gRPC server listening',
      );
      return boundPort;
    },
    setServing: (serviceName, serving) => health.setStatus(serviceName, serving ? 'SERVING' : 'NOT_SERVING'),
    shutdown: async () => {
      setAll('NOT_SERVING');
      if (options.drainMs) await new Promise((resolve) => setTimeout(resolve, options.drainMs));
      // tryShutdown refuses new calls (GOAWAY) and waits for the calls in flight; past the grace
      // period, forceShutdown cancels what still runs.
      await new Promise<void>((resolve) => {
        const force = setTimeout(() => {
          options.logger.warn('grace period over: cancelling calls still in flight');
          server.forceShutdown();
          resolve();
        }, options.graceMs ?? 10_000);
        server.tryShutdown(() => {
          clearTimeout(force);
          resolve();
        });
      });
      options.logger.info('gRPC server stopped');
    },
  };
}
