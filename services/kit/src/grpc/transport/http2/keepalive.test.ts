import type { Server } from 'node:net';
import { status as GrpcStatus } from '@grpc/grpc-js';
import { EchoServiceService } from '@pc/proto/testing/v1/echo';
import { Channel } from '../channel.js';
import { callUnary } from '../client-call.js';
import { transportSettings } from '../transport-settings.js';
import { Flag, FrameType } from './protocol.js';
import { RawPeer } from './testing/raw-peer.js';

// A server host that vanished without closing its sockets answers nothing, not even PINGs:
// keepalive must fail the calls on that connection long before their deadlines.

describe('client keepalive', () => {
  let server: Server;
  let port: number;
  const peers: RawPeer[] = [];

  beforeAll(async () => {
    ({ server, port } = await RawPeer.listen((peer) => {
      peers.push(peer);
      peer.settings();
      // The first connection answers its PINGs, later ones never do.
      if (peers.length > 1) return;
      let answered = 0;
      peer.socket.on('data', () => {
        const pings = peer.frames.filter((f) => f.type === FrameType.PING && f.flags === 0);
        for (const ping of pings.slice(answered)) peer.frame(FrameType.PING, Flag.ACK, 0, ping.payload);
        answered = pings.length;
      });
    }));
  });

  afterAll(async () => {
    for (const peer of peers) peer.close();
    await new Promise((resolve) => server.close(resolve));
  });

  const call = (channel: Channel) =>
    callUnary(channel, EchoServiceService.echo, { message: 'x', tags: [], amountMinor: 0, failWith: '', delayMs: 0 }, {
      deadline: Date.now() + 5_000,
      maxReceiveLength: 1024,
    });

  it('fails calls with UNAVAILABLE when PINGs go unanswered, and keeps a connection whose PINGs are answered', async () => {
    const settings = { ...transportSettings(), keepaliveTimeMs: 100, keepaliveTimeoutMs: 100 };
    const healthy = new Channel(`127.0.0.1:${port}`, settings);
    const waiting = call(healthy).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const pings = peers[0]?.frames.filter((f) => f.type === FrameType.PING && f.flags === 0).length ?? 0;
    expect(pings).toBeGreaterThanOrEqual(2);
    expect(peers[0]?.closed).toBe(false);

    const started = Date.now();
    const dead = new Channel(`127.0.0.1:${port}`, settings);
    await expect(call(dead)).rejects.toMatchObject({ code: GrpcStatus.UNAVAILABLE });
    expect(Date.now() - started).toBeLessThan(1_000);

    healthy.close();
    peers[0]?.close();
    await expect(waiting).resolves.toMatchObject({ code: GrpcStatus.UNAVAILABLE });
  });
});
