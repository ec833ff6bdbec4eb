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

    it('stores a signed-in user’s subscription once per endpoint and checks endpoint and keys', async () => {
      const dora = await h.user('dora.push@example.test');
      const { publicKey } = await h.client.getVapidPublicKey({});
      const browser = h.push.subscribe(publicKey);
      const request = {
        endpoint: browser.endpoint,
        keys: browser.keys,
        expirationTime: undefined,
        actorUserId: dora,
        username: 'dora',
        language: 'en',
        userAgent: 'jest',
      };
      expect((await h.client.subscribe(request)).created).toBe(true);
      const again = await h.client.subscribe({ ...request, username: 'dora2' });
      expect(again).toMatchObject({
        created: false,
        subscription: { username: 'dora2', endpoint: browser.endpoint, userId: dora },
      });
      expect(again.subscription?.keys).toBeUndefined();
      const bad = await failure(
        h.client.subscribe({ ...request, endpoint: 'http://push.example.test/x', keys: { p256dh: 'short', auth: '' } }),
      );
      expect(bad?.violations?.map((v) => v.field)).toEqual(['keys.p256dh', 'keys.auth', 'endpoint']);
      expect((await failure(h.client.subscribe({ ...request, actorUserId: 'u_unknown' })))?.code).toBe(
        GrpcStatus.UNAUTHENTICATED,
      );
      expect(await h.client.unsubscribe({ endpoint: browser.endpoint, actorUserId: dora })).toEqual({ removed: true });
      expect(await h.client.unsubscribe({ endpoint: browser.endpoint, actorUserId: dora })).toEqual({ removed: false });
      expect((await failure(h.client.unsubscribe({ endpoint: '', actorUserId: dora })))?.code).toBe(
        GrpcStatus.INVALID_ARGUMENT,
      );
    });

    it('finding (issue 43): anonymous POST /api/subscribe stored any endpoint; now only a signed-in user’s, to a public https push service', async () => {
      const eve = await h.user('eve.push@example.test');
      const { publicKey } = await h.client.getVapidPublicKey({});
      const keys = h.push.subscribe(publicKey).keys;
      const subscribe = (endpoint: string, actorUserId = eve) =>
        failure(
          h.client.subscribe({
            endpoint,
            keys,
            expirationTime: undefined,
            actorUserId,
            username: '',
            language: 'en',
            userAgent: 'jest',
          }),
        );
      expect((await subscribe('https://fcm.googleapis.com/fcm/send/x', ''))?.code).toBe(GrpcStatus.UNAUTHENTICATED);
      for (const endpoint of [
        'https://10.0.0.1/push',
        'https://169.254.169.254/latest/meta-data',
        'https://[::ffff:127.0.0.1]/x',
        'https://100.64.0.1/x',
        'https://localhost/x',
        'https://push.example.test:8443/x',
        'http://203.0.113.10/x',
      ]) {
        expect([endpoint, (await subscribe(endpoint))?.violations?.map((v) => v.field)]).toEqual([
          endpoint,
          ['endpoint'],
        ]);
      }
    });

    it('finding (issue 43): re-subscribing an endpoint overwrote its owner and anyone could unsubscribe it; now it stays its owner’s', async () => {
      const [owner, other] = [await h.user('owner.push@example.test'), await h.user('other.push@example.test')];
      const browser = await h.browser(owner, 'own');
      const takeover = await failure(
        h.client.subscribe({
          endpoint: browser.endpoint,
          keys: browser.keys,
          expirationTime: undefined,
          actorUserId: other,
          username: 'mine',
          language: 'en',
          userAgent: 'jest',
        }),
      );
      expect(takeover).toMatchObject({ code: GrpcStatus.PERMISSION_DENIED, reason: 'ENDPOINT_OF_ANOTHER_USER' });
      expect(await h.client.unsubscribe({ endpoint: browser.endpoint, actorUserId: other })).toEqual({
        removed: false,
      });
      const { notification } = await h.client.sendTestNotification({
        actorUserId: owner,
        username: '',
        message: 'still mine',
        title: '',
        url: '',
      });
      expect(notification).toMatchObject({ delivered: 1, userId: owner });
    });

    it('sends the test widget’s message to the caller’s own browsers, encrypted for each', async () => {
      const erik = await h.user('erik.push@example.test');
      const [first, second] = [await h.browser(erik, 'erik'), await h.browser(erik, 'erik')];
      const { notification } = await h.client.sendTestNotification({
        actorUserId: erik,
        username: 'erik',
        message: 'Hello from the test widget',
        title: '',
        url: '',
      });
      expect(notification).toMatchObject({
        username: 'erik',
        status: DeliveryStatus.DELIVERY_STATUS_DELIVERED,
        delivered: 2,
        failed: 0,
        title: 'pricecompare',
      });
      for (const browser of [first, second]) {
        const [message] = await h.push.waitFor(browser.id);
        expect(JSON.parse(message?.payload ?? '{}')).toMatchObject({
          title: 'pricecompare',
          body: 'Hello from the test widget',
          url: '/',
        });
      }
      const bad = await failure(
        h.client.sendTestNotification({
          actorUserId: erik,
          username: '',
          message: 'x'.repeat(501),
          title: '',
          url: 'javascript:alert(1)',
        }),
      );
      expect(bad?.violations?.map((v) => v.field)).toEqual(['message', 'url']);
      expect(
        (
          await failure(
            h.client.sendTestNotification({ actorUserId: '', username: 'erik', message: 'hi', title: '', url: '' }),
          )
        )?.code,
      ).toBe(GrpcStatus.UNAUTHENTICATED);
    });

    it('finding (issue 43): the test widget pushed any text to any username and 404 told which exist; now only to the caller’s own', async () => {
      const [victim, mallory] = [await h.user('victim.push@example.test'), await h.user('mallory.push@example.test')];
      const victimsBrowser = await h.browser(victim, 'victim');
      const asMallory = (username: string) =>
        failure(
          h.client.sendTestNotification({ actorUserId: mallory, username, message: 'pwned', title: '', url: '' }),
        );
      // An existing username and an unknown one answer alike; nothing reaches the victim.
      expect(await asMallory('victim')).toMatchObject({ code: GrpcStatus.NOT_FOUND, reason: 'NO_SUBSCRIPTION' });
      expect(await asMallory('nobody-at-all')).toMatchObject({ code: GrpcStatus.NOT_FOUND, reason: 'NO_SUBSCRIPTION' });
      expect(h.push.received(victimsBrowser.id)).toEqual([]);
    });

    it('removes a subscription the push service reports gone (410)', async () => {
      const fritz = await h.user('fritz.push@example.test');
      const browser = await h.browser(fritz, 'fritz');
      h.push.expire(browser.id);
      const send = () =>
        h.client.sendTestNotification({
          actorUserId: fritz,
          username: 'fritz',
          message: 'anyone?',
          title: '',
          url: '',
        });
      expect((await send()).notification).toMatchObject({
        status: DeliveryStatus.DELIVERY_STATUS_FAILED,
        delivered: 0,
        failed: 1,
        error: 'subscription gone (410)',
      });
      expect((await failure(send()))?.reason).toBe('NO_SUBSCRIPTION');
    });

    it('sends at most 10 test notifications a minute per user', async () => {
      const greta = await h.user('greta.push@example.test');
      await h.browser(greta, 'greta');
      for (let i = 0; i < 10; i += 1)
        await h.client.sendTestNotification({
          actorUserId: greta,
          username: 'greta',
          message: `#${i}`,
          title: '',
          url: '',
        });
      const limited = await failure(
        h.client.sendTestNotification({ actorUserId: greta, username: '', message: '#11', title: '', url: '' }),
      );
      expect(limited?.code).toBe(GrpcStatus.RESOURCE_EXHAUSTED);
      expect(limited?.details).toMatch(/retry in \d+ seconds/);
    });
  });
}
