import type { FrameWriter } from './frame-writer.js';
import { Flag, FrameType } from './protocol.js';

/** The small frames that manage a connection and its streams, written straight into the arena. */

export function writeSettings(writer: FrameWriter, payload: Buffer): void {
  writer.frame(FrameType.SETTINGS, 0, 0, payload);
}

export function writeSettingsAck(writer: FrameWriter): void {
  writer.frameHeader(0, FrameType.SETTINGS, Flag.ACK, 0);
}

export function writePing(writer: FrameWriter, payload: Buffer, ack: boolean): void {
  writer.frame(FrameType.PING, ack ? Flag.ACK : 0, 0, payload);
}

export function writeReset(writer: FrameWriter, streamId: number, code: number): void {
  const at = writer.frameHeader(4, FrameType.RST_STREAM, 0, streamId);
  writer.buffer.writeUInt32BE(code, at);
}

export function writeWindowUpdate(writer: FrameWriter, streamId: number, increment: number): void {
  const at = writer.frameHeader(4, FrameType.WINDOW_UPDATE, 0, streamId);
  writer.buffer.writeUInt32BE(increment, at);
}

export function writeGoaway(writer: FrameWriter, lastStreamId: number, code: number, debug = ''): void {
  const text = Buffer.from(debug, 'utf8');
  const at = writer.frameHeader(8 + text.length, FrameType.GOAWAY, 0, 0);
  writer.buffer.writeUInt32BE(lastStreamId, at);
  writer.buffer.writeUInt32BE(code, at + 4);
  writer.buffer.set(text, at + 8);
}
