import { ConnectionError } from './errors.js';
import { ErrorCode, FRAME_HEADER_BYTES } from './protocol.js';

/** Receives whole frames; `payload` is a view into a socket read, which is never reused. */
export interface FrameSink {
  onFrame(type: number, flags: number, streamId: number, payload: Buffer): void;
}

/**
 * Cuts the bytes of a connection into frames (RFC 9113 §4.1). Frames inside one socket read are
 * zero-copy views; a frame split across reads is joined once, copying only that frame. A frame over the size this end
 * advertised is a FRAME_SIZE_ERROR before any of it is buffered, so a peer cannot make it hold more.
 */
export class FrameReader {
  private pending: Buffer | undefined;

  constructor(
    private readonly sink: FrameSink,
    private readonly maxFrameSize: number,
  ) {}

  push(chunk: Buffer): void {
    let offset = 0;
    if (this.pending) {
      offset = this.completePending(chunk);
      if (this.pending) return;
    }
    while (chunk.length - offset >= FRAME_HEADER_BYTES) {
      const length = this.lengthAt(chunk, offset);
      const end = offset + FRAME_HEADER_BYTES + length;
      if (end > chunk.length) break;
      this.dispatch(chunk, offset, end);
      offset = end;
    }
    if (offset < chunk.length) this.pending = chunk.subarray(offset);
  }

  /** Joins the frame left over from the last read with just the bytes it lacks; returns how many it took. */
  private completePending(chunk: Buffer): number {
    let head = this.pending as Buffer;
    let used = 0;
    if (head.length < FRAME_HEADER_BYTES) {
      used = Math.min(FRAME_HEADER_BYTES - head.length, chunk.length);
      head = Buffer.concat([head, chunk.subarray(0, used)]);
      if (head.length < FRAME_HEADER_BYTES) {
        this.pending = head;
        return chunk.length;
      }
    }
    const missing = FRAME_HEADER_BYTES + this.lengthAt(head, 0) - head.length;
    if (chunk.length - used < missing) {
      this.pending = Buffer.concat([head, chunk.subarray(used)]);
      return chunk.length;
    }
    this.pending = undefined;
    const frame = Buffer.concat([head, chunk.subarray(used, used + missing)]);
    this.dispatch(frame, 0, frame.length);
    return used + missing;
  }

  private lengthAt(data: Buffer, offset: number): number {
    const length = data.readUIntBE(offset, 3);
    if (length > this.maxFrameSize) throw new ConnectionError(ErrorCode.FRAME_SIZE_ERROR, `frame of ${length} octets`);
    return length;
  }

  private dispatch(data: Buffer, offset: number, end: number): void {
    const type = data[offset + 3] as number;
    const flags = data[offset + 4] as number;
    // The reserved bit is ignored (§4.1).
    const streamId = data.readUInt32BE(offset + 5) & 0x7fffffff;
    this.sink.onFrame(type, flags, streamId, data.subarray(offset + FRAME_HEADER_BYTES, end));
  }
}
