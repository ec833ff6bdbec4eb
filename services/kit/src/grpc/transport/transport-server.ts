import { createServer, type Http2Server, type IncomingHttpHeaders, type ServerHttp2Session, type ServerHttp2Stream } from 'node:http2';
import type { Socket } from 'node:net';
import { status as GrpcStatus } from '@grpc/grpc-js';
import { keepSessionAlive } from './keepalive.js';
import { ServerCall, type Route } from './server-call.js';
import { encodeGrpcMessage } from './status-mapping.js';
import { CONNECTION_WINDOW_BYTES, http2Settings, MAX_SESSION_MEMORY_MB, type TransportSettings } from './transport-settings.js';

/**
 * A gRPC server on node:http2 (cleartext HTTP/2 with prior knowledge, as gRPC peers and the
 * Kubernetes gRPC probe speak it): routes streams by `:path` to the kit's handlers and shuts
 * down gracefully (GOAWAY, in-flight calls finish) or by force (streams reset).
 */
export class TransportServer {
  private readonly server: Http2Server;
  private readonly sessions = new Set<ServerHttp2Session>();
  private closing = false;

  constructor(
    private readonly routes: ReadonlyMap<string, Route>,
    private readonly settings: TransportSettings,
  ) {
    this.server = createServer({ settings: http2Settings(settings), maxSessionMemory: MAX_SESSION_MEMORY_MB });
    // Small responses must leave at once, not wait for the ACK of the previous segment (Nagle).
    this.server.on('connection', (socket: Socket) => socket.setNoDelay(true));
    this.server.on('session', (session: ServerHttp2Session) => this.track(session));
    this.server.on('stream', (stream: ServerHttp2Stream, headers: IncomingHttpHeaders) => this.route(stream, headers));
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
    for (const session of this.sessions) session.close();
    return closed;
  }

  /** Forced: every connection is torn down; calls still running see their stream close (cancelled). */
  destroy(): void {
    this.closing = true;
    for (const session of this.sessions) session.destroy();
  }

  private track(session: ServerHttp2Session): void {
    this.sessions.add(session);
    session.once('close', () => this.sessions.delete(session));
    // A session error is a broken connection: its streams close and their calls are cancelled.
    session.on('error', () => {});
    session.once('connect', () => session.setLocalWindowSize(CONNECTION_WINDOW_BYTES));
    keepSessionAlive(session, this.settings.keepaliveTimeMs, this.settings.keepaliveTimeoutMs);
    if (this.closing) session.close();
  }

  private route(stream: ServerHttp2Stream, headers: IncomingHttpHeaders): void {
    const contentType = headers['content-type'];
    if (typeof contentType !== 'string' || !contentType.startsWith('application/grpc')) {
      return reject(stream, { ':status': 415 });
    }
    if (headers[':method'] !== 'POST') return reject(stream, { ':status': 405 });
    const path = headers[':path'];
    const route = typeof path === 'string' ? this.routes.get(path) : undefined;
    if (!route) {
      return reject(stream, {
        ':status': 200,
        'content-type': 'application/grpc',
        'grpc-status': String(GrpcStatus.UNIMPLEMENTED),
        'grpc-message': encodeGrpcMessage(`The server does not implement the method ${String(path)}`),
      });
    }
    new ServerCall(stream, headers, route, this.settings.maxReceiveMessageLength);
  }
}

function reject(stream: ServerHttp2Stream, headers: Record<string, string | number>): void {
  stream.on('error', () => {});
  stream.respond(headers, { endStream: true });
  // The caller may still be sending its request: drain it, the stream is done.
  stream.resume();
}
