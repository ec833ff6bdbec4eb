import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import webpush from 'web-push';
import { LocalPushService } from './local-push-service.js';
import { PushEndpointPolicy } from './push-endpoint.js';
import { PushSender } from './push-sender.js';

describe('Web Push delivery to our local push service (RFC 8291 aes128gcm, RFC 8292 VAPID)', () => {
  const vapid = webpush.generateVAPIDKeys();
  const sender = new PushSender({
    vapid,
    subject: 'mailto:ops@pricecompare.test',
    timeoutMs: 5_000,
    endpoints: new PushEndpointPolicy({ allowLocalHttp: true }),
  });
  let push: LocalPushService;
  beforeAll(async () => {
    push = await LocalPushService.start();
  });
  afterAll(() => push.close());

  it('delivers a payload the subscription’s private key decrypts, with a valid VAPID JWT', async () => {
    const subscription = push.subscribe(vapid.publicKey);
    const payload = JSON.stringify({
      title: 'Price drop',
      body: 'Sony WH-1000XM5 now CHF 249.00 — ünïcödé',
      url: '/en-ch/products/p1',
    });
    expect(await sender.send(subscription, payload)).toEqual({ kind: 'delivered' });
    const [message] = await push.waitFor(subscription.id);
    expect(JSON.parse(message?.payload ?? '')).toEqual(JSON.parse(payload));
    expect(message?.vapid).toMatchObject({ aud: push.origin, sub: 'mailto:ops@pricecompare.test' });
    expect(message?.ttl).toBeGreaterThan(0);
  });

  it('delivers a payload near the 4 KB limit', async () => {
    const subscription = push.subscribe(vapid.publicKey);
    const payload = 'x'.repeat(3_900);
    expect(await sender.send(subscription, payload)).toEqual({ kind: 'delivered' });
    expect((await push.waitFor(subscription.id))[0]?.payload).toBe(payload);
  });

  it('is refused when signed with another VAPID key than the subscription’s', async () => {
    const subscription = push.subscribe(webpush.generateVAPIDKeys().publicKey);
    expect(await sender.send(subscription, 'hello')).toEqual({ kind: 'failed', error: 'push service answered 403' });
    expect(push.received(subscription.id)).toEqual([]);
  });

  it('cannot be read with another subscription’s keys', async () => {
    const subscription = push.subscribe(vapid.publicKey);
    const other = push.subscribe(vapid.publicKey);
    expect(await sender.send({ endpoint: subscription.endpoint, keys: other.keys }, 'secret')).toEqual({
      kind: 'failed',
      error: 'push service answered 400',
    });
    expect(push.refused.at(-1)).toMatchObject({ subscriptionId: subscription.id, status: 400 });
  });

  it('reports expired (410) and unknown (404) subscriptions as gone, and an unreachable service as failed', async () => {
    const subscription = push.subscribe(vapid.publicKey);
    push.expire(subscription.id);
    expect(await sender.send(subscription, 'x')).toEqual({ kind: 'gone', status: 410 });
    expect(
      await sender.send({ ...subscription, endpoint: `${push.origin}/push/00000000-0000-0000-0000-000000000000` }, 'x'),
    ).toEqual({ kind: 'gone', status: 404 });
    expect(await sender.send({ ...subscription, endpoint: 'http://127.0.0.1:9/push/x' }, 'x')).toMatchObject({
      kind: 'failed',
    });
  });

  it('finding (issue 43): sending must not follow a redirect (to a private address); it fails and the target is never asked', async () => {
    const asked: string[] = [];
    const listen = (handler: Parameters<typeof createServer>[1]): Promise<Server> =>
      new Promise((resolve) => {
        const server = createServer(handler);
        server.listen(0, '127.0.0.1', () => resolve(server));
      });
    const internal = await listen((request, response) => {
      asked.push(request.url ?? '');
      response.end('internal');
    });
    const redirecting = await listen((_request, response) => {
      response.writeHead(307, { Location: `http://127.0.0.1:${(internal.address() as AddressInfo).port}/admin` });
      response.end();
    });
    try {
      const subscription = push.subscribe(vapid.publicKey);
      const endpoint = `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}/push/x`;
      expect(await sender.send({ endpoint, keys: subscription.keys }, 'x')).toMatchObject({ kind: 'failed' });
      expect(asked).toEqual([]);
    } finally {
      await Promise.all([internal, redirecting].map((server) => new Promise((resolve) => server.close(resolve))));
    }
  });

  it('checks the endpoint again before sending: one the policy refuses is never contacted', async () => {
    const strict = new PushSender({
      vapid,
      subject: 'mailto:ops@pricecompare.test',
      timeoutMs: 5_000,
      endpoints: new PushEndpointPolicy({ allowLocalHttp: false }),
    });
    const subscription = push.subscribe(vapid.publicKey);
    expect(await strict.send(subscription, 'x')).toEqual({
      kind: 'failed',
      error: 'push endpoint refused: must be an https URL of a push service',
    });
    expect(push.received(subscription.id)).toEqual([]);
    expect(push.refused.filter((refusal) => refusal.subscriptionId === subscription.id)).toEqual([]);
  });
});
