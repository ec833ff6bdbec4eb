import { connect as connectTcp } from 'node:net';
import { status as GrpcStatus } from '@grpc/grpc-js';
import { ClientConnection } from './http2/client-connection.js';
import { TransportError } from './transport-error.js';
import { connectionLimits, type TransportSettings } from './transport-settings.js';

const CONNECT_TIMEOUT_MS = 20_000;
const BACKOFF_INITIAL_MS = 250;
const BACKOFF_MAX_MS = 5_000;

/**
 * The HTTP/2 connection(s) to one address, shared by every call to it. Connects on first use,
 * replaces a connection that closed, got a GOAWAY or ran out of stream ids (2^30 calls), and
 * after a failed connect lets calls fail fast (UNAVAILABLE) for a growing back-off instead of
 * dialling per call. Connections do not keep the process alive: a call's deadline timer does.
 */
export class Channel {
  private readonly connections: (ClientConnection | undefined)[];
  private next = 0;
  private failures = 0;
  private retryAt = 0;
  private lastError = '';
  private closed = false;
  private readonly host: string;
  private readonly port: number;

  /**
   * `connections` > 1 spreads calls round robin over several connections. The kit uses one:
   * HTTP/2 multiplexes, and one connection lets the requests of concurrent calls share socket
   * writes. More connections would spread calls over more pods behind a Kubernetes Service.
   */
  constructor(
    readonly address: string,
    private readonly settings: TransportSettings,
    connections = 1,
  ) {
    const url = new URL(`http://${address}`);
    this.host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    this.port = Number(url.port || 80);
    this.connections = new Array<ClientConnection | undefined>(connections).fill(undefined);
  }

  /** The connection for the next call (round robin), connecting if needed. Throws UNAVAILABLE. */
  connection(): ClientConnection {
    const index = this.next;
    this.next = (index + 1) % this.connections.length;
    const connection = this.connections[index];
    if (connection?.usable) return connection;
    return this.open(index);
  }

  /** New calls fail; calls in flight finish on their connections, which then close. */
  close(): void {
    this.closed = true;
    for (const connection of this.connections) connection?.close();
    this.connections.fill(undefined);
  }

  private open(index: number): ClientConnection {
    if (this.closed) throw new TransportError(GrpcStatus.UNAVAILABLE, `channel to ${this.address} is closed`);
    if (Date.now() < this.retryAt) {
      throw new TransportError(GrpcStatus.UNAVAILABLE, `no connection to ${this.address}: ${this.lastError}`);
    }
    const socket = connectTcp({ host: this.host, port: this.port, noDelay: true });
    const connection = new ClientConnection(socket, connectionLimits(this.settings, false));
    connection.authority = this.address;
    this.connections[index] = connection;
    socket.unref();

    let connected = false;
    const connectTimer = setTimeout(() => socket.destroy(new Error(`connect timeout after ${CONNECT_TIMEOUT_MS} ms`)), CONNECT_TIMEOUT_MS);
    connectTimer.unref();
    socket.once('connect', () => {
      connected = true;
      clearTimeout(connectTimer);
      this.failures = 0;
    });
    socket.once('error', (error: Error) => {
      if (connected) return;
      this.failures += 1;
      this.lastError = error.message;
      this.retryAt = Date.now() + Math.min(BACKOFF_MAX_MS, BACKOFF_INITIAL_MS * 2 ** (this.failures - 1));
    });
    const drop = (): void => {
      clearTimeout(connectTimer);
      if (this.connections[index] === connection) this.connections[index] = undefined;
    };
    connection.onUnusable = drop;
    connection.onClosed = drop;
    return connection;
  }
}
