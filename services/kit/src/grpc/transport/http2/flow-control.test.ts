import { pino } from 'pino';
import { createGrpcServer, type GrpcServer } from '../../server.js';
import { serviceRegistration } from '../../service-types.js';
import { CountService, type CountRequest } from '../../testing/stream-service.js';
import { Flag, FrameType, Setting } from './protocol.js';
import { RawPeer, type SeenFrame } from './testing/raw-peer.js';

// The kit server streaming to a client that keeps its windows small: it must never send more
// DATA than the windows allow (RFC 9113 §6.9), and must go on as soon as they open again.

const countService = serviceRegistration('pricecompare.testing.v1.CountService', CountService, {
  countTo: async function* (req: CountRequest) {
    for (let n = 1; n <= req.to; n += 1) yield { n, padding: 'x'.repeat(req.padding) };
  },
});

const request = {
  ':method': 'POST',
  ':scheme': 'http',
  ':path': CountService.countTo.path,
  ':authority': 'test',
  'content-type': 'application/grpc',
  te: 'trailers',
};

const dataOn = (peer: RawPeer, streamId: number): number =>
  peer.frames.filter((f) => f.type === FrameType.DATA && f.streamId === streamId).reduce((sum, f) => sum + f.payload.length, 0);
const ended = (streamId: number) => (f: SeenFrame) => f.type === FrameType.HEADERS && f.streamId === streamId && (f.flags & Flag.END_STREAM) !== 0;
const settle = (peer: RawPeer): Promise<unknown> => peer.next(() => false, 0, 200);

describe('outbound flow control of the kit server', () => {
  let server: GrpcServer;
  let port: number;

  beforeAll(async () => {
    server = createGrpcServer({ services: [countService], logger: pino({ level: 'silent' }), graceMs: 500 });
    port = await server.listen('127.0.0.1', 0);
  });

  afterAll(() => server.shutdown());

  const stream = async (windowBytes: number, to: number, padding: number): Promise<RawPeer> => {
    const peer = await RawPeer.connect(port);
    peer.settings([[Setting.INITIAL_WINDOW_SIZE, windowBytes]]);
    peer.headers(1, request);
    peer.message(1, Buffer.from(JSON.stringify({ to, failAfter: 0, padding })));
    await settle(peer);
    return peer;
  };

  it('stops at the stream window and resumes on WINDOW_UPDATE', async () => {
    const peer = await stream(1_000, 50, 100);
    expect(dataOn(peer, 1)).toBeGreaterThan(0);
    expect(dataOn(peer, 1)).toBeLessThanOrEqual(1_000);
    expect(await peer.next(ended(1), 0, 100)).toBeUndefined();

    peer.frame(FrameType.WINDOW_UPDATE, 0, 1, Buffer.from([0, 0x01, 0, 0]));
    const trailers = await peer.next(ended(1));
    expect(trailers?.headers?.['grpc-status']).toBe('0');
    expect(dataOn(peer, 1)).toBeGreaterThan(50 * 100);
    peer.close();
  });

  it('opens every stream window when SETTINGS raise the initial window (§6.9.2)', async () => {
    const peer = await stream(1_000, 50, 100);
    expect(dataOn(peer, 1)).toBeLessThanOrEqual(1_000);
    peer.settings([[Setting.INITIAL_WINDOW_SIZE, 1_000_000]]);
    expect((await peer.next(ended(1)))?.headers?.['grpc-status']).toBe('0');
    peer.close();
  });

  it('stops at the connection window of 65,535 octets until the connection WINDOW_UPDATE', async () => {
    const peer = await stream(16_000_000, 200, 1_000);
    expect(dataOn(peer, 1)).toBeGreaterThan(60_000);
    expect(dataOn(peer, 1)).toBeLessThanOrEqual(65_535);
    peer.frame(FrameType.WINDOW_UPDATE, 0, 0, Buffer.from([0, 0x10, 0, 0]));
    expect((await peer.next(ended(1)))?.headers?.['grpc-status']).toBe('0');
    expect(dataOn(peer, 1)).toBeGreaterThan(200 * 1_000);
    peer.close();
  });

  it('gives back its own receive windows as a large request arrives', async () => {
    const peer = await RawPeer.connect(port);
    peer.settings();
    peer.headers(1, request);
    const padding = Buffer.alloc(16_379, 0x20);
    // 5 MiB of JSON whitespace around the request: beyond both windows unless they are reopened.
    const body = Buffer.concat([Buffer.from('{"to":1,"failAfter":0,"padding":0}'), Buffer.alloc(5 * 1024 * 1024, 0x20)]);
    const framed = Buffer.concat([Buffer.from([0, 0, 0, 0, 0]), body]);
    framed.writeUInt32BE(body.length, 1);
    for (let offset = 0; offset < framed.length; offset += padding.length) {
      const end = Math.min(framed.length, offset + padding.length);
      peer.frame(FrameType.DATA, end === framed.length ? Flag.END_STREAM : 0, 1, framed.subarray(offset, end));
    }
    expect((await peer.next(ended(1)))?.headers?.['grpc-status']).toBe('0');
    const updates = peer.frames.filter((f) => f.type === FrameType.WINDOW_UPDATE);
    expect(updates.some((f) => f.streamId === 1)).toBe(true);
    expect(updates.some((f) => f.streamId === 0)).toBe(true);
    peer.close();
  });
});
