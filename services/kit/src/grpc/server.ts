import { Server, ServerCredentials, type ChannelOptions, type UntypedServiceImplementation } from '@grpc/grpc-js';
import { HealthImplementation, type ServingStatus } from 'grpc-health-check';
import type { Logger } from 'pino';
import { CHANNEL_OPTIONS } from './channel-options.js';
import type { ServiceRegistration } from './service-types.js';
import { wrapHandler } from './wrap-handler.js';

export interface GrpcServerOptions {
  readonly services: readonly ServiceRegistration[];
  readonly logger: Logger;
  /** After health flips to NOT_SERVING, wait this long before refusing calls (LBs notice). */
  readonly drainMs?: number;
  /** In-flight calls get this long to finish on shutdown before being cancelled. */
  readonly graceMs?: number;
  readonly channelOptions?: ChannelOptions;
}

export interface GrpcServer {
  /** Binds and starts serving; health says SERVING for every registered service. Returns the port. */
  listen(host: string, port: number): Promise<number>;
  /** Sets one service's health (e.g. NOT_SERVING while a dependency is down). */
  setServing(serviceName: string, serving: boolean): void;
  /** NOT_SERVING → drain → finish in-flight calls (bounded by graceMs) → closed. */
  shutdown(): Promise<void>;
}

/**
 * The gRPC server of a service: the standard health service (grpc.health.v1.Health), every
 * handler wrapped for logging, errors, deadlines and metrics, and graceful shutdown.
 */
export function createGrpcServer(options: GrpcServerOptions): GrpcServer {
  const server = new Server({ ...CHANNEL_OPTIONS, ...options.channelOptions });
  const health = new HealthImplementation({ '': 'NOT_SERVING' });
  health.addToServer(server);
  const names = options.services.map((service) => service.name);
  for (const name of names) health.setStatus(name, 'NOT_SERVING');

  for (const service of options.services) {
    const implementation: UntypedServiceImplementation = {};
    for (const [key, definition] of Object.entries(service.definition)) {
      const handler = (service.handlers as Record<string, unknown>)[key];
      if (typeof handler !== 'function') throw new Error(`${service.name}: no handler for ${definition.path}`);
      implementation[key] = wrapHandler(definition, handler as never, options.logger);
    }
    server.addService(service.definition as never, implementation);
  }

  const setAll = (status: ServingStatus): void => {
    health.setStatus('', status);
    for (const name of names) health.setStatus(name, status);
  };

  return {
    listen: (host, port) =>
      new Promise((resolve, reject) => {
        server.bindAsync(`${host}:${port}`, ServerCredentials.createInsecure(), (error, boundPort) => {
          if (error) return reject(error);
          setAll('SERVING');
          options.logger.info({ host, port: boundPort, services: names }, 'gRPC server listening');
          resolve(boundPort);
        });
      }),
    setServing: (serviceName, serving) => health.setStatus(serviceName, serving ? 'SERVING' : 'NOT_SERVING'),
    shutdown: async () => {
      setAll('NOT_SERVING');
      if (options.drainMs) await new Promise((resolve) => setTimeout(resolve, options.drainMs));
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
