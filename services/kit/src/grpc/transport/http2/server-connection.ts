import type { Socket } from 'node:net';
import { Http2Connection, type ConnectionLimits } from './connection.js';
import { ConnectionError } from './errors.js';
import type { HeaderMap } from './header-collector.js';
import { ErrorCode, MAX_STREAM_ID } from './protocol.js';
import { Http2Stream, type StreamListener } from './stream.js';

/** Gives a new request stream its listener (the gRPC call) and sees its headers. */
export type RequestHandler = (stream: Http2Stream, headers: HeaderMap) => void;

/** Until the request handler sets its own listener, a stream ignores what happens to it. */
const UNCLAIMED: StreamListener = { onHeaders() {}, onData() {}, onClose() {}, onDrain() {} };
const EMPTY = Buffer.alloc(0);
/**
 * A client may reset this many streams at once, and as many again per second: far more than
 * cancellations and deadlines produce, far fewer than the "rapid reset" attack (CVE-2023-44487),
 * which opens and resets streams to start work without counting against the stream limit.
 */
const RESET_BURST = 1_000;
/** How long a graceful close waits for the PING that shows the first GOAWAY arrived. */
const GOAWAY_PING_TIMEOUT_MS = 1_000;

/**
 * The server end of a connection: new streams come from the client's HEADERS (odd ids, rising),
 * up to our SETTINGS_MAX_CONCURRENT_STREAMS (beyond: REFUSED_STREAM). Closing is graceful in two
 * steps, as RFC 9113 §6.8 advises: GOAWAY(2^31-1) and a PING, then GOAWAY(last stream seen)
 * once the PING returns, so no request in flight is lost; the socket ends when the calls have.
 */
export class ServerConnection extends Http2Connection {
  private lastStreamId = 0;
  /** Streams above this id arrived after the final GOAWAY and are ignored. */
  private acceptUpTo = MAX_STREAM_ID;
  private draining = false;
  private resetBudget = RESET_BURST;
  private resetRefilledAt = Date.now();

  constructor(
    socket: Socket,
    limits: ConnectionLimits,
    private readonly onRequest: RequestHandler,
  ) {
    super(socket, false, limits);
    this.sendPreface();
  }

  close(): void {
    if (this.draining || this.closed) return;
    this.draining = true;
    this.sendGoaway(MAX_STREAM_ID, ErrorCode.NO_ERROR);
    let done = false;
    const finalGoaway = (): void => {
      if (done || this.closed) return;
      done = true;
      clearTimeout(timer);
      this.acceptUpTo = this.lastStreamId;
      this.sendGoaway(this.lastStreamId, ErrorCode.NO_ERROR);
      this.closeWhenIdle();
    };
    const timer = setTimeout(finalGoaway, GOAWAY_PING_TIMEOUT_MS);
    timer.unref();
    this.keepalive.ping(finalGoaway);
  }

  isIdle(streamId: number): boolean {
    return streamId % 2 === 0 || streamId > this.lastStreamId;
  }

  protected lastPeerStreamId(): number {
    return this.lastStreamId;
  }

  onNewStreamHeaders(streamId: number, headers: HeaderMap | undefined, endStream: boolean, refusal: number): void {
    if (streamId % 2 === 0) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, 'even stream id from a client');
    if (streamId <= this.lastStreamId) return; // a stream that is already closed
    this.lastStreamId = streamId;
    if (streamId > this.acceptUpTo) return;
    if (!headers) return this.writeReset(streamId, refusal);
    if (this.streams.size >= (this.limits.maxConcurrentStreams ?? Infinity)) return this.writeReset(streamId, ErrorCode.REFUSED_STREAM);
    const stream = new Http2Stream(this, streamId, UNCLAIMED, this.peer.initialWindowSize, this.limits.streamWindow);
    stream.headersReceived = true;
    this.streams.set(streamId, stream);
    this.onRequest(stream, headers);
    if (!endStream || stream.closed) return;
    stream.listener.onData(stream, EMPTY, true);
    if (!stream.closed) stream.endRemote();
  }

  protected override onPeerReset(): void {
    const now = Date.now();
    this.resetBudget = Math.min(RESET_BURST, this.resetBudget + ((now - this.resetRefilledAt) * RESET_BURST) / 1_000);
    this.resetRefilledAt = now;
    this.resetBudget -= 1;
    if (this.resetBudget < 0) this.fail(ErrorCode.ENHANCE_YOUR_CALM, 'too many stream resets');
  }

  protected onGoaway(): void {
    // A client going away closes its socket when it is done; nothing to do until then.
  }

  protected onStreamRemoved(): void {
    if (this.draining && this.acceptUpTo !== MAX_STREAM_ID) this.closeWhenIdle();
  }

  private closeWhenIdle(): void {
    if (this.streams.size > 0 || this.closed) return;
    this.writer.flush();
    this.socket.end();
  }
}
