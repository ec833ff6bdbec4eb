import { createServer, type Server, type Socket } from 'node:net';
import { status as GrpcStatus } from '@grpc/grpc-js';
import type { HeaderMap } from './http2/header-collector.js';
import { ServerConnection } from './http2/server-connection.js';
import type { Http2Stream } from './http2/stream.js';
import { ServerCall, type Route } from './server-call.js';
import { encodeGrpcMessage } from './status-mapping.js';
import { connectionLimits, type TransportSettings } from './transport-settings.js';
import type { ConnectionLimits } from './http2/connection.js';

/**
 * A gRPC server on the kit's HTTP/2 (cleartext with prior knowledge, as gRPC peers and the
 * Kubernetes gRPC probe speak it): routes streams by `:path` to the kit's handlers and shuts
 * down gracefully (GOAWAY, in-flight calls finish) or by force (connections torn down).
 */
export class TransportServer {
  private readonly server: Server;
  private readonly connections = new Set<ServerConnection>();
  private readonly limits: ConnectionLimits;
  private closing = false;

  constructor(
    private readonly routes: ReadonlyMap<string, Route>,
    private readonly settings: TransportSettings,
  ) {
    this.limits = connectionLimits(settings, true);
    this.server = createServer((socket) => this.accept(socket));
  }

  listen(host: string, port: number): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        const address = this.server.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  }

  /** Graceful: no new connections, GOAWAY on the open ones; resolves once in-flight calls ended. */
  close(): Promise<void> {
    this.closing = true;
    const closed = new Promise<void>((resolve) => {
      if (!this.server.listening) return resolve();
      this.server.close(() => resolve());
    });
    for (const connection of this.connections) connection.close();
    return closed;
  }

  /** Forced: every connection is torn down; calls still running see their stream close (cancelled). */
  destroy(): void {
    this.closing = true;
    for (const connection of this.connections) connection.destroy();
  }

  private accept(socket: Socket): void {
    const connection = new ServerConnection(socket, this.limits, (stream, headers) => this.route(stream, headers));
    this.connections.add(connection);
    connection.onClosed = () => this.connections.delete(connection);
    if (this.closing) connection.close();
  }

  private route(stream: Http2Stream, headers: HeaderMap): void {
    const contentType = headers['content-type'];
    if (typeof contentType !== 'string' || !contentType.startsWith('application/grpc')) {
      return stream.sendHeaders([':status', '415'], true);
    }
    if (headers[':method'] !== 'POST') return stream.sendHeaders([':status', '405'], true);
    const path = headers[':path'];
    const route = typeof path === 'string' ? this.routes.get(path) : undefined;
    if (!route) {
      const message = encodeGrpcMessage(`The server does not implement the method ${String(path)}`);
      return stream.sendHeaders([':status', '200', 'content-type', 'application/grpc', 'grpc-status', String(GrpcStatus.UNIMPLEMENTED), 'grpc-message', message], true);
    }
    new ServerCall(stream, headers, route, this.settings.maxReceiveMessageLength);
  }
}
