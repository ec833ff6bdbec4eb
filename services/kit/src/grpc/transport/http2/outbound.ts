import type { Http2Connection } from './connection.js';
import { Flag, FrameType } from './protocol.js';
import type { Http2Stream } from './stream.js';

/** DATA waits once this much output is unsent: the socket's back-pressure reaches the streams. */
const SOCKET_HIGH_WATER = 1024 * 1024;

// Fields whose values repeat from call to call go into the HPACK dynamic table; the rest
// (grpc-timeout, traceparent, grpc-message, metadata) would only churn it.
const INDEXED_NAMES = new Set([
  ':authority',
  ':path',
  ':status',
  'content-type',
  'te',
  'user-agent',
  'grpc-status',
  'grpc-encoding',
  'grpc-accept-encoding',
]);

/** Encodes a header list (flat: name, value, name, value…) as HEADERS + CONTINUATION frames. */
export function writeHeaderBlock(connection: Http2Connection, streamId: number, fields: readonly string[], endStream: boolean): void {
  const encoder = connection.encoder;
  encoder.begin();
  for (let i = 0; i < fields.length; i += 2) {
    const name = fields[i] as string;
    encoder.field(name, fields[i + 1] as string, INDEXED_NAMES.has(name));
  }
  const block = encoder.finish();
  const max = connection.peer.maxFrameSize;
  const writer = connection.writer;
  let type: number = FrameType.HEADERS;
  let flags = endStream ? Flag.END_STREAM : 0;
  for (let offset = 0; ; ) {
    const end = Math.min(block.length, offset + max);
    // The block lives in the encoder's scratch buffer, which the next block overwrites: copy it.
    writer.frame(type, end === block.length ? flags | Flag.END_HEADERS : flags, streamId, block, offset, end, true);
    if (end === block.length) return;
    offset = end;
    type = FrameType.CONTINUATION;
    flags = 0;
  }
}

/** The fast path of a small message: one DATA frame straight into the arena, if windows allow. */
export function writeMessageNow(connection: Http2Connection, stream: Http2Stream, message: Uint8Array, endStream: boolean): boolean {
  const length = 5 + message.length;
  if (length > stream.sendWindow || length > connection.sendWindow || length > connection.peer.maxFrameSize) return false;
  if (connection.writer.backlog > SOCKET_HIGH_WATER) return false;
  connection.writer.grpcMessage(endStream ? Flag.END_STREAM : 0, stream.id, message);
  stream.sendWindow -= length;
  connection.sendWindow -= length;
  return true;
}

/**
 * Sends a stream's queued DATA in frames of at most the peer's SETTINGS_MAX_FRAME_SIZE, as far
 * as the stream window, the connection window and the socket allow (RFC 9113 §6.9). Returns
 * true once the queue is empty (END_STREAM set on the last frame if the stream is to end).
 */
export function pumpStream(connection: Http2Connection, stream: Http2Stream): boolean {
  const writer = connection.writer;
  const endFlag = stream.endWhenDrained && !stream.pendingTrailers ? Flag.END_STREAM : 0;
  if (stream.queuedBytes === 0) {
    if (endFlag) writer.frameHeader(0, FrameType.DATA, endFlag, stream.id);
    return true;
  }
  while (stream.queuedBytes > 0) {
    const allowed = Math.min(stream.sendWindow, connection.sendWindow, connection.peer.maxFrameSize);
    if (allowed <= 0 || writer.backlog > SOCKET_HIGH_WATER) {
      // The stream's own WINDOW_UPDATE wakes it; the connection's or the socket's needs the list.
      if (connection.sendWindow <= 0 || writer.backlog > SOCKET_HIGH_WATER) connection.blocked.add(stream);
      return false;
    }
    const head = stream.queue[0] as Buffer;
    const length = Math.min(allowed, head.length);
    const last = length === stream.queuedBytes;
    writer.frame(FrameType.DATA, last ? endFlag : 0, stream.id, head, 0, length);
    stream.sendWindow -= length;
    connection.sendWindow -= length;
    stream.queuedBytes -= length;
    if (length === head.length) stream.queue.shift();
    else stream.queue[0] = head.subarray(length);
  }
  return true;
}
