import type { Socket } from 'node:net';
import { ConnectionError } from './errors.js';
import { FrameReader } from './frame-reader.js';
import { FrameWriter } from './frame-writer.js';
import { ErrorCode, Flag, FrameType } from './protocol.js';

type Seen = [type: number, flags: number, streamId: number, payload: string];

function reader(maxFrameSize = 16_384) {
  const frames: Seen[] = [];
  const r = new FrameReader({ onFrame: (type, flags, id, payload) => frames.push([type, flags, id, payload.toString('hex')]) }, maxFrameSize);
  return { frames, reader: r };
}

/** A socket that records writes: what the writer hands the kernel, in how many system calls. */
function recordingSocket() {
  const writes: Buffer[] = [];
  let corked = false;
  let batch: Buffer[] = [];
  const socket = {
    writableLength: 0,
    write: (chunk: Buffer) => (corked ? batch.push(chunk) : writes.push(Buffer.from(chunk)), true),
    cork: () => (corked = true),
    uncork: () => {
      corked = false;
      writes.push(Buffer.concat(batch));
      batch = [];
    },
  };
  return { writes, socket: socket as unknown as Socket };
}

const tick = (): Promise<void> => new Promise((resolve) => process.nextTick(resolve));

describe('HTTP/2 framing', () => {
  it('writes frames that read back the same, however the bytes are split', async () => {
    const { writes, socket } = recordingSocket();
    const writer = new FrameWriter(socket);
    writer.frame(FrameType.HEADERS, Flag.END_HEADERS, 1, Buffer.from('abc'));
    writer.grpcMessage(0, 1, Buffer.from('hi'));
    writer.frame(FrameType.DATA, Flag.END_STREAM, 1, Buffer.alloc(5_000, 7));
    writer.frameHeader(0, FrameType.SETTINGS, Flag.ACK, 0);
    await tick();
    expect(writes).toHaveLength(1);
    const bytes = writes[0] as Buffer;
    const expected: Seen[] = [
      [FrameType.HEADERS, Flag.END_HEADERS, 1, '616263'],
      [FrameType.DATA, 0, 1, '00000000026869'],
      [FrameType.DATA, Flag.END_STREAM, 1, '07'.repeat(5_000)],
      [FrameType.SETTINGS, Flag.ACK, 0, ''],
    ];
    for (let cut = 0; cut <= bytes.length; cut += 7) {
      const { frames, reader: r } = reader();
      r.push(bytes.subarray(0, cut));
      r.push(bytes.subarray(cut));
      expect(frames).toEqual(expected);
    }
  });

  it('leaves what one event-loop turn wrote in one socket write, and the next turn in another', async () => {
    const { writes, socket } = recordingSocket();
    const writer = new FrameWriter(socket);
    for (let stream = 1; stream < 100; stream += 2) writer.grpcMessage(Flag.END_STREAM, stream, Buffer.alloc(100));
    await tick();
    writer.frameHeader(0, FrameType.SETTINGS, Flag.ACK, 0);
    await tick();
    expect(writes.map((w) => w.length)).toEqual([50 * (9 + 105), 9]);
  });

  it('refuses a frame over the advertised maximum before buffering it', () => {
    const { reader: r } = reader(16_384);
    const header = Buffer.from([0x00, 0x40, 0x01, FrameType.DATA, 0, 0, 0, 0, 1]);
    expect(() => r.push(header)).toThrow(expect.objectContaining({ code: ErrorCode.FRAME_SIZE_ERROR }));
    expect(() => r.push(header)).toThrow(ConnectionError);
  });
});
