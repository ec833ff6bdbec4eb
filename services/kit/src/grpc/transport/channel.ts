import { connect, type ClientHttp2Session } from 'node:http2';
import { connect as connectTcp } from 'node:net';
import { status as GrpcStatus } from '@grpc/grpc-js';
import { keepSessionAlive } from './keepalive.js';
import { TransportError } from './transport-error.js';
import { CONNECTION_WINDOW_BYTES, http2Settings, MAX_SESSION_MEMORY_MB, type TransportSettings } from './transport-settings.js';

// Client stream ids are odd 31-bit numbers: a connection runs out after ~1.07e9 calls (about a
// day at 10k calls/s), so it is replaced well before.
const STREAMS_PER_CONNECTION = 1_000_000_000;
const CONNECT_TIMEOUT_MS = 20_000;
const BACKOFF_INITIAL_MS = 250;
const BACKOFF_MAX_MS = 5_000;

interface Connection {
  readonly session: ClientHttp2Session;
  streams: number;
}

/**
 * The HTTP/2 connection(s) to one address, shared by every call to it. Connects on first use,
 * replaces a connection that closed, got a GOAWAY or ran out of stream ids, and after a failed
 * connect lets calls fail fast (UNAVAILABLE) for a growing back-off instead of dialling per call.
 * Connections do not keep the process alive: a call's deadline timer does, while it runs.
 */
export class Channel {
  private readonly connections: (Connection | undefined)[];
  private next = 0;
  private failures = 0;
  private retryAt = 0;
  private lastError = '';
  private closed = false;
  private readonly host: string;
  private readonly port: number;

  /**
   * `connections` > 1 spreads calls round robin over several connections. The kit uses one:
   * HTTP/2 already multiplexes, and with 50 calls in flight a second connection measured no
   * gain (the client's CPU per call is the limit, not one socket). More connections would
   * spread calls over more pods behind a Kubernetes Service, should that be wanted.
   */
  constructor(
    readonly address: string,
    private readonly settings: TransportSettings,
    connections = 1,
  ) {
    const url = new URL(`http://${address}`);
    this.host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    this.port = Number(url.port || 80);
    this.connections = new Array<Connection | undefined>(connections).fill(undefined);
  }

  /** The session for the next call (round robin over the connections), connecting if needed. */
  session(): ClientHttp2Session {
    const index = this.next;
    this.next = (index + 1) % this.connections.length;
    let connection = this.connections[index];
    if (!connection || connection.session.closed || connection.session.destroyed || connection.streams >= STREAMS_PER_CONNECTION) {
      if (connection && !connection.session.closed) connection.session.close();
      connection = this.open(index);
    }
    connection.streams += 1;
    return connection.session;
  }

  /** New calls fail; calls in flight finish on their connections, which then close. */
  close(): void {
    this.closed = true;
    for (const connection of this.connections) connection?.session.close();
    this.connections.fill(undefined);
  }

  private open(index: number): Connection {
    if (this.closed) throw new TransportError(GrpcStatus.UNAVAILABLE, `channel to ${this.address} is closed`);
    if (Date.now() < this.retryAt) {
      throw new TransportError(GrpcStatus.UNAVAILABLE, `no connection to ${this.address}: ${this.lastError}`);
    }
    const session = connect(`http://${this.address}`, {
      settings: http2Settings(this.settings),
      maxSessionMemory: MAX_SESSION_MEMORY_MB,
      // Nagle would hold a small request back until the previous segment is acknowledged.
      createConnection: () => connectTcp({ host: this.host, port: this.port, noDelay: true }),
    });
    const connection: Connection = { session, streams: 0 };
    this.connections[index] = connection;
    session.unref();

    let connected = false;
    const connectTimer = setTimeout(() => session.destroy(new Error(`connect timeout after ${CONNECT_TIMEOUT_MS} ms`)), CONNECT_TIMEOUT_MS);
    connectTimer.unref();
    session.once('connect', () => {
      connected = true;
      clearTimeout(connectTimer);
      this.failures = 0;
      session.setLocalWindowSize(CONNECTION_WINDOW_BYTES);
    });
    // Errors end the session; its calls see their streams close and fail on their own.
    session.on('error', (error: Error) => {
      if (connected) return;
      this.failures += 1;
      this.lastError = error.message;
      this.retryAt = Date.now() + Math.min(BACKOFF_MAX_MS, BACKOFF_INITIAL_MS * 2 ** (this.failures - 1));
    });
    const drop = (): void => {
      clearTimeout(connectTimer);
      if (this.connections[index] === connection) this.connections[index] = undefined;
    };
    session.once('goaway', drop);
    session.once('close', drop);
    keepSessionAlive(session, this.settings.keepaliveTimeMs, this.settings.keepaliveTimeoutMs);
    return connection;
  }
}
