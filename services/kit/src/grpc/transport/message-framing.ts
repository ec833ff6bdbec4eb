import { status as GrpcStatus } from '@grpc/grpc-js';
import { TransportError } from './transport-error.js';

/** gRPC's length prefix: 1 byte "compressed" flag, then the message length (uint32, big endian). */
export const PREFIX_BYTES = 5;

/** Frames one encoded message in a single buffer (one write, one HTTP/2 DATA frame for small ones). */
export function frameMessage(payload: Uint8Array): Buffer {
  const frame = Buffer.allocUnsafe(PREFIX_BYTES + payload.length);
  frame[0] = 0;
  frame.writeUInt32BE(payload.length, 1);
  frame.set(payload, PREFIX_BYTES);
  return frame;
}

/** Receives the messages a MessageReader completes. */
export interface MessageSink {
  onMessage(payload: Buffer, compressed: boolean): void;
}

/**
 * Cuts the byte stream of DATA frames into messages. The common case, a whole message in one
 * chunk, is a zero-copy slice; a message split over chunks is joined once, when complete.
 */
export class MessageReader {
  private chunks: Buffer[] = [];
  private buffered = 0;
  /** Bytes needed before anything can be parsed: the prefix, then prefix + message. */
  private needed = PREFIX_BYTES;

  constructor(
    private readonly sink: MessageSink,
    private readonly maxLength: number,
  ) {}

  /** True when the stream ended in the middle of a message. */
  get hasPartialMessage(): boolean {
    return this.buffered > 0;
  }

  /** Throws a TransportError (RESOURCE_EXHAUSTED) for a message longer than the limit. */
  push(chunk: Buffer): void {
    if (this.buffered === 0) return this.consume(chunk);
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    if (this.buffered < this.needed) return;
    const joined = Buffer.concat(this.chunks, this.buffered);
    this.chunks = [];
    this.buffered = 0;
    this.consume(joined);
  }

  private consume(data: Buffer): void {
    let offset = 0;
    while (data.length - offset >= PREFIX_BYTES) {
      const length = data.readUInt32BE(offset + 1);
      if (length > this.maxLength) {
        throw new TransportError(
          GrpcStatus.RESOURCE_EXHAUSTED,
          `Received message larger than max (${length} vs. ${this.maxLength})`,
        );
      }
      const end = offset + PREFIX_BYTES + length;
      if (end > data.length) break;
      this.sink.onMessage(data.subarray(offset + PREFIX_BYTES, end), data[offset] === 1);
      offset = end;
    }
    if (offset === data.length) {
      this.needed = PREFIX_BYTES;
      return;
    }
    const rest = data.subarray(offset);
    this.chunks.push(rest);
    this.buffered = rest.length;
    this.needed = rest.length >= PREFIX_BYTES ? PREFIX_BYTES + rest.readUInt32BE(1) : PREFIX_BYTES;
  }
}
