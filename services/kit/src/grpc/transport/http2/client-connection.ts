import type { Socket } from 'node:net';
import { Http2Connection, type ConnectionLimits } from './connection.js';
import { ConnectionError } from './errors.js';
import type { HeaderMap } from './header-collector.js';
import { ErrorCode, MAX_STREAM_ID } from './protocol.js';
import { CloseReason, Http2Stream, type StreamListener } from './stream.js';

/** A call that wants a stream: given one now, or once the server's stream limit allows. */
export interface StreamStarter extends StreamListener {
  /** Sends the request on the new stream. */
  startStream(stream: Http2Stream): void;
  /** Never got a stream: the connection went away first (safe to retry). */
  streamRefused(reason: CloseReason): void;
  /** The call ended while it waited (deadline, cancellation): skip it. */
  readonly abandoned: boolean;
}

/**
 * The client end of a connection: odd stream ids in order, calls queued while the server's
 * SETTINGS_MAX_CONCURRENT_STREAMS is reached, GOAWAY honoured (streams the server never
 * processed are refused, so a caller may retry them on a new connection).
 */
export class ClientConnection extends Http2Connection {
  private nextStreamId = 1;
  private readonly waiting: StreamStarter[] = [];
  private draining = false;
  goawayReceived = false;
  /** `:authority` of the requests: the address dialled. */
  authority = '';
  /** Told when the connection takes no new calls any more (GOAWAY, close). */
  onUnusable: (() => void) | undefined = undefined;

  constructor(socket: Socket, limits: ConnectionLimits) {
    super(socket, true, limits);
    this.sendPreface();
  }

  /** New calls may start here: open, no GOAWAY either way, stream ids left. */
  get usable(): boolean {
    return !this.closed && !this.goawayReceived && !this.draining && this.nextStreamId <= MAX_STREAM_ID;
  }

  /** Starts the call on a new stream now, or queues it until the server allows one more. */
  request(starter: StreamStarter): void {
    if (!this.usable) return starter.streamRefused(CloseReason.REFUSED);
    if (this.streams.size >= this.peer.maxConcurrentStreams) {
      this.waiting.push(starter);
      return;
    }
    this.start(starter);
  }

  /** No new calls; the connection closes (GOAWAY) once its calls are done. */
  close(): void {
    this.draining = true;
    this.failWaiting();
    this.closeWhenIdle();
  }

  private start(starter: StreamStarter): void {
    const id = this.nextStreamId;
    this.nextStreamId += 2;
    const stream = new Http2Stream(this, id, starter, this.peer.initialWindowSize, this.limits.streamWindow);
    this.streams.set(id, stream);
    starter.startStream(stream);
    if (this.nextStreamId > MAX_STREAM_ID) this.becameUnusable();
  }

  isIdle(streamId: number): boolean {
    return streamId % 2 === 0 || streamId >= this.nextStreamId;
  }

  protected lastPeerStreamId(): number {
    return 0;
  }

  onNewStreamHeaders(streamId: number, _headers: HeaderMap | undefined): void {
    if (this.isIdle(streamId)) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, 'HEADERS on a stream the client did not open');
    // Otherwise: trailers of a stream we already reset.
  }

  protected override onConnectionClosed(): void {
    this.failWaiting();
  }

  protected override onSettings(): void {
    this.startWaiting();
  }

  protected onStreamRemoved(): void {
    this.startWaiting();
    this.closeWhenIdle();
  }

  protected onGoaway(lastStreamId: number): void {
    this.goawayReceived = true;
    for (const stream of [...this.streams.values()]) {
      if (stream.id > lastStreamId) stream.close(CloseReason.REFUSED, ErrorCode.REFUSED_STREAM);
    }
    this.failWaiting();
    this.becameUnusable();
    this.closeWhenIdle();
  }

  private startWaiting(): void {
    while (this.waiting.length > 0 && this.usable && this.streams.size < this.peer.maxConcurrentStreams) {
      const starter = this.waiting.shift() as StreamStarter;
      if (!starter.abandoned) this.start(starter);
    }
  }

  private failWaiting(): void {
    for (const starter of this.waiting.splice(0)) if (!starter.abandoned) starter.streamRefused(CloseReason.REFUSED);
  }

  private becameUnusable(): void {
    const notify = this.onUnusable;
    this.onUnusable = undefined;
    notify?.();
  }

  private closeWhenIdle(): void {
    if (this.usable || this.closed || this.streams.size > 0) return;
    this.becameUnusable();
    if (!this.goawaySent) this.sendGoaway(0, ErrorCode.NO_ERROR);
    this.writer.flush();
    this.socket.end();
  }
}
