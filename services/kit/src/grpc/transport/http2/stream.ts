import { frameMessage } from '../message-framing.js';
import type { HeaderMap } from './header-collector.js';
import { ErrorCode } from './protocol.js';

/** Why a stream ended, as the gRPC layer needs to tell it apart. */
export const CloseReason = {
  /** Both sides ended the stream (END_STREAM each way). */
  DONE: 0,
  /** The peer sent RST_STREAM with the given code. */
  PEER_RESET: 1,
  /** This end reset it (cancelled, malformed input, refused headers). */
  LOCAL_RESET: 2,
  /** The connection died or was closed with the stream open. */
  CONNECTION_LOST: 3,
  /** A GOAWAY said the peer never processed the stream: safe to retry elsewhere. */
  REFUSED: 4,
} as const;
export type CloseReason = (typeof CloseReason)[keyof typeof CloseReason];

/** What the owner of a stream (a gRPC call) is told; the call object itself implements it. */
export interface StreamListener {
  onHeaders(stream: Http2Stream, headers: HeaderMap, endStream: boolean): void;
  onData(stream: Http2Stream, data: Buffer, endStream: boolean): void;
  onClose(stream: Http2Stream, reason: CloseReason, code: number): void;
  /** Data queued by flow control has all gone out. */
  onDrain(stream: Http2Stream): void;
}

/** What a stream needs of its connection. */
export interface StreamHost {
  writeHeaders(stream: Http2Stream, fields: readonly string[], endStream: boolean): void;
  /** Sends what the windows allow of the stream's queue; true when the whole queue went out. */
  pump(stream: Http2Stream): boolean;
  /** Writes a small gRPC message as one DATA frame if nothing stands in the way; false otherwise. */
  writeMessageNow(stream: Http2Stream, message: Uint8Array, endStream: boolean): boolean;
  writeReset(streamId: number, code: number): void;
  removeStream(stream: Http2Stream): void;
  readonly isClient: boolean;
  readonly lastError: string;
}

/**
 * One HTTP/2 stream (RFC 9113 §5.1): its two half-closed states, its flow-control windows and
 * the DATA queued while a window is shut. Trailers wait behind queued DATA, so they leave last.
 */
export class Http2Stream {
  localEnded = false;
  remoteEnded = false;
  closed = false;
  /** A HEADERS block arrived already: the next one is trailers. */
  headersReceived = false;
  /** Octets of DATA the peer may still send us before we open the window. */
  recvWindow: number;
  /** Octets received but not yet given back with WINDOW_UPDATE. */
  recvUnacked = 0;
  /** DATA waiting for window: buffers (each a run of whole frames' payloads), oldest first. */
  readonly queue: Buffer[] = [];
  queuedBytes = 0;
  /** Trailers or an END_STREAM to send once the queue has gone out. */
  pendingTrailers: readonly string[] | undefined = undefined;
  endWhenDrained = false;
  /** Flow control held DATA back: the listener hears `onDrain` once it has gone. */
  private waiting = false;

  constructor(
    private readonly host: StreamHost,
    readonly id: number,
    public listener: StreamListener,
    public sendWindow: number,
    recvWindow: number,
  ) {
    this.recvWindow = recvWindow;
  }

  /** Why the connection failed, when the stream closed with it. */
  connectionError(): string {
    return this.host.lastError;
  }

  sendHeaders(fields: readonly string[], endStream: boolean): void {
    if (this.localEnded || this.closed) return;
    this.host.writeHeaders(this, fields, endStream);
    if (endStream) this.endLocal();
  }

  /** Queues DATA (flow control permitting, it leaves at the end of this tick); true if it all went out. */
  sendData(data: Buffer, endStream: boolean): boolean {
    if (this.localEnded || this.closed) return true;
    if (data.length > 0) {
      this.queue.push(data);
      this.queuedBytes += data.length;
    }
    this.endWhenDrained = endStream;
    return this.flush();
  }

  /** Sends one gRPC message (length-prefixed); true if it went out without queueing. */
  sendMessage(message: Uint8Array, endStream: boolean): boolean {
    if (this.localEnded || this.closed) return true;
    if (this.queuedBytes === 0 && this.host.writeMessageNow(this, message, endStream)) {
      if (endStream) this.endLocal();
      return true;
    }
    return this.sendData(frameMessage(message), endStream);
  }

  /** Ends the stream with trailers, after any DATA still queued. */
  sendTrailers(fields: readonly string[]): void {
    if (this.localEnded || this.closed) return;
    this.pendingTrailers = fields;
    this.flush();
  }

  /** RST_STREAM: stops the stream both ways now. */
  reset(code: number = ErrorCode.CANCEL): void {
    if (this.closed) return;
    this.host.writeReset(this.id, code);
    this.close(CloseReason.LOCAL_RESET, code);
  }

  /** Pushes queued DATA out as far as windows allow; sends the pending end once it is all gone. */
  flush(): boolean {
    if (this.closed || this.localEnded) return true;
    if (!this.host.pump(this)) {
      this.waiting = true;
      return false;
    }
    if (this.waiting) {
      this.waiting = false;
      this.listener.onDrain(this);
    }
    const trailers = this.pendingTrailers;
    if (trailers) {
      this.pendingTrailers = undefined;
      this.sendHeaders(trailers, true);
    } else if (this.endWhenDrained && !this.localEnded) {
      this.endLocal();
    }
    return true;
  }

  endRemote(): void {
    this.remoteEnded = true;
    if (this.localEnded) this.close(CloseReason.DONE, ErrorCode.NO_ERROR);
  }

  private endLocal(): void {
    this.localEnded = true;
    if (this.remoteEnded) return this.close(CloseReason.DONE, ErrorCode.NO_ERROR);
    // A server that answered before the request ended asks the client to stop sending (§8.1).
    if (!this.host.isClient) this.reset(ErrorCode.NO_ERROR);
  }

  close(reason: CloseReason, code: number): void {
    if (this.closed) return;
    this.closed = true;
    this.queue.length = 0;
    this.queuedBytes = 0;
    this.host.removeStream(this);
    this.listener.onClose(this, reason, code);
  }
}
