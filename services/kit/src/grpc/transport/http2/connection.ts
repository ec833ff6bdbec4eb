import type { Socket } from 'node:net';
import { HpackEncoder } from '../hpack/encoder.js';
import { writeGoaway, writePing, writeReset, writeSettings, writeWindowUpdate } from './control-frames.js';
import { ConnectionError, StreamError } from './errors.js';
import { FrameReader, type FrameSink } from './frame-reader.js';
import { FrameWriter } from './frame-writer.js';
import type { HeaderMap } from './header-collector.js';
import { InboundStreams } from './inbound-streams.js';
import { KeepAlive } from './keepalive.js';
import { pumpStream, writeHeaderBlock, writeMessageNow } from './outbound.js';
import { DEFAULT_MAX_FRAME_SIZE, DEFAULT_WINDOW, ErrorCode, Flag, FrameType, PREFACE, Setting } from './protocol.js';
import { applySettings, applyWindowUpdate } from './peer-control.js';
import { PeerSettings, settingsPayload } from './settings.js';
import { CloseReason, type Http2Stream, type StreamHost } from './stream.js';

export interface ConnectionLimits {
  /** SETTINGS_INITIAL_WINDOW_SIZE we advertise: DATA a peer may send per stream before we acknowledge it. */
  readonly streamWindow: number;
  /** The connection-level receive window (opened by a WINDOW_UPDATE right after SETTINGS). */
  readonly connectionWindow: number;
  /** SETTINGS_MAX_HEADER_LIST_SIZE: larger header lists are refused (RST_STREAM ENHANCE_YOUR_CALM). */
  readonly maxHeaderListSize: number;
  /** SETTINGS_MAX_CONCURRENT_STREAMS a server advertises and enforces. */
  readonly maxConcurrentStreams?: number | undefined;
  readonly keepaliveTimeMs: number;
  readonly keepaliveTimeoutMs: number;
}

/** A peer that leaves this much of our output unread is cut off: nothing else bounds control frames. */
const SOCKET_HARD_LIMIT = 16 * 1024 * 1024;

/**
 * One HTTP/2 connection on a socket (RFC 9113), what client and server share: frames in and out,
 * SETTINGS, PING, GOAWAY, flow control both ways, HPACK and the stream table. Protocol faults
 * become GOAWAY or RST_STREAM with the codes of §5.4; the socket closing ends every stream.
 */
export abstract class Http2Connection implements FrameSink, StreamHost {
  readonly writer: FrameWriter;
  readonly peer = new PeerSettings();
  readonly streams = new Map<number, Http2Stream>();
  readonly encoder = new HpackEncoder();
  /** Streams whose DATA waits for the connection window or the socket. */
  readonly blocked = new Set<Http2Stream>();
  /** Octets of DATA we may still send on the connection. */
  sendWindow = DEFAULT_WINDOW;
  closed = false;
  goawaySent = false;
  /** Why the socket failed, if it did (ECONNREFUSED, ECONNRESET…): what callers are told. */
  lastError = '';
  /** Called once, when the socket has closed and every stream has been told. */
  onClosed: (() => void) | undefined = undefined;
  protected readonly keepalive: KeepAlive;
  private readonly reader: FrameReader;
  private readonly inbound: InboundStreams;
  private settingsReceived = false;
  private prefaceLeft: number;

  constructor(
    readonly socket: Socket,
    readonly isClient: boolean,
    readonly limits: ConnectionLimits,
  ) {
    this.writer = new FrameWriter(socket);
    this.reader = new FrameReader(this, DEFAULT_MAX_FRAME_SIZE);
    this.inbound = new InboundStreams(this);
    this.prefaceLeft = isClient ? 0 : PREFACE.length;
    this.keepalive = new KeepAlive(this, limits.keepaliveTimeMs, limits.keepaliveTimeoutMs);
    // Nagle would hold a small frame back until the previous segment is acknowledged.
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.on('drain', () => this.resume());
    socket.on('error', (error: Error) => (this.lastError = error.message)); // 'close' follows
    socket.on('close', () => this.onSocketClose());
  }

  /** This end's preface: (client: the magic,) SETTINGS, and the connection window beyond 64 KiB. */
  protected sendPreface(): void {
    if (this.isClient) PREFACE.copy(this.writer.buffer, this.writer.reserve(PREFACE.length));
    const settings: [number, number][] = [
      [Setting.ENABLE_PUSH, 0],
      [Setting.INITIAL_WINDOW_SIZE, this.limits.streamWindow],
      [Setting.MAX_HEADER_LIST_SIZE, this.limits.maxHeaderListSize],
    ];
    const streams = this.limits.maxConcurrentStreams;
    if (streams !== undefined) settings.push([Setting.MAX_CONCURRENT_STREAMS, streams]);
    writeSettings(this.writer, settingsPayload(settings));
    const extra = this.limits.connectionWindow - DEFAULT_WINDOW;
    if (extra > 0) writeWindowUpdate(this.writer, 0, extra);
    this.keepalive.start();
  }

  // ---- StreamHost: what streams ask of the connection -------------------------------------

  writeHeaders(stream: Http2Stream, fields: readonly string[], endStream: boolean): void {
    writeHeaderBlock(this, stream.id, fields, endStream);
  }

  pump(stream: Http2Stream): boolean {
    return pumpStream(this, stream);
  }

  writeMessageNow(stream: Http2Stream, message: Uint8Array, endStream: boolean): boolean {
    return writeMessageNow(this, stream, message, endStream);
  }

  writeReset(streamId: number, code: number): void {
    if (!this.closed) writeReset(this.writer, streamId, code);
  }

  removeStream(stream: Http2Stream): void {
    this.streams.delete(stream.id);
    this.blocked.delete(stream);
    this.onStreamRemoved();
  }

  // ---- Role-specific ------------------------------------------------------------------------

  /** A stream id no stream of ours has: never opened (idle) or already closed. */
  abstract isIdle(streamId: number): boolean;
  /** HEADERS on a stream we do not have (a new request, for a server). */
  abstract onNewStreamHeaders(streamId: number, headers: HeaderMap | undefined, endStream: boolean, refusal: number): void;
  protected abstract onGoaway(lastStreamId: number, code: number): void;
  protected abstract onStreamRemoved(): void;
  protected onSettings(): void {}
  protected onConnectionClosed(): void {}
  protected onPeerReset(): void {}

  // ---- Lifecycle ----------------------------------------------------------------------------

  ping(payload: Buffer): void {
    writePing(this.writer, payload, false);
  }

  /** Announces GOAWAY; the caller decides when the socket closes. */
  sendGoaway(lastStreamId: number, code: number, debug?: string): void {
    if (this.closed) return;
    this.goawaySent = true;
    writeGoaway(this.writer, lastStreamId, code, debug);
  }

  /** Ends the connection now: GOAWAY with the code, then the socket closes. */
  fail(code: number, message: string): void {
    if (this.closed) return;
    this.sendGoaway(this.lastPeerStreamId(), code, message);
    this.writer.flush();
    this.socket.end();
    this.socket.destroySoon();
    this.closeStreams(CloseReason.CONNECTION_LOST);
  }

  /** Tears the socket down without a word (keepalive timeout, forced shutdown). */
  destroy(): void {
    this.socket.destroy();
  }

  protected abstract lastPeerStreamId(): number;

  private onSocketClose(): void {
    if (this.closed && this.streams.size === 0 && !this.onClosed) return;
    this.closed = true;
    this.writer.closed = true;
    this.keepalive.stop();
    this.closeStreams(CloseReason.CONNECTION_LOST);
    this.onConnectionClosed();
    const onClosed = this.onClosed;
    this.onClosed = undefined;
    onClosed?.();
  }

  private closeStreams(reason: CloseReason): void {
    this.closed = true;
    this.writer.closed = true;
    for (const stream of [...this.streams.values()]) stream.close(reason, ErrorCode.CANCEL);
  }

  /** The connection window or the socket has room again: streams waiting on it go on. */
  resume(): void {
    if (this.blocked.size === 0) return;
    const waiting = [...this.blocked];
    this.blocked.clear();
    for (const stream of waiting) stream.flush();
  }

  // ---- Inbound ------------------------------------------------------------------------------

  private receive(chunk: Buffer): void {
    try {
      if (this.prefaceLeft > 0) chunk = this.readPreface(chunk);
      this.reader.push(chunk);
    } catch (error) {
      this.onInboundError(error);
    }
    if (this.writer.backlog > SOCKET_HARD_LIMIT) this.fail(ErrorCode.ENHANCE_YOUR_CALM, 'peer does not read');
  }

  private onInboundError(error: unknown): void {
    if (error instanceof ConnectionError) return this.fail(error.code, error.message);
    if (error instanceof StreamError) {
      const stream = this.streams.get(error.streamId);
      if (stream) stream.reset(error.code);
      else this.writeReset(error.streamId, error.code);
      return;
    }
    // A bug of ours while handling the frame: the connection cannot be trusted any more.
    this.fail(ErrorCode.INTERNAL_ERROR, 'internal error');
    process.emitWarning(error as Error);
  }

  private readPreface(chunk: Buffer): Buffer {
    const offset = PREFACE.length - this.prefaceLeft;
    const take = Math.min(this.prefaceLeft, chunk.length);
    if (!chunk.subarray(0, take).equals(PREFACE.subarray(offset, offset + take))) {
      throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, 'not an HTTP/2 connection preface');
    }
    this.prefaceLeft -= take;
    return chunk.subarray(take);
  }

  onFrame(type: number, flags: number, streamId: number, payload: Buffer): void {
    if (this.closed) return;
    if (this.inbound.inHeaderBlock && type !== FrameType.CONTINUATION) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, 'expected CONTINUATION');
    if (!this.settingsReceived && type !== FrameType.SETTINGS) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, 'first frame is not SETTINGS');
    switch (type) {
      case FrameType.DATA:
        return this.inbound.onData(flags, streamId, payload);
      case FrameType.HEADERS:
        return this.inbound.onHeaders(flags, streamId, payload);
      case FrameType.CONTINUATION:
        return this.inbound.onContinuation(flags, streamId, payload);
      case FrameType.PRIORITY:
        if (streamId === 0) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, 'PRIORITY on stream 0');
        if (payload.length !== 5) throw new StreamError(streamId, ErrorCode.FRAME_SIZE_ERROR, 'PRIORITY length');
        return;
      case FrameType.RST_STREAM:
        return this.onReset(streamId, payload);
      case FrameType.SETTINGS:
        if (!applySettings(this, flags, streamId, payload)) return;
        this.settingsReceived = true;
        return this.onSettings();
      case FrameType.PUSH_PROMISE:
        throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, 'PUSH_PROMISE with push disabled');
      case FrameType.PING:
        if (streamId !== 0) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, 'PING on a stream');
        if (payload.length !== 8) throw new ConnectionError(ErrorCode.FRAME_SIZE_ERROR, 'PING length');
        if (flags & Flag.ACK) this.keepalive.onPingAck(payload);
        else writePing(this.writer, payload, true);
        return;
      case FrameType.GOAWAY:
        if (streamId !== 0) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, 'GOAWAY on a stream');
        if (payload.length < 8) throw new ConnectionError(ErrorCode.FRAME_SIZE_ERROR, 'GOAWAY length');
        return this.onGoaway(payload.readUInt32BE(0) & 0x7fffffff, payload.readUInt32BE(4));
      case FrameType.WINDOW_UPDATE:
        return applyWindowUpdate(this, streamId, payload);
      default:
        return; // unknown frame types are ignored (§4.1)
    }
  }

  private onReset(streamId: number, payload: Buffer): void {
    if (streamId === 0) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, 'RST_STREAM on stream 0');
    if (payload.length !== 4) throw new ConnectionError(ErrorCode.FRAME_SIZE_ERROR, 'RST_STREAM length');
    const stream = this.streams.get(streamId);
    if (!stream && this.isIdle(streamId)) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, 'RST_STREAM on an idle stream');
    if (!stream) return;
    stream.close(CloseReason.PEER_RESET, payload.readUInt32BE(0));
    this.onPeerReset();
  }
}
