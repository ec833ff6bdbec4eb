import type { ChannelOptions } from '@grpc/grpc-js';
import type { Logger } from 'pino';
import { HealthService, type ServingStatus } from './health-service.js';
import type { ServiceRegistration } from './service-types.js';
import type { Route } from './transport/server-call.js';
import { TransportServer } from './transport/transport-server.js';
import { transportSettings } from './transport/transport-settings.js';
import { wrapHandler } from './wrap-handler.js';

export interface GrpcServerOptions {
  readonly services: readonly ServiceRegistration[];
  readonly logger: Logger;
  /** After health flips to NOT_SERVING, wait this long before refusing calls (LBs notice). */
  readonly drainMs?: number;
  /** In-flight calls get this long to finish on shutdown before being cancelled. */
  readonly graceMs?: number;
  /**
   * Overrides of the platform's channel options. The kit's transport honours keepalive
   * (`grpc.keepalive_time_ms`, `grpc.keepalive_timeout_ms`), `grpc.max_receive_message_length`
   * and `grpc.max_concurrent_streams`; other grpc-js options have no meaning for it.
   */
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

function routesOf(services: readonly ServiceRegistration[], logger: Logger): Map<string, Route> {
  const routes = new Map<string, Route>();
  for (const service of services) {
    for (const [key, definition] of Object.entries(service.definition)) {
      const handler = (service.handlers as Record<string, unknown>)[key];
      if (typeof handler !== 'function') throw new Error(`${service.name}: no handler for ${definition.path}`);
      if (definition.requestStream) throw new Error(`${service.name}: client streaming (${definition.path}) is not supported`);
      routes.set(definition.path, { definition, handle: wrapHandler(definition, handler as never, logger) });
    }
  }
  return routes;
}

/**
 * The gRPC server of a service: the standard health service (grpc.health.v1.Health), every
 * handler wrapped for logging, errors, deadlines and metrics, and graceful shutdown. It runs on
 * the kit's own gRPC transport and HTTP/2 on node:net (see transport/), which speaks the standard
 * protocol to any gRPC client at several times the throughput of grpc-js (docs/benchmarks.md).
 */
export function createGrpcServer(options: GrpcServerOptions): GrpcServer {
  const health = new HealthService();
  health.setStatus('', 'NOT_SERVING');
  const names = options.services.map((service) => service.name);
  for (const name of names) health.setStatus(name, 'NOT_SERVING');
  const routes = routesOf([health.registration(), ...options.services], options.logger);
  const server = new TransportServer(routes, transportSettings(options.channelOptions));

  const setAll = (status: ServingStatus): void => {
    health.setStatus('', status);
    for (const name of names) health.setStatus(name, status);
  };

  return {
    listen: async (host, port) => {
      const boundPort = await server.listen(host, port);
      setAll('SERVING');
      options.logger.info({ host, port: boundPort, services: names }, 'gRPC server listening');
      return boundPort;
    },
    setServing: (serviceName, serving) => health.setStatus(serviceName, serving ? 'SERVING' : 'NOT_SERVING'),
    shutdown: async () => {
      setAll('NOT_SERVING');
      if (options.drainMs) await new Promise((resolve) => setTimeout(resolve, options.drainMs));
      await new Promise<void>((resolve) => {
        const force = setTimeout(() => {
          options.logger.warn('grace period over: cancelling calls still in flight');
          server.destroy();
          resolve();
        }, options.graceMs ?? 10_000);
        void server.close().then(() => {
          clearTimeout(force);
          resolve();
        });
      });
      options.logger.info('gRPC server stopped');
    },
  };
}
