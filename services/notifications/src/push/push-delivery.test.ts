import webpush from 'web-push';
import { LocalPushService } from './local-push-service.js';
import { PushSender } from './push-sender.js';

describe('Web Push delivery to our local push service (RFC 8291 aes128gcm, RFC 8292 VAPID)', () => {
  const vapid = webpush.generateVAPIDKeys();
  const sender = new PushSender({ vapid, subject: 'mailto:ops@pricecompare.test', timeoutMs: 5_000 });
  let push: LocalPushService;
  beforeAll(async () => {
    push = await LocalPushService.start();
  });
  afterAll(() => push.close());

  it('delivers a payload the subscription’s private key decrypts, with a valid VAPID JWT', async () => {
    const subscription = push.subscribe(vapid.publicKey);
    const payload = JSON.stringify({ title: 'Price drop', body: 'Sony WH-1000XM5 now CHF 249.00 — ünïcödé', url: '/en-ch/products/p1' });
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
    expect(await sender.send({ endpoint: subscription.endpoint, keys: other.keys }, 'secret')).toEqual({ kind: 'failed', error: 'push service answered 400' });
    expect(push.refused.at(-1)).toMatchObject({ subscriptionId: subscription.id, status: 400 });
  });

  it('reports expired (410) and unknown (404) subscriptions as gone, and an unreachable service as failed', async () => {
    const subscription = push.subscribe(vapid.publicKey);
    push.expire(subscription.id);
    expect(await sender.send(subscription, 'x')).toEqual({ kind: 'gone', status: 410 });
    expect(await sender.send({ ...subscription, endpoint: `${push.origin}/push/00000000-0000-0000-0000-000000000000` }, 'x')).toEqual({ kind: 'gone', status: 404 });
    expect(await sender.send({ ...subscription, endpoint: 'http://127.0.0.1:9/push/x' }, 'x')).toMatchObject({ kind: 'failed' });
  });
});
