import { connect, createServer, type Server, type Socket } from 'node:net';
import { HpackDecoder } from '../../hpack/decoder.js';
import { HpackEncoder } from '../../hpack/encoder.js';
import { FrameReader } from '../frame-reader.js';
import { Flag, FrameType, PREFACE } from '../protocol.js';

/** A frame as the raw peer saw it, with the header fields of HEADERS frames decoded. */
export interface SeenFrame {
  readonly type: number;
  readonly flags: number;
  readonly streamId: number;
  readonly payload: Buffer;
  readonly headers?: Record<string, string>;
}

/**
 * A hand-driven HTTP/2 peer for tests: writes whatever frames a test wants (valid or not) on a
 * raw socket and records every frame the other end sends, so tests can hold the kit's HTTP/2 to
 * RFC 9113 where grpc-js would never misbehave.
 */
export class RawPeer {
  readonly frames: SeenFrame[] = [];
  readonly encoder = new HpackEncoder();
  private readonly decoder = new HpackDecoder();
  private readonly waiters: (() => void)[] = [];
  private pendingBlock: { flags: number; chunks: Buffer[] } | undefined;
  closed = false;
  /** What the other end did that breaks RFC 9113 framing, if anything. */
  violation = '';

  /** Octets of the client preface still to skip (a RawPeer acting as server). */
  private prefaceLeft: number;

  constructor(
    readonly socket: Socket,
    asServer = false,
  ) {
    this.prefaceLeft = asServer ? PREFACE.length : 0;
    const reader = new FrameReader(
      {
        onFrame: (type, flags, streamId, payload) => {
          // A block split over CONTINUATION frames is recorded as one HEADERS frame once complete.
          if (type === FrameType.HEADERS || type === FrameType.CONTINUATION) {
            this.pendingBlock = type === FrameType.HEADERS ? { flags, chunks: [Buffer.from(payload)] } : this.pendingBlock;
            if (type === FrameType.CONTINUATION) this.pendingBlock?.chunks.push(Buffer.from(payload));
            if (!(flags & Flag.END_HEADERS) || !this.pendingBlock) return;
            const block = Buffer.concat(this.pendingBlock.chunks);
            const headers: Record<string, string> = {};
            this.decoder.decode(block, 0, block.length, { header: (name, value) => (headers[name] = value) });
            this.frames.push({ type: FrameType.HEADERS, flags: this.pendingBlock.flags | flags, streamId, payload: block, headers });
            this.pendingBlock = undefined;
          } else {
            this.frames.push({ type, flags, streamId, payload: Buffer.from(payload) });
          }
          this.wake();
        },
      },
      // What a peer that sent no SETTINGS_MAX_FRAME_SIZE may receive (RFC 9113 §4.2).
      16_384,
    );
    socket.on('data', (chunk: Buffer) => {
      const skip = Math.min(this.prefaceLeft, chunk.length);
      this.prefaceLeft -= skip;
      try {
        reader.push(chunk.subarray(skip));
      } catch (error) {
        this.violation = (error as Error).message;
        socket.destroy();
      }
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      this.closed = true;
      this.wake();
    });
  }

  /** Connects to a server as a client; `preface` false leaves the connection preface to the test. */
  static async connect(port: number, preface = true): Promise<RawPeer> {
    const socket = connect({ host: '127.0.0.1', port });
    await new Promise((resolve) => socket.once('connect', resolve));
    const peer = new RawPeer(socket);
    if (preface) peer.socket.write(PREFACE);
    return peer;
  }

  /** A server that hands each accepted connection to `onPeer` as a RawPeer. */
  static async listen(onPeer: (peer: RawPeer) => void): Promise<{ server: Server; port: number }> {
    const server = createServer((socket) => onPeer(new RawPeer(socket, true)));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { server, port: (server.address() as { port: number }).port };
  }

  frame(type: number, flags: number, streamId: number, payload: Buffer = Buffer.alloc(0)): void {
    const header = Buffer.alloc(9);
    header.writeUIntBE(payload.length, 0, 3);
    header[3] = type;
    header[4] = flags;
    header.writeUInt32BE(streamId, 5);
    this.socket.write(Buffer.concat([header, payload]));
  }

  settings(values: [number, number][] = []): void {
    const payload = Buffer.alloc(values.length * 6);
    values.forEach(([id, value], i) => {
      payload.writeUInt16BE(id, i * 6);
      payload.writeUInt32BE(value, i * 6 + 2);
    });
    this.frame(FrameType.SETTINGS, 0, 0, payload);
  }

  /** Encodes header fields with this peer's HPACK context. */
  block(fields: Record<string, string>): Buffer {
    this.encoder.begin();
    for (const [name, value] of Object.entries(fields)) this.encoder.field(name, value, false);
    return Buffer.from(this.encoder.finish());
  }

  /** HEADERS, and CONTINUATION frames for a block over 16 KiB. */
  headers(streamId: number, fields: Record<string, string>, endStream = false): void {
    const block = this.block(fields);
    const end = endStream ? Flag.END_STREAM : 0;
    for (let offset = 0; offset < block.length || offset === 0; offset += 16_384) {
      const last = offset + 16_384 >= block.length;
      this.frame(offset === 0 ? FrameType.HEADERS : FrameType.CONTINUATION, (offset === 0 ? end : 0) | (last ? Flag.END_HEADERS : 0), streamId, block.subarray(offset, offset + 16_384));
    }
  }

  /** A gRPC message (5-byte prefix) in one DATA frame. */
  message(streamId: number, message: Buffer, endStream = true): void {
    const prefix = Buffer.alloc(5);
    prefix.writeUInt32BE(message.length, 1);
    this.frame(FrameType.DATA, endStream ? Flag.END_STREAM : 0, streamId, Buffer.concat([prefix, message]));
  }

  /** Resolves with the first frame (from `from` on) that matches, or undefined if the socket closed. */
  async next(match: (frame: SeenFrame) => boolean, from = 0, timeoutMs = 2_000): Promise<SeenFrame | undefined> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.frames.slice(from).find(match);
      if (found || this.closed || Date.now() > deadline) return found;
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }

  async goaway(): Promise<{ lastStreamId: number; code: number } | undefined> {
    const frame = await this.next((f) => f.type === FrameType.GOAWAY);
    return frame && { lastStreamId: frame.payload.readUInt32BE(0), code: frame.payload.readUInt32BE(4) };
  }

  async reset(streamId: number): Promise<number | undefined> {
    const frame = await this.next((f) => f.type === FrameType.RST_STREAM && f.streamId === streamId);
    return frame?.payload.readUInt32BE(0);
  }

  close(): void {
    this.socket.destroy();
  }

  private wake(): void {
    for (const waiter of this.waiters.splice(0)) waiter();
  }
}
