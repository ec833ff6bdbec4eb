import { HpackDecoder } from '../hpack/decoder.js';
import { HpackError } from '../hpack/hpack-error.js';
import { writeWindowUpdate } from './control-frames.js';
import type { Http2Connection } from './connection.js';
import { ConnectionError, StreamError } from './errors.js';
import { HeaderCollector, type BlockKind } from './header-collector.js';
import { ErrorCode, Flag } from './protocol.js';

/**
 * The frames that carry a stream's content into this end: HEADERS with their CONTINUATIONs
 * (HPACK-decoded, checked, bounded) and DATA (padding, receive windows). Receive windows are
 * given back as data is handed to the stream's listener, which bounds what it buffers (the gRPC
 * message reader stops at the receive limit); a peer that sends beyond them is a FLOW_CONTROL_ERROR.
 */
export class InboundStreams {
  private readonly decoder = new HpackDecoder();
  private readonly collector: HeaderCollector;
  /** Octets of DATA the peer may still send on the connection. */
  private recvWindow: number;
  private recvUnacked = 0;
  /** A header block waiting for its CONTINUATION frames. */
  private block: { streamId: number; endStream: boolean; chunks: Buffer[]; size: number } | undefined;

  constructor(private readonly connection: Http2Connection) {
    this.collector = new HeaderCollector(connection.limits.maxHeaderListSize);
    this.recvWindow = connection.limits.connectionWindow;
  }

  /** Between a HEADERS without END_HEADERS and its last CONTINUATION, no other frame may come. */
  get inHeaderBlock(): boolean {
    return this.block !== undefined;
  }

  onData(flags: number, streamId: number, payload: Buffer): void {
    if (streamId === 0) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, 'DATA on stream 0');
    const length = payload.length;
    // Flow control counts the whole frame, padding included (§6.9.1).
    if (length > this.recvWindow) throw new ConnectionError(ErrorCode.FLOW_CONTROL_ERROR, 'connection window exceeded');
    this.recvWindow -= length;
    this.consumed(length);
    let data = payload;
    if (flags & Flag.PADDED) {
      const padding = length > 0 ? (payload[0] as number) : 0;
      if (length === 0 || padding >= length) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, 'DATA padding too long');
      data = payload.subarray(1, length - padding);
    }
    const stream = this.connection.streams.get(streamId);
    if (!stream) {
      if (this.connection.isIdle(streamId)) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, 'DATA on an idle stream');
      return; // a stream we closed or reset: what was in flight is dropped
    }
    if (stream.remoteEnded || !stream.headersReceived) throw new StreamError(streamId, ErrorCode.STREAM_CLOSED, 'DATA out of order');
    if (length > stream.recvWindow) throw new StreamError(streamId, ErrorCode.FLOW_CONTROL_ERROR, 'stream window exceeded');
    stream.recvWindow -= length;
    const endStream = (flags & Flag.END_STREAM) !== 0;
    if (!endStream) {
      // The window is given back as the data is handed on; the reader bounds what it buffers.
      stream.recvUnacked += length;
      if (stream.recvUnacked >= this.connection.limits.streamWindow / 2) {
        writeWindowUpdate(this.connection.writer, streamId, stream.recvUnacked);
        stream.recvWindow += stream.recvUnacked;
        stream.recvUnacked = 0;
      }
    }
    stream.listener.onData(stream, data, endStream);
    if (endStream && !stream.closed) stream.endRemote();
  }

  private consumed(length: number): void {
    this.recvUnacked += length;
    if (this.recvUnacked < this.connection.limits.connectionWindow / 2) return;
    writeWindowUpdate(this.connection.writer, 0, this.recvUnacked);
    this.recvWindow += this.recvUnacked;
    this.recvUnacked = 0;
  }

  onHeaders(flags: number, streamId: number, payload: Buffer): void {
    if (streamId === 0) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, 'HEADERS on stream 0');
    let start = 0;
    let padding = 0;
    if (flags & Flag.PADDED) {
      padding = payload.length > 0 ? (payload[0] as number) : 0;
      start = 1;
    }
    if (flags & Flag.PRIORITY) start += 5;
    if (start + padding > payload.length) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, 'HEADERS padding too long');
    const fragment = payload.subarray(start, payload.length - padding);
    const endStream = (flags & Flag.END_STREAM) !== 0;
    if (flags & Flag.END_HEADERS) return this.onHeaderBlock(streamId, endStream, fragment);
    this.block = { streamId, endStream, chunks: [fragment], size: fragment.length };
  }

  onContinuation(flags: number, streamId: number, payload: Buffer): void {
    const block = this.block;
    if (!block || block.streamId !== streamId) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, 'unexpected CONTINUATION');
    block.chunks.push(payload);
    block.size += payload.length;
    // Encoded fields are never much larger than decoded ones: past this, it is a flood (CVE-2024-27316).
    if (block.size > 2 * this.connection.limits.maxHeaderListSize + 1024) throw new ConnectionError(ErrorCode.ENHANCE_YOUR_CALM, 'header block too large');
    if (!(flags & Flag.END_HEADERS)) return;
    this.block = undefined;
    this.onHeaderBlock(streamId, block.endStream, Buffer.concat(block.chunks, block.size));
  }

  private onHeaderBlock(streamId: number, endStream: boolean, fragment: Buffer): void {
    const stream = this.connection.streams.get(streamId);
    const kind: BlockKind = stream?.headersReceived ? 'trailers' : this.connection.isClient ? 'response' : 'request';
    this.collector.begin(kind);
    try {
      // Every block is decoded, even one for a stream we ignore: the dynamic table must stay in step.
      this.decoder.decode(fragment, 0, fragment.length, this.collector);
    } catch (error) {
      if (error instanceof HpackError) throw new ConnectionError(ErrorCode.COMPRESSION_ERROR, error.message);
      throw error;
    }
    const headers = this.collector.finish();
    const refusal = this.collector.oversized ? ErrorCode.ENHANCE_YOUR_CALM : ErrorCode.PROTOCOL_ERROR;
    if (!stream) return this.connection.onNewStreamHeaders(streamId, headers, endStream, refusal);
    if (stream.remoteEnded) throw new StreamError(streamId, ErrorCode.STREAM_CLOSED, 'HEADERS after END_STREAM');
    // Trailers must end the stream (§8.1).
    if (!headers || (kind === 'trailers' && !endStream)) throw new StreamError(streamId, refusal, this.collector.problem || 'header list too large');
    stream.headersReceived = true;
    stream.listener.onHeaders(stream, headers, endStream);
    if (endStream && !stream.closed) stream.endRemote();
  }
}
