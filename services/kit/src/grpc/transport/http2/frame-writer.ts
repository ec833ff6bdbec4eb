import type { Socket } from 'node:net';
import { FRAME_HEADER_BYTES, FrameType } from './protocol.js';

const ARENA_BYTES = 64 * 1024;
/** Payloads up to this size are copied next to their frame header; larger ones go out as they are. */
const COPY_LIMIT = 4 * 1024;

/**
 * The outbound side of a connection. Frames are written into a shared arena buffer, and
 * everything written during one turn of the event loop leaves in a single socket write (a
 * writev when large payloads are attached): a unary response's HEADERS, DATA and trailers, or
 * the requests of 50 concurrent calls, cost one system call instead of one each. A written
 * region of the arena is never touched again, so no copy is needed to hand it to the socket.
 */
export class FrameWriter {
  private arena = Buffer.allocUnsafeSlow(ARENA_BYTES);
  private start = 0;
  private end = 0;
  private chunks: Buffer[] = [];
  private scheduled = false;
  private unflushed = 0;
  closed = false;

  constructor(private readonly socket: Socket) {}

  /** Bytes written but not yet sent: queued here this tick, or in the socket (the peer reads slowly). */
  get backlog(): number {
    return this.socket.writableLength + this.unflushed;
  }

  /** Reserves `bytes` in the arena and returns the buffer and offset to write them at. */
  reserve(bytes: number): number {
    if (this.end + bytes > this.arena.length) {
      this.seal();
      this.arena = Buffer.allocUnsafeSlow(Math.max(ARENA_BYTES, bytes));
      this.start = this.end = 0;
    }
    const at = this.end;
    this.end += bytes;
    this.unflushed += bytes;
    this.schedule();
    return at;
  }

  get buffer(): Buffer {
    return this.arena;
  }

  /** A frame header, with `payloadBytes` of payload to follow. Returns where the payload goes. */
  frameHeader(payloadBytes: number, type: number, flags: number, streamId: number, reserved = payloadBytes): number {
    const at = this.reserve(FRAME_HEADER_BYTES + reserved);
    const buf = this.arena;
    buf[at] = payloadBytes >>> 16;
    buf[at + 1] = (payloadBytes >>> 8) & 0xff;
    buf[at + 2] = payloadBytes & 0xff;
    buf[at + 3] = type;
    buf[at + 4] = flags;
    buf.writeUInt32BE(streamId, at + 5);
    return at + FRAME_HEADER_BYTES;
  }

  /**
   * A whole frame with the given payload (or part of it). A large payload is sent as it is,
   * unless `copy`: a buffer its owner will reuse (the HPACK encoder's) must be copied.
   */
  frame(type: number, flags: number, streamId: number, payload: Uint8Array, from = 0, to = payload.length, copy = false): void {
    const length = to - from;
    if (length <= COPY_LIMIT || copy) {
      const at = this.frameHeader(length, type, flags, streamId);
      this.arena.set(payload.subarray(from, to), at);
      return;
    }
    this.frameHeader(length, type, flags, streamId, 0);
    this.seal();
    this.unflushed += length;
    this.chunks.push(Buffer.from(payload.buffer, payload.byteOffset + from, length));
  }

  /** A DATA frame carrying a gRPC message: its 5-byte length prefix, then the encoded message. */
  grpcMessage(flags: number, streamId: number, message: Uint8Array): void {
    const at = this.frameHeader(5 + message.length, FrameType.DATA, flags, streamId, message.length <= COPY_LIMIT ? 5 + message.length : 5);
    this.arena[at] = 0;
    this.arena.writeUInt32BE(message.length, at + 1);
    if (message.length <= COPY_LIMIT) this.arena.set(message, at + 5);
    else {
      this.seal();
      this.unflushed += message.length;
      this.chunks.push(Buffer.from(message.buffer, message.byteOffset, message.length));
    }
  }

  /** Writes now what has been queued (also run at the end of the current tick). */
  flush(): void {
    this.scheduled = false;
    this.unflushed = 0;
    this.seal();
    const chunks = this.chunks;
    if (chunks.length === 0 || this.closed) return;
    this.chunks = [];
    if (chunks.length === 1) {
      this.socket.write(chunks[0] as Buffer);
      return;
    }
    this.socket.cork();
    for (const chunk of chunks) this.socket.write(chunk);
    this.socket.uncork();
  }

  private seal(): void {
    if (this.end === this.start) return;
    this.chunks.push(this.arena.subarray(this.start, this.end));
    this.start = this.end;
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    process.nextTick(flushWriter, this);
  }
}

function flushWriter(writer: FrameWriter): void {
  writer.flush();
}
