import type { Http2Connection } from './connection.js';
import { writeSettingsAck } from './control-frames.js';
import { ConnectionError, StreamError } from './errors.js';
import { ErrorCode, Flag, MAX_WINDOW } from './protocol.js';

// The frames by which the peer changes what this end may send: SETTINGS and WINDOW_UPDATE.

/** Applies a SETTINGS frame (§6.5); false for an ACK, which changes nothing. */
export function applySettings(connection: Http2Connection, flags: number, streamId: number, payload: Buffer): boolean {
  if (streamId !== 0) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, 'SETTINGS on a stream');
  if (flags & Flag.ACK) {
    if (payload.length !== 0) throw new ConnectionError(ErrorCode.FRAME_SIZE_ERROR, 'SETTINGS ACK with a payload');
    return false;
  }
  const delta = connection.peer.apply(payload, connection.isClient);
  if (delta !== 0) {
    for (const stream of connection.streams.values()) {
      stream.sendWindow += delta;
      if (stream.sendWindow > MAX_WINDOW) throw new ConnectionError(ErrorCode.FLOW_CONTROL_ERROR, 'stream window overflow');
    }
  }
  connection.encoder.setPeerTableSize(connection.peer.headerTableSize);
  writeSettingsAck(connection.writer);
  if (delta > 0) for (const stream of [...connection.streams.values()]) stream.flush();
  return true;
}

/** Opens a send window (§6.9): the connection's, or one stream's. */
export function applyWindowUpdate(connection: Http2Connection, streamId: number, payload: Buffer): void {
  if (payload.length !== 4) throw new ConnectionError(ErrorCode.FRAME_SIZE_ERROR, 'WINDOW_UPDATE length');
  const increment = payload.readUInt32BE(0) & 0x7fffffff;
  if (streamId === 0) {
    if (increment === 0) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, 'WINDOW_UPDATE of 0');
    connection.sendWindow += increment;
    if (connection.sendWindow > MAX_WINDOW) throw new ConnectionError(ErrorCode.FLOW_CONTROL_ERROR, 'connection window overflow');
    return connection.resume();
  }
  const stream = connection.streams.get(streamId);
  if (!stream) {
    if (connection.isIdle(streamId)) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, 'WINDOW_UPDATE on an idle stream');
    return;
  }
  if (increment === 0) throw new StreamError(streamId, ErrorCode.PROTOCOL_ERROR, 'WINDOW_UPDATE of 0');
  stream.sendWindow += increment;
  if (stream.sendWindow > MAX_WINDOW) throw new StreamError(streamId, ErrorCode.FLOW_CONTROL_ERROR, 'stream window overflow');
  stream.flush();
}
