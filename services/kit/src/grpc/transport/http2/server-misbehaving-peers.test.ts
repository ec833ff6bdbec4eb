import { EchoRequest, EchoResponse } from '@pc/proto/testing/v1/echo';
import { pino } from 'pino';
import { createGrpcServer, type GrpcServer } from '../../server.js';
import { echoService } from '../../testing/echo-service.js';
import { ErrorCode, Flag, FrameType, MAX_WINDOW, PREFACE, Setting } from './protocol.js';
import { RawPeer } from './testing/raw-peer.js';

// The kit server against a client that breaks RFC 9113: every fault must end as the RFC says
// (GOAWAY or RST_STREAM with the right code), and a stream error must leave the connection usable.

const ECHO = '/pricecompare.testing.v1.EchoService/Echo';
const request = (path = ECHO): Record<string, string> => ({
  ':method': 'POST',
  ':scheme': 'http',
  ':path': path,
  ':authority': 'test',
  'content-type': 'application/grpc',
  te: 'trailers',
});
const echoMessage = (message: string): Buffer =>
  Buffer.from(EchoRequest.encode({ message, tags: [], amountMinor: 0, failWith: '', delayMs: 0 }).finish());

describe('the kit server against a misbehaving HTTP/2 client', () => {
  let server: GrpcServer;
  let port: number;
  const peers: RawPeer[] = [];

  beforeAll(async () => {
    server = createGrpcServer({ services: [echoService()], logger: pino({ level: 'silent' }), graceMs: 500 });
    port = await server.listen('127.0.0.1', 0);
  });

  afterAll(async () => {
    for (const peer of peers) peer.close();
    await server.shutdown();
  });

  const open = async (): Promise<RawPeer> => {
    const peer = await RawPeer.connect(port);
    peers.push(peer);
    peer.settings();
    return peer;
  };

  /** A call on `streamId` that must be answered OK: proof the connection still works. */
  const echo = async (peer: RawPeer, streamId: number): Promise<string | undefined> => {
    const from = peer.frames.length;
    peer.headers(streamId, request());
    peer.message(streamId, echoMessage(`call ${streamId}`));
    const data = await peer.next((f) => f.type === FrameType.DATA && f.streamId === streamId, from);
    const trailers = await peer.next((f) => f.type === FrameType.HEADERS && f.streamId === streamId && (f.flags & Flag.END_STREAM) !== 0, from);
    expect(trailers?.headers?.['grpc-status']).toBe('0');
    return data && EchoResponse.decode(data.payload.subarray(5)).message;
  };

  it('answers a well-formed call, a PING with its ACK, and SETTINGS with an ACK', async () => {
    const peer = await open();
    expect(await echo(peer, 1)).toBe('call 1');
    peer.frame(FrameType.PING, 0, 0, Buffer.from('12345678'));
    const ack = await peer.next((f) => f.type === FrameType.PING && f.flags === Flag.ACK);
    expect(ack?.payload.toString()).toBe('12345678');
    expect(await peer.next((f) => f.type === FrameType.SETTINGS && f.flags === Flag.ACK)).toBeDefined();
  });

  it('reads padded HEADERS with a priority and padded DATA', async () => {
    const peer = await open();
    const block = peer.block(request());
    // Pad length 3, then 5 octets of priority, the block, and the padding.
    peer.frame(FrameType.HEADERS, Flag.END_HEADERS | Flag.PADDED | Flag.PRIORITY, 1, Buffer.concat([Buffer.from([3, 0, 0, 0, 0, 16]), block, Buffer.alloc(3)]));
    const message = echoMessage('padded');
    const framed = Buffer.concat([Buffer.from([0, 0, 0, 0, message.length]), message]);
    peer.frame(FrameType.DATA, Flag.END_STREAM | Flag.PADDED, 1, Buffer.concat([Buffer.from([10]), framed, Buffer.alloc(10)]));
    const data = await peer.next((f) => f.type === FrameType.DATA && f.streamId === 1);
    expect(data && EchoResponse.decode(data.payload.subarray(5)).message).toBe('padded');
  });

  it.each<[string, (peer: RawPeer) => void, number]>([
    ['a frame other than SETTINGS first', (peer) => peer.frame(FrameType.PING, 0, 0, Buffer.alloc(8)), ErrorCode.PROTOCOL_ERROR],
    ['a frame larger than SETTINGS_MAX_FRAME_SIZE', (peer) => (peer.settings(), peer.frame(FrameType.DATA, 0, 1, Buffer.alloc(16_385))), ErrorCode.FRAME_SIZE_ERROR],
    ['a connection WINDOW_UPDATE of 0', (peer) => (peer.settings(), peer.frame(FrameType.WINDOW_UPDATE, 0, 0, Buffer.alloc(4))), ErrorCode.PROTOCOL_ERROR],
    ['an initial window above 2^31-1', (peer) => peer.settings([[Setting.INITIAL_WINDOW_SIZE, MAX_WINDOW + 1]]), ErrorCode.FLOW_CONTROL_ERROR],
    ['a SETTINGS length that is not a multiple of 6', (peer) => peer.frame(FrameType.SETTINGS, 0, 0, Buffer.alloc(5)), ErrorCode.FRAME_SIZE_ERROR],
    ['a PING of 7 octets', (peer) => (peer.settings(), peer.frame(FrameType.PING, 0, 0, Buffer.alloc(7))), ErrorCode.FRAME_SIZE_ERROR],
    ['an even (server) stream id', (peer) => (peer.settings(), peer.headers(2, request(), true)), ErrorCode.PROTOCOL_ERROR],
    ['DATA on a stream never opened', (peer) => (peer.settings(), peer.frame(FrameType.DATA, 0, 5, Buffer.alloc(3))), ErrorCode.PROTOCOL_ERROR],
    ['a header block that HPACK cannot decode', (peer) => (peer.settings(), peer.frame(FrameType.HEADERS, Flag.END_HEADERS, 1, Buffer.from([0x80]))), ErrorCode.COMPRESSION_ERROR],
    [
      'another frame in the middle of a header block',
      (peer) => {
        peer.settings();
        peer.frame(FrameType.HEADERS, 0, 1, peer.block(request()));
        peer.frame(FrameType.PING, 0, 0, Buffer.alloc(8));
      },
      ErrorCode.PROTOCOL_ERROR,
    ],
    [
      'endless CONTINUATION frames',
      (peer) => {
        peer.settings();
        peer.frame(FrameType.HEADERS, 0, 1, peer.block(request()));
        for (let i = 0; i < 20; i += 1) peer.frame(FrameType.CONTINUATION, 0, 1, Buffer.alloc(16_384, 0x40));
      },
      ErrorCode.ENHANCE_YOUR_CALM,
    ],
    [
      'a rapid reset of thousands of streams (CVE-2023-44487)',
      (peer) => {
        peer.settings();
        for (let id = 1; id < 6_000; id += 2) {
          peer.headers(id, request());
          peer.frame(FrameType.RST_STREAM, 0, id, Buffer.from([0, 0, 0, ErrorCode.CANCEL]));
        }
      },
      ErrorCode.ENHANCE_YOUR_CALM,
    ],
    ['PUSH_PROMISE from a client', (peer) => (peer.settings(), peer.frame(FrameType.PUSH_PROMISE, Flag.END_HEADERS, 1, Buffer.alloc(4))), ErrorCode.PROTOCOL_ERROR],
  ])('answers %s with GOAWAY and closes', async (_what, misbehave, code) => {
    const peer = await RawPeer.connect(port);
    peers.push(peer);
    misbehave(peer);
    expect(await peer.goaway()).toMatchObject({ code });
    await peer.next(() => false, 0, 1_000);
    expect(peer.closed).toBe(true);
  });

  it('refuses a connection that does not open with the preface', async () => {
    const peer = await RawPeer.connect(port, false);
    peers.push(peer);
    peer.socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(await peer.goaway()).toMatchObject({ code: ErrorCode.PROTOCOL_ERROR });
    expect(PREFACE.length).toBe(24);
  });

  it.each<[string, (peer: RawPeer) => void, number]>([
    ['an upper-case header name', (peer) => peer.headers(1, { ...request(), 'X-Bad': '1' }, true), ErrorCode.PROTOCOL_ERROR],
    ['a connection-specific header', (peer) => peer.headers(1, { ...request(), connection: 'close' }, true), ErrorCode.PROTOCOL_ERROR],
    ['a request without :path', (peer) => peer.headers(1, { ':method': 'POST', ':scheme': 'http' }, true), ErrorCode.PROTOCOL_ERROR],
    ['a header list over 64 KiB', (peer) => peer.headers(1, { ...request(), 'x-big': 'x'.repeat(70_000) }, true), ErrorCode.ENHANCE_YOUR_CALM],
    ['a stream WINDOW_UPDATE of 0', (peer) => (peer.headers(1, request()), peer.frame(FrameType.WINDOW_UPDATE, 0, 1, Buffer.alloc(4))), ErrorCode.PROTOCOL_ERROR],
  ])('resets a stream with %s and keeps serving the connection', async (_what, misbehave, code) => {
    const peer = await open();
    misbehave(peer);
    expect(await peer.reset(1)).toBe(code);
    expect(await echo(peer, 3)).toBe('call 3');
  });

  it('refuses streams beyond SETTINGS_MAX_CONCURRENT_STREAMS with REFUSED_STREAM', async () => {
    const limited = createGrpcServer({
      services: [echoService()],
      logger: pino({ level: 'silent' }),
      channelOptions: { 'grpc.max_concurrent_streams': 2 },
    });
    const limitedPort = await limited.listen('127.0.0.1', 0);
    const peer = await RawPeer.connect(limitedPort);
    peer.settings();
    const settings = await peer.next((f) => f.type === FrameType.SETTINGS && f.flags === 0);
    expect(settings?.payload.toString('hex')).toContain('000300000002');
    for (const id of [1, 3, 5]) peer.headers(id, request()); // opened, never ended
    expect(await peer.reset(5)).toBe(ErrorCode.REFUSED_STREAM);
    peer.close();
    await limited.shutdown();
  });
});
