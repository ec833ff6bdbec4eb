import { status as GrpcStatus } from '@grpc/grpc-js';
import { AlertKind, AlertState, Channel, DeliveryStatus } from '@pc/proto/notifications/v1/types';
import { eventually, failure, NotificationsHarness, type EngineAdapters } from './notifications-harness.js';

const chf = (amountMinor: number) => ({ amountMinor, currency: 'CHF' });

/** Price alerts end to end: ProductPriceChanged on the bus → evaluation → firing → Web Push to our local push service. */
export function describeAlertFlows(engine: EngineAdapters): void {
  describe(`notifications price alerts (${engine.name})`, () => {
    let h: NotificationsHarness;
    let anna = '';
    let ben = '';
    beforeAll(async () => {
      h = await NotificationsHarness.start(engine);
      anna = await h.user('anna.alerts@example.test');
      ben = await h.user('ben.alerts@example.test', 'de');
    });
    afterAll(() => h.stop());
    const create = (fields: Record<string, unknown>) =>
      h.client.createPriceAlert({
        actorUserId: anna,
        productId: 'p1',
        country: 'CH',
        kind: AlertKind.ALERT_KIND_TARGET_PRICE,
        targetPrice: undefined,
        dropPercent: 0,
        rearmAutomatically: false,
        channels: [],
        ...fields,
      });

    it('fires once on crossing, pushes an encrypted notification that decrypts to the alert, and not again below the target', async () => {
      const browser = await h.browser(anna);
      h.setPrice('p1', 'CH', { lowest: 30_000, inStock: 0 });
      const created = await create({ targetPrice: chf(25_000) });
      expect(created).toMatchObject({
        firedOnCreation: false,
        alert: { state: AlertState.ALERT_STATE_ARMED, lastPrice: chf(30_000), targetPrice: chf(25_000) },
      });
      const stock = await create({ kind: AlertKind.ALERT_KIND_BACK_IN_STOCK });
      await h.priceChanged('p1', 'CH', { lowest: 26_000, inStock: 0 });
      await h.priceChanged('p1', 'CH', { lowest: 24_000, inStock: 0 });
      const [pushed] = await h.push.waitFor(browser.id, 1);
      expect(JSON.parse(pushed?.payload ?? '{}')).toMatchObject({
        title: 'Price alert',
        body: 'The price is now CHF 240.00 (your target: CHF 250.00).',
        url: '/en-ch/products/p1',
      });
      const alert = (await h.client.getPriceAlert({ actorUserId: anna, alertId: created.alert?.id ?? '' })).alert;
      expect(alert).toMatchObject({ state: AlertState.ALERT_STATE_FIRED, lastPrice: chf(24_000) });
      // Below the target again, then back in stock: only the stock alert fires (same product: events in order).
      await h.priceChanged('p1', 'CH', { lowest: 23_000, inStock: 0 });
      await h.priceChanged('p1', 'CH', { lowest: 22_500, inStock: 2 });
      const both = await h.push.waitFor(browser.id, 2);
      expect(JSON.parse(both[1]?.payload ?? '{}').body).toBe('Back in stock.');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(h.push.received(browser.id)).toHaveLength(2);
      const { firings } = await h.client.listAlertFirings({
        actorUserId: anna,
        alertId: created.alert?.id ?? '',
        page: undefined,
      });
      expect(firings).toEqual([
        expect.objectContaining({
          price: chf(24_000),
          previousPrice: chf(26_000),
          deliveryStatus: DeliveryStatus.DELIVERY_STATUS_DELIVERED,
          kind: AlertKind.ALERT_KIND_TARGET_PRICE,
        }),
      ]);
      const all = await h.client.listAlertFirings({ actorUserId: anna, alertId: '', page: undefined });
      expect(all.firings.map((f) => f.alertId)).toEqual([stock.alert?.id, created.alert?.id]);
      const log = await h.client.listNotifications({ actorUserId: anna, userId: '', username: '', page: undefined });
      expect(log.notifications.map((n) => [n.status, n.delivered])).toEqual([
        [DeliveryStatus.DELIVERY_STATUS_DELIVERED, 1],
        [DeliveryStatus.DELIVERY_STATUS_DELIVERED, 1],
      ]);
    });

    it('fires at creation when the condition already holds, and says so', async () => {
      const browser = await h.browser(ben);
      h.setPrice('p2', 'DE', { lowest: 9_000, currency: 'EUR' });
      const created = await h.client.createPriceAlert({
        actorUserId: ben,
        productId: 'p2',
        country: 'de',
        kind: AlertKind.ALERT_KIND_TARGET_PRICE,
        targetPrice: { amountMinor: 10_000, currency: 'EUR' },
        dropPercent: 0,
        rearmAutomatically: false,
        channels: [],
      });
      expect(created).toMatchObject({
        firedOnCreation: true,
        alert: { state: AlertState.ALERT_STATE_FIRED, country: 'DE' },
      });
      const [message] = await h.push.waitFor(browser.id, 1);
      expect(JSON.parse(message?.payload ?? '{}')).toMatchObject({ title: 'Preisalarm', url: '/de-de/products/p2' });
      // A new, lower target re-arms it; the next crossing fires again.
      const lowered = await h.client.updatePriceAlert({
        actorUserId: ben,
        alertId: created.alert?.id ?? '',
        expectedVersion: created.alert?.version ?? 0,
        targetPrice: { amountMinor: 8_000, currency: 'EUR' },
        dropPercent: undefined,
        rearmAutomatically: undefined,
        replaceChannels: false,
        channels: [],
        state: 0,
      });
      expect(lowered.alert?.state).toBe(AlertState.ALERT_STATE_ARMED);
      expect(
        (
          await failure(
            h.client.updatePriceAlert({
              actorUserId: ben,
              alertId: created.alert?.id ?? '',
              expectedVersion: 1,
              targetPrice: undefined,
              dropPercent: undefined,
              rearmAutomatically: undefined,
              replaceChannels: false,
              channels: [],
              state: 0,
            }),
          )
        )?.code,
      ).toBe(GrpcStatus.ABORTED);
      await h.priceChanged('p2', 'DE', { lowest: 7_900, currency: 'EUR' });
      await h.push.waitFor(browser.id, 2);
    });

    it('fires a percentage drop against the price at creation, and re-arms by itself when asked to', async () => {
      const browser = await h.browser(anna);
      h.setPrice('p3', 'CH', { lowest: 10_000 });
      const drop = await create({
        productId: 'p3',
        kind: AlertKind.ALERT_KIND_PERCENTAGE_DROP,
        dropPercent: 10,
        rearmAutomatically: true,
      });
      expect(drop.alert).toMatchObject({ referencePrice: chf(10_000), dropPercent: 10 });
      await h.priceChanged('p3', 'CH', { lowest: 9_100 });
      await h.priceChanged('p3', 'CH', { lowest: 9_000 });
      await h.push.waitFor(browser.id, 1);
      // Back up: it re-arms with the new price as reference; 10 % below that fires again.
      await h.priceChanged('p3', 'CH', { lowest: 9_500 });
      const rearmed = await eventually(async () => {
        const alert = (await h.client.getPriceAlert({ actorUserId: anna, alertId: drop.alert?.id ?? '' })).alert;
        return alert?.state === AlertState.ALERT_STATE_ARMED ? alert : undefined;
      });
      expect(rearmed.referencePrice).toEqual(chf(9_500));
      await h.priceChanged('p3', 'CH', { lowest: 8_550 });
      await h.push.waitFor(browser.id, 2);
      expect(
        (await h.client.listAlertFirings({ actorUserId: anna, alertId: drop.alert?.id ?? '', page: undefined }))
          .firings,
      ).toHaveLength(2);
    });

    it('pauses and resumes; a paused alert does not fire', async () => {
      h.setPrice('p4', 'CH', { lowest: 5_000 });
      const created = await create({ productId: 'p4', targetPrice: chf(4_000) });
      const paused = await h.client.updatePriceAlert({
        actorUserId: anna,
        alertId: created.alert?.id ?? '',
        expectedVersion: 0,
        targetPrice: undefined,
        dropPercent: undefined,
        rearmAutomatically: undefined,
        replaceChannels: false,
        channels: [],
        state: AlertState.ALERT_STATE_PAUSED,
      });
      expect(paused.alert?.state).toBe(AlertState.ALERT_STATE_PAUSED);
      await h.priceChanged('p4', 'CH', { lowest: 3_000 });
      await h.priceChanged('p1', 'CH', { lowest: 22_400, inStock: 2 });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(
        (await h.client.listAlertFirings({ actorUserId: anna, alertId: created.alert?.id ?? '', page: undefined }))
          .firings,
      ).toEqual([]);
      const resumed = await h.client.updatePriceAlert({
        actorUserId: anna,
        alertId: created.alert?.id ?? '',
        expectedVersion: 0,
        targetPrice: undefined,
        dropPercent: undefined,
        rearmAutomatically: undefined,
        replaceChannels: false,
        channels: [],
        state: AlertState.ALERT_STATE_ARMED,
      });
      expect(resumed.alert?.state).toBe(AlertState.ALERT_STATE_FIRED);
    });

    it('e-mails an alert through the mail port when the alert asks for e-mail', async () => {
      h.setPrice('p5', 'CH', { lowest: 2_000 });
      await create({ productId: 'p5', targetPrice: chf(1_500), channels: [Channel.CHANNEL_EMAIL] });
      await h.priceChanged('p5', 'CH', { lowest: 1_490 });
      const mail = await eventually(() => h.mail.latest('anna.alerts@example.test', 'price-alert'));
      expect(mail.subject).toBe('Price alert');
      expect(mail.text).toContain('CHF 14.90');
      expect(mail.text).toContain('/en-ch/products/p5');
    });

    it('checks every input and refuses duplicates', async () => {
      const bad = await failure(create({ productId: '', country: 'Switzerland', kind: 9 }));
      expect(bad?.violations?.map((v) => v.field)).toEqual(['product_id', 'country', 'kind']);
      expect(
        (await failure(create({ productId: 'p6', kind: AlertKind.ALERT_KIND_PERCENTAGE_DROP, dropPercent: 100 })))
          ?.violations,
      ).toEqual([expect.objectContaining({ field: 'drop_percent' })]);
      expect((await failure(create({ productId: 'p6', targetPrice: chf(0) })))?.violations).toEqual([
        expect.objectContaining({ field: 'target_price.amount_minor' }),
      ]);
      expect((await failure(create({ productId: 'p6', targetPrice: undefined })))?.violations).toEqual([
        expect.objectContaining({ field: 'target_price', rule: 'required' }),
      ]);
      h.setPrice('p6', 'CH', { lowest: 1_000 });
      expect(
        (await failure(create({ productId: 'p6', targetPrice: { amountMinor: 500, currency: 'EUR' } })))?.violations,
      ).toEqual([expect.objectContaining({ field: 'target_price.currency' })]);
      await create({ productId: 'p6', targetPrice: chf(500) });
      expect(await failure(create({ productId: 'p6', targetPrice: chf(400) }))).toMatchObject({
        code: GrpcStatus.ALREADY_EXISTS,
        reason: 'ALERT_EXISTS',
      });
    });

    it('finding (issue 43): alert country ZZ and a target currency the country has no offers in were accepted; now refused', async () => {
      const zz = await failure(create({ productId: 'p8', country: 'ZZ', targetPrice: chf(100) }));
      expect(zz?.violations).toEqual([
        expect.objectContaining({
          field: 'country',
          rule: 'in',
          reason: 'must be a country prices are compared in: CH, DE, FR, GB',
        }),
      ]);
      // No offer for p8 in GB yet: the country's currency still decides.
      const usd = await failure(
        create({ productId: 'p8', country: 'GB', targetPrice: { amountMinor: 500, currency: 'USD' } }),
      );
      expect(usd?.violations).toEqual([
        expect.objectContaining({ field: 'target_price.currency', reason: "must be the country's currency GBP" }),
      ]);
      const created = await create({
        productId: 'p8',
        country: 'GB',
        targetPrice: { amountMinor: 500, currency: 'GBP' },
      });
      const change = {
        actorUserId: anna,
        alertId: created.alert?.id ?? '',
        expectedVersion: 0,
        dropPercent: undefined,
        rearmAutomatically: undefined,
        replaceChannels: false,
        channels: [],
        state: 0,
      };
      expect((await failure(h.client.updatePriceAlert({ ...change, targetPrice: chf(400) })))?.violations).toEqual([
        expect.objectContaining({ field: 'target_price.currency' }),
      ]);
      const { alerts } = await h.client.listPriceAlerts({
        actorUserId: anna,
        productId: 'p8',
        country: '',
        states: [],
        page: undefined,
      });
      expect(alerts.map((alert) => [alert.country, alert.targetPrice])).toEqual([
        ['GB', { amountMinor: 500, currency: 'GBP' }],
      ]);
    });

    it('never shows or changes another user’s alerts, firings or notifications', async () => {
      const { alerts } = await h.client.listPriceAlerts({
        actorUserId: anna,
        productId: 'p1',
        country: '',
        states: [],
        page: undefined,
      });
      const annas = alerts[0]?.id ?? '';
      expect(alerts).toHaveLength(2);
      expect((await failure(h.client.getPriceAlert({ actorUserId: ben, alertId: annas })))?.code).toBe(
        GrpcStatus.NOT_FOUND,
      );
      expect((await failure(h.client.deletePriceAlert({ actorUserId: ben, alertId: annas })))?.code).toBe(
        GrpcStatus.NOT_FOUND,
      );
      expect(
        (
          await failure(
            h.client.updatePriceAlert({
              actorUserId: ben,
              alertId: annas,
              expectedVersion: 0,
              targetPrice: undefined,
              dropPercent: undefined,
              rearmAutomatically: undefined,
              replaceChannels: false,
              channels: [],
              state: AlertState.ALERT_STATE_PAUSED,
            }),
          )
        )?.code,
      ).toBe(GrpcStatus.NOT_FOUND);
      expect(
        (await failure(h.client.listAlertFirings({ actorUserId: ben, alertId: annas, page: undefined })))?.code,
      ).toBe(GrpcStatus.NOT_FOUND);
      expect(
        (await failure(h.client.listNotifications({ actorUserId: ben, userId: anna, username: '', page: undefined })))
          ?.code,
      ).toBe(GrpcStatus.PERMISSION_DENIED);
      expect(
        (
          await failure(
            h.client.listPriceAlerts({ actorUserId: '', productId: '', country: '', states: [], page: undefined }),
          )
        )?.code,
      ).toBe(GrpcStatus.UNAUTHENTICATED);
      expect(
        (
          await failure(
            h.client.listPriceAlerts({
              actorUserId: 'u_nobody',
              productId: '',
              country: '',
              states: [],
              page: undefined,
            }),
          )
        )?.code,
      ).toBe(GrpcStatus.UNAUTHENTICATED);
      const fired = await h.client.listPriceAlerts({
        actorUserId: anna,
        productId: '',
        country: 'ch',
        states: [AlertState.ALERT_STATE_FIRED],
        page: undefined,
      });
      expect(fired.alerts.every((a) => a.state === AlertState.ALERT_STATE_FIRED && a.userId === anna)).toBe(true);
      await h.client.deletePriceAlert({ actorUserId: anna, alertId: annas });
      expect((await failure(h.client.deletePriceAlert({ actorUserId: anna, alertId: annas })))?.code).toBe(
        GrpcStatus.NOT_FOUND,
      );
    });

    it('erases a deleted account’s alerts and push subscriptions (AccountDeleted)', async () => {
      const carl = await h.user('carl.alerts@example.test');
      const browser = await h.browser(carl, 'carl');
      h.setPrice('p7', 'CH', { lowest: 1_000 });
      await h.client.createPriceAlert({
        actorUserId: carl,
        productId: 'p7',
        country: 'CH',
        kind: AlertKind.ALERT_KIND_TARGET_PRICE,
        targetPrice: chf(500),
        dropPercent: 0,
        rearmAutomatically: false,
        channels: [],
      });
      await h.accounts.deleteAccount({ actorUserId: carl, userId: '', password: 'secret-pass', confirm: true });
      // Once erased, the browser's endpoint belongs to no one: another user may subscribe it.
      const dana = await h.user('dana.alerts@example.test');
      const claim = () =>
        h.client.subscribe({
          endpoint: browser.endpoint,
          keys: browser.keys,
          expirationTime: undefined,
          actorUserId: dana,
          username: '',
          language: 'en',
          userAgent: 'jest',
        });
      await eventually(
        async () =>
          (await claim().then(
            (answer) => answer.created,
            () => false,
          )) === true,
      );
      await h.priceChanged('p7', 'CH', { lowest: 400 });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(h.push.received().filter((m) => m.payload.includes('CHF 4.00'))).toEqual([]);
    });
  });
}
