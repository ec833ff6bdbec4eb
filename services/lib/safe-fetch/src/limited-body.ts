import { Readable, Transform, type TransformCallback } from 'node:stream';
import { FetchLimitError } from './errors.js';

/** What happens when a body grows past its limit. */
export type Overflow =
  /** The stream fails with FetchLimitError('size') (pages, feeds). */
  | 'fail'
  /** The stream ends at the limit and `truncated` turns true (robots.txt: RFC 9309 lets a crawler stop reading). */
  | 'truncate';

/**
 * Counts the (decoded) bytes of a body and stops it at `maxBytes`. Counting after decompression
 * keeps a small compressed body from expanding past the limit.
 */
export class LimitedBody extends Transform {
  private bytes = 0;
  truncated = false;

  constructor(
    private readonly maxBytes: number,
    private readonly overflow: Overflow,
    private readonly url: string,
    private readonly onStop: () => void,
  ) {
    super();
  }

  /** Bytes passed on so far. */
  get size(): number {
    return this.bytes;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    if (this.truncated) return done();
    const room = this.maxBytes - this.bytes;
    if (chunk.length <= room) {
      this.bytes += chunk.length;
      return done(null, chunk);
    }
    if (this.overflow === 'fail') {
      this.onStop();
      return done(new FetchLimitError('size', `the body is larger than ${this.maxBytes} bytes`, this.url));
    }
    this.bytes += room;
    this.truncated = true;
    if (room > 0) this.push(chunk.subarray(0, room));
    this.push(null);
    this.onStop();
    done();
  }
}

/** Reads a stream to its end into one buffer. */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
