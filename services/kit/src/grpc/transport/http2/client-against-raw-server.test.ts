import type { Server } from 'node:net';
import { status as GrpcStatus } from '@grpc/grpc-js';
import { EchoRequest, EchoResponse, EchoServiceService } from '@pc/proto/testing/v1/echo';
import { eventually } from '../../../testing/eventually.js';
import { closeAllChannels } from '../../channel-pool.js';
import { createServiceClient } from '../../client.js';
import { ErrorCode, Flag, FrameType, Setting } from './protocol.js';
import { RawPeer, type SeenFrame } from './testing/raw-peer.js';

// The kit client against a hand-driven HTTP/2 server: it must honour the server's SETTINGS
// (stream limit, windows), GOAWAY, and refuse malformed or oversized responses.

const echoRequest = (message: string): EchoRequest => ({ message, tags: [], amountMinor: 0, failWith: '', delayMs: 0 });
const requestOn = (f: SeenFrame): boolean => f.type === FrameType.HEADERS && f.headers?.[':path'] !== undefined;

function answer(peer: RawPeer, streamId: number, message: string): void {
  peer.headers(streamId, { ':status': '200', 'content-type': 'application/grpc' });
  peer.message(streamId, Buffer.from(EchoResponse.encode({ message, tags: [], amountMinor: 0, traceId: '' }).finish()), false);
  peer.headers(streamId, { 'grpc-status': '0' }, true);
}

describe('the kit client against a raw HTTP/2 server', () => {
  const peers: RawPeer[] = [];
  let server: Server;
  let address: string;
  let settings: [number, number][] = [];

  beforeAll(async () => {
    const listening = await RawPeer.listen((peer) => {
      peers.push(peer);
      peer.settings(settings);
    });
    server = listening.server;
    address = `127.0.0.1:${listening.port}`;
  });

  afterEach(() => {
    closeAllChannels();
    for (const peer of peers.splice(0)) peer.close();
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const client = () => createServiceClient(EchoServiceService, address, { deadlineMs: 2_000 });

  const peerNumber = (index: number): Promise<RawPeer> => eventually(() => peers[index]);

  /**
   * A first call, so the client has the server's SETTINGS before the calls under test. It answers
   * only once the peer has parsed the request: otherwise, on a loaded machine, the client can read
   * the answer before the peer reads the request, and the warm-up's HEADERS land among the frames
   * of the test that follows.
   */
  async function warmUp(): Promise<RawPeer> {
    const call = client().echo(echoRequest('warm-up'));
    const peer = await peerNumber(0);
    expect(await peer.next((f) => requestOn(f) && f.streamId === 1)).toBeDefined();
    answer(peer, 1, 'warm-up');
    await call;
    return peer;
  }

  it('queues calls beyond the server\'s SETTINGS_MAX_CONCURRENT_STREAMS', async () => {
    settings = [[Setting.MAX_CONCURRENT_STREAMS, 1]];
    const peer = await warmUp();
    const from = peer.frames.length;
    const first = client().echo(echoRequest('a'));
    const second = client().echo(echoRequest('b'));
    await peer.next(() => false, 0, 100);
    expect(peer.frames.slice(from).filter(requestOn).map((f) => f.streamId)).toEqual([3]);
    answer(peer, 3, 'a');
    expect(await peer.next((f) => requestOn(f) && f.streamId === 5, from)).toBeDefined();
    answer(peer, 5, 'b');
    await expect(Promise.all([first, second])).resolves.toMatchObject([{ message: 'a' }, { message: 'b' }]);
    settings = [];
  });

  it('fails calls a GOAWAY says were never processed with UNAVAILABLE, and opens a new connection', async () => {
    const peer = await warmUp();
    const kept = client().echo(echoRequest('kept'));
    const dropped = client().echo(echoRequest('dropped'));
    await peer.next(() => false, 0, 100);
    const goaway = Buffer.alloc(8);
    goaway.writeUInt32BE(3, 0);
    peer.frame(FrameType.GOAWAY, 0, 0, goaway);
    await expect(dropped).rejects.toMatchObject({ code: GrpcStatus.UNAVAILABLE });
    answer(peer, 3, 'kept');
    await expect(kept).resolves.toMatchObject({ message: 'kept' });

    const after = client().echo(echoRequest('after'));
    const second = await peerNumber(1);
    expect(await second.next((f) => requestOn(f) && f.streamId === 1)).toBeDefined();
    expect(peers).toHaveLength(2);
    answer(second, 1, 'after');
    await expect(after).resolves.toMatchObject({ message: 'after' });
  });

  it('sends no more request DATA than the server\'s stream window allows', async () => {
    settings = [[Setting.INITIAL_WINDOW_SIZE, 100]];
    const peer = await warmUp();
    const from = peer.frames.length;
    const call = client().echo(echoRequest('x'.repeat(1_000)));
    await peer.next(() => false, 0, 100);
    const sent = () => peer.frames.slice(from).filter((f) => f.type === FrameType.DATA).reduce((sum, f) => sum + f.payload.length, 0);
    expect(sent()).toBe(100);
    peer.frame(FrameType.WINDOW_UPDATE, 0, 3, Buffer.from([0, 0, 0x10, 0]));
    const last = await peer.next((f) => f.type === FrameType.DATA && (f.flags & Flag.END_STREAM) !== 0, from);
    expect(last).toBeDefined();
    expect(EchoRequest.decode(Buffer.concat(peer.frames.slice(from).filter((f) => f.type === FrameType.DATA).map((f) => f.payload)).subarray(5)).message).toHaveLength(1_000);
    answer(peer, 3, 'done');
    await expect(call).resolves.toMatchObject({ message: 'done' });
    settings = [];
  });

  it('keeps the header blocks of concurrent calls apart, large ones included', async () => {
    const peer = await warmUp();
    const from = peer.frames.length;
    const calls = ['a', 'b', 'c'].map((letter) => client().echo(echoRequest(letter), { metadata: { 'x-big': letter.repeat(6_000) } }));
    await peer.next(() => false, 0, 100);
    const requests = peer.frames.slice(from).filter(requestOn);
    expect(requests.map((f) => [f.streamId, f.headers?.['x-big']])).toEqual([
      [3, 'a'.repeat(6_000)],
      [5, 'b'.repeat(6_000)],
      [7, 'c'.repeat(6_000)],
    ]);
    ['a', 'b', 'c'].forEach((letter, i) => answer(peer, 3 + 2 * i, letter));
    await expect(Promise.all(calls)).resolves.toMatchObject([{ message: 'a' }, { message: 'b' }, { message: 'c' }]);
  });

  it('sends a header block larger than a frame as HEADERS and CONTINUATION frames', async () => {
    const peer = await warmUp();
    const from = peer.frames.length;
    const call = client().echo(echoRequest('big'), { metadata: { 'x-big': 'z'.repeat(40_000) } });
    const headers = await peer.next((f) => requestOn(f), from);
    expect(headers?.headers?.['x-big']).toBe('z'.repeat(40_000));
    answer(peer, 3, 'big');
    await expect(call).resolves.toMatchObject({ message: 'big' });
  });

  it.each<[string, Record<string, string>, GrpcStatus, number]>([
    ['a response header list over 64 KiB', { ':status': '200', 'content-type': 'application/grpc', 'x-big': 'x'.repeat(70_000) }, GrpcStatus.RESOURCE_EXHAUSTED, ErrorCode.ENHANCE_YOUR_CALM],
    ['a response with an upper-case header name', { ':status': '200', 'content-type': 'application/grpc', 'X-Bad': '1' }, GrpcStatus.INTERNAL, ErrorCode.PROTOCOL_ERROR],
    ['a response without :status', { 'content-type': 'application/grpc' }, GrpcStatus.INTERNAL, ErrorCode.PROTOCOL_ERROR],
  ])('refuses %s and resets only that stream', async (_what, headers, code, rstCode) => {
    const peer = await warmUp();
    const from = peer.frames.length;
    const call = client().echo(echoRequest('x'));
    await peer.next((f) => requestOn(f), from);
    peer.headers(3, headers);
    await expect(call).rejects.toMatchObject({ code });
    expect(await peer.reset(3)).toBe(rstCode);
    const next = client().echo(echoRequest('next'));
    await peer.next((f) => requestOn(f) && f.streamId === 5, from);
    answer(peer, 5, 'next');
    await expect(next).resolves.toMatchObject({ message: 'next' });
  });
});
