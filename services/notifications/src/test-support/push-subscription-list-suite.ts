import { status as GrpcStatus } from '@grpc/grpc-js';
import { failure, NotificationsHarness, type EngineAdapters } from './notifications-harness.js';

/** ListPushSubscriptions: a user's own subscriptions for the copy of their data (ADR 148). */
export function describePushSubscriptionList(engine: EngineAdapters): void {
  describe(`notifications push subscriptions of a user (${engine.name})`, () => {
    let h: NotificationsHarness;
    beforeAll(async () => {
      h = await NotificationsHarness.start(engine);
    });
    afterAll(() => h.stop());

    it('lists the actor’s own subscriptions, newest first, with the push service’s host but no endpoint or keys', async () => {
      const [hanna, ivan] = [await h.user('hanna.list@example.test'), await h.user('ivan.list@example.test')];
      const own = [await h.browser(hanna, 'hanna'), await h.browser(hanna, ''), await h.browser(hanna, 'hanna')];
      const others = await h.browser(ivan, 'ivan');

      const answer = await h.client.listPushSubscriptions({ actorUserId: hanna, page: undefined });
      expect(answer.page).toMatchObject({ page: 1, hitsPerPage: 100, total: 3, pages: 1 });
      expect(answer.subscriptions).toHaveLength(3);
      for (const subscription of answer.subscriptions)
        expect(subscription).toMatchObject({
          endpointHost: new URL(own[0]?.endpoint ?? '').hostname,
          language: 'en',
          userAgent: 'jest',
          createdAt: expect.any(Date),
        });
      expect(answer.subscriptions.map((s) => s.username).sort()).toEqual(['', 'hanna', 'hanna']);
      const created = answer.subscriptions.map((s) => s.createdAt?.getTime() ?? 0);
      expect(created).toEqual([...created].sort((a, b) => b - a));

      const text = JSON.stringify(answer);
      for (const browser of [...own, others]) {
        expect(text).not.toContain(browser.endpoint);
        expect(text).not.toContain(browser.keys.p256dh);
        expect(text).not.toContain(browser.keys.auth);
      }
      expect(text).not.toContain('ivan');

      const ivans = await h.client.listPushSubscriptions({ actorUserId: ivan, page: undefined });
      expect(ivans.subscriptions.map((s) => s.username)).toEqual(['ivan']);
      const none = await h.client.listPushSubscriptions({
        actorUserId: await h.user('jana.list@example.test'),
        page: undefined,
      });
      expect(none).toEqual({
        subscriptions: [],
        page: { page: 1, hitsPerPage: 100, total: 0, pages: 0, totalIsLowerBound: false },
      });
    });

    it('pages the list and refuses a page size over 100, naming the field', async () => {
      const karl = await h.user('karl.list@example.test');
      for (let i = 0; i < 5; i += 1) await h.browser(karl, `karl${i}`);
      const pageOf = (page: number) =>
        h.client.listPushSubscriptions({ actorUserId: karl, page: { page, hitsPerPage: 2 } });
      const pages = [await pageOf(1), await pageOf(2), await pageOf(3), await pageOf(4)];
      expect(pages.map((p) => p.subscriptions.length)).toEqual([2, 2, 1, 0]);
      expect(pages[0]?.page).toMatchObject({ total: 5, pages: 3, hitsPerPage: 2 });
      const names = pages.flatMap((p) => p.subscriptions.map((s) => s.username));
      expect(names.sort()).toEqual(['karl0', 'karl1', 'karl2', 'karl3', 'karl4']);

      const tooMany = await failure(
        h.client.listPushSubscriptions({ actorUserId: karl, page: { page: 1, hitsPerPage: 101 } }),
      );
      expect(tooMany).toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT });
      expect(tooMany?.violations?.map((v) => v.field)).toEqual(['page.hits_per_page']);
    });

    it('answers UNAUTHENTICATED without an actor, or for an unknown one', async () => {
      for (const actorUserId of ['', 'u_unknown'])
        expect((await failure(h.client.listPushSubscriptions({ actorUserId, page: undefined })))?.code).toBe(
          GrpcStatus.UNAUTHENTICATED,
        );
    });
  });
}
