import { status as GrpcStatus } from '@grpc/grpc-js';
import { DeliveryStatus } from '@pc/proto/notifications/v1/types';
import { failure, NotificationsHarness, type EngineAdapters } from './notifications-harness.js';

/** VAPID keys, subscriptions and the test widget, with expired subscriptions removed. */
export function describePushFlows(engine: EngineAdapters): void {
  describe(`notifications web push (${engine.name})`, () => {
    let h: NotificationsHarness;
    beforeAll(async () => {
      h = await NotificationsHarness.start(engine);
    });
    afterAll(() => h.stop());

    it('serves one VAPID public key, generated once and kept', async () => {
      const { publicKey } = await h.client.getVapidPublicKey({});
      expect(publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
      expect(Buffer.from(publicKey, 'base64url')[0]).toBe(4);
      expect((await h.client.getVapidPublicKey({})).publicKey).toBe(publicKey);
    });

    it('stores a subscription once per endpoint and checks endpoint and keys', async () => {
      const { publicKey } = await h.client.getVapidPublicKey({});
      const browser = h.push.subscribe(publicKey);
      const request = { endpoint: browser.endpoint, keys: browser.keys, expirationTime: undefined, actorUserId: '', username: 'dora', language: 'en', userAgent: 'jest' };
      expect((await h.client.subscribe(request)).created).toBe(true);
      const again = await h.client.subscribe({ ...request, username: 'dora2' });
      expect(again).toMatchObject({ created: false, subscription: { username: 'dora2', endpoint: browser.endpoint } });
      expect(again.subscription?.keys).toBeUndefined();
      const bad = await failure(h.client.subscribe({ ...request, endpoint: 'http://push.example.test/x', keys: { p256dh: 'short', auth: '' } }));
      expect(bad?.violations?.map((v) => v.field)).toEqual(['endpoint', 'keys.p256dh', 'keys.auth']);
      expect((await failure(h.client.subscribe({ ...request, actorUserId: 'u_unknown' })))?.code).toBe(GrpcStatus.UNAUTHENTICATED);
      expect(await h.client.unsubscribe({ endpoint: browser.endpoint })).toEqual({ removed: true });
      expect(await h.client.unsubscribe({ endpoint: browser.endpoint })).toEqual({ removed: false });
      expect((await failure(h.client.unsubscribe({ endpoint: '' })))?.code).toBe(GrpcStatus.INVALID_ARGUMENT);
    });

    it('sends the test widget’s message to a username’s browsers, encrypted for each', async () => {
      const [first, second] = [await h.browser('', 'erik'), await h.browser('', 'erik')];
      const { notification } = await h.client.sendTestNotification({ username: 'erik', message: 'Hello from the test widget', title: '', url: '' });
      expect(notification).toMatchObject({ username: 'erik', status: DeliveryStatus.DELIVERY_STATUS_DELIVERED, delivered: 2, failed: 0, title: 'pricecompare' });
      for (const browser of [first, second]) {
        const [message] = await h.push.waitFor(browser.id);
        expect(JSON.parse(message?.payload ?? '{}')).toMatchObject({ title: 'pricecompare', body: 'Hello from the test widget', url: '/' });
      }
      expect(await failure(h.client.sendTestNotification({ username: 'nobody', message: 'hi', title: '', url: '' }))).toMatchObject({ code: GrpcStatus.NOT_FOUND, reason: 'NO_SUBSCRIPTION' });
      const bad = await failure(h.client.sendTestNotification({ username: '', message: 'x'.repeat(501), title: '', url: 'javascript:alert(1)' }));
      expect(bad?.violations?.map((v) => v.field)).toEqual(['username', 'message', 'url']);
    });

    it('removes a subscription the push service reports gone (410)', async () => {
      const browser = await h.browser('', 'fritz');
      h.push.expire(browser.id);
      const { notification } = await h.client.sendTestNotification({ username: 'fritz', message: 'anyone?', title: '', url: '' });
      expect(notification).toMatchObject({ status: DeliveryStatus.DELIVERY_STATUS_FAILED, delivered: 0, failed: 1, error: 'subscription gone (410)' });
      expect((await failure(h.client.sendTestNotification({ username: 'fritz', message: 'anyone?', title: '', url: '' })))?.reason).toBe('NO_SUBSCRIPTION');
    });

    it('sends at most 10 test notifications a minute per username', async () => {
      await h.browser('', 'greta');
      for (let i = 0; i < 10; i += 1) await h.client.sendTestNotification({ username: 'greta', message: `#${i}`, title: '', url: '' });
      const limited = await failure(h.client.sendTestNotification({ username: 'greta', message: '#11', title: '', url: '' }));
      expect(limited?.code).toBe(GrpcStatus.RESOURCE_EXHAUSTED);
      expect(limited?.details).toMatch(/retry in \d+ seconds/);
    });
  });
}
