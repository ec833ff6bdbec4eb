import { PaymentStatus, SubscriptionStatus, InvoiceStatus } from '@pc/proto/billing/v1/types';
import { ShopStatus, SuspensionReason } from '@pc/proto/offers/v1/types';
import { eventually } from '@pc/kit/testing/eventually';
import { BillingHarness, SITE } from './test-support/billing-harness.js';
import { TestClockPages } from './test-support/local-test-clock-pages.js';

/** How long to wait for asynchronous effects (webhooks, events) on a busy machine. */
const PATIENCE = 20_000;
jest.setTimeout(120_000);

const RETURN = `${SITE}/business/billing/return`;

describe('billing: renewals on the local provider’s test clock, the unpaid grace period and the way back', () => {
  let h: BillingHarness;
  let pages: TestClockPages;
  beforeAll(async () => {
    h = await BillingHarness.start();
    pages = new TestClockPages(h.app.httpUrl());
  });
  afterAll(() => h.stop());

  const shopOf = async (owner: string, shopId: string) =>
    (await h.offers.getShop({ shopId, actorUserId: owner })).shop!;
  const subscriptionOf = async (owner: string) =>
    (await h.billing.getSubscription({ actorUserId: owner, userId: '' })).subscription!;
  const unpaidInvoices = async (owner: string) =>
    (await h.billing.listInvoices({ actorUserId: owner, userId: '', unpaidOnly: true, page: undefined })).invoices;

  it('a renewal the card declines: PAST_DUE with the unpaid invoice (shop still listed), UNPAID after the grace period (shop suspended), a new card pays it (shop back)', async () => {
    const owner = await h.businessUser('rita@renewing-shop.test');
    const shopId = await h.registerShop(owner, 'renewing-shop.test');
    await h.addCard(owner, '4242 4242 4242 4242');
    const started = await h.startMonthly(owner, shopId, RETURN);
    expect(started.payment?.status).toBe(PaymentStatus.PAYMENT_STATUS_SUCCEEDED);
    await eventually(
      async () => (await shopOf(owner, shopId)).status === ShopStatus.SHOP_STATUS_PENDING_ACTIVATION,
      PATIENCE,
    );
    const firstPeriodEnd = started.subscription!.currentPeriodEnd!;

    const customerId = await pages.customerOf('rita@renewing-shop.test', 'owner@renewing-shop.test');
    const declining = await pages.post(customerId, 'decline', {});
    expect(declining.status).toBe(303);
    expect(declining.html).toContain('The card ending in 4242 declines every charge from now on.');

    const renewed = await pages.post(customerId, 'advance', { by: 'period_end' });
    expect(renewed.status).toBe(303);
    expect(renewed.html).toMatch(/The clock moved to .* \(1 step of billing on the way\)\./);
    const pastDue = await eventually(async () => {
      const subscription = await subscriptionOf(owner);
      return subscription.status === SubscriptionStatus.SUBSCRIPTION_STATUS_PAST_DUE ? subscription : undefined;
    }, PATIENCE);
    // The subscription moved onto the next period; its invoice is the unpaid one.
    expect(pastDue.currentPeriodStart).toEqual(firstPeriodEnd);
    // The first period's invoice may still read as open until its payment's webhook is applied
    // (a busy machine): waited for until the renewal's is the one unpaid invoice.
    const [unpaid] = await eventually(async () => {
      const invoices = await unpaidInvoices(owner);
      return invoices.length === 1 && invoices[0]?.periodStart?.getTime() === firstPeriodEnd.getTime()
        ? invoices
        : undefined;
    }, PATIENCE);
    expect(unpaid).toMatchObject({
      status: InvoiceStatus.INVOICE_STATUS_OPEN,
      amountDue: { amountMinor: 5_297, currency: 'CHF' },
      periodStart: firstPeriodEnd,
    });
    const pastDueEvent = await eventually(
      () =>
        h.events.subscriptionChanged.find(
          (e) => e.userId === owner && e.status === SubscriptionStatus.SUBSCRIPTION_STATUS_PAST_DUE,
        ),
      PATIENCE,
    );
    expect(pastDueEvent.shopIds).toEqual([shopId]);
    // Listed while the provider retries.
    expect((await shopOf(owner, shopId)).status).toBe(ShopStatus.SHOP_STATUS_PENDING_ACTIVATION);

    const graceOver = await pages.post(customerId, 'advance', { by: 'days', days: '16' });
    expect(graceOver.status).toBe(303);
    expect(graceOver.html).toMatch(/data-subscription="[^"]+" data-status="unpaid"/);
    await eventually(
      () =>
        h.events.subscriptionChanged.find(
          (e) => e.userId === owner && e.status === SubscriptionStatus.SUBSCRIPTION_STATUS_UNPAID,
        ),
      PATIENCE,
    );
    const suspended = await eventually(async () => {
      const shop = await shopOf(owner, shopId);
      return shop.status === ShopStatus.SHOP_STATUS_SUSPENDED ? shop : undefined;
    }, PATIENCE);
    expect(suspended.suspensionReason).toBe(SuspensionReason.SUSPENSION_REASON_PAYMENT);
    expect((await subscriptionOf(owner)).status).toBe(SubscriptionStatus.SUBSCRIPTION_STATUS_UNPAID);

    // UpdatePaymentMethod with a new card retries the unpaid invoice at once.
    const replaced = await h.addCard(owner, '5555 5555 5555 4444');
    expect(replaced.payment?.status).toBe(PaymentStatus.PAYMENT_STATUS_SUCCEEDED);
    expect((await subscriptionOf(owner)).status).toBe(SubscriptionStatus.SUBSCRIPTION_STATUS_ACTIVE);
    await eventually(async () => (await unpaidInvoices(owner)).length === 0, PATIENCE);
    const back = await eventually(async () => {
      const shop = await shopOf(owner, shopId);
      return shop.status === ShopStatus.SHOP_STATUS_PENDING_ACTIVATION ? shop : undefined;
    }, PATIENCE);
    expect(back.suspensionReason).toBe(SuspensionReason.SUSPENSION_REASON_UNSPECIFIED);
    const paid = await eventually(
      () => h.events.invoicePaid.find((e) => e.userId === owner && e.invoiceId === unpaid!.id),
      PATIENCE,
    );
    expect(paid.amountPaid).toEqual({ amountMinor: 5_297, currency: 'CHF' });
  });

  it('refuses bad input on the test clock page with a 4xx and changes nothing: backwards, not a number, a forged form, an unknown customer', async () => {
    const owner = await h.businessUser('bert@backwards-shop.test');
    await h.addCard(owner, '4242 4242 4242 4242');
    const customerId = await pages.customerOf('bert@backwards-shop.test');
    const before = await pages.page(customerId);
    expect(before.status).toBe(200);

    const yesterday = new Date(Date.parse(before.clock) - 86_400_000).toISOString().slice(0, 16);
    const backwards = await pages.post(customerId, 'advance', { by: 'date', date: yesterday });
    expect(backwards.status).toBe(400);
    expect(backwards.html).toContain('only moves forward');
    const notANumber = await pages.post(customerId, 'advance', { by: 'days', days: 'soon' });
    expect(notANumber.status).toBe(400);
    expect(notANumber.html).toContain('days must be a whole number of days from 1 to 731');
    const noRenewal = await pages.post(customerId, 'advance', { by: 'period_end' });
    expect(noRenewal.status).toBe(400);
    expect((await pages.post(customerId, 'advance', { by: 'days', days: '1' }, 'forged')).status).toBe(403);
    expect((await pages.post('cus_nobody', 'advance', { by: 'days', days: '1' }, before.token)).status).toBe(404);
    expect((await fetch(`${h.app.httpUrl()}/local-provider/test-clocks/cus_nobody`)).status).toBe(404);

    // The page words a form's outcome itself: a link cannot make it say something else.
    const crafted = await fetch(
      `${h.app.httpUrl()}/local-provider/test-clocks/${customerId}?declining=${encodeURIComponent('<b>pay here</b>')}&moved=soon&steps=1`,
    );
    expect(await crafted.text()).not.toMatch(/pay here|The clock moved|declines every charge/);

    const after = await pages.page(customerId);
    expect(Date.parse(after.clock) - Date.parse(before.clock)).toBeLessThan(60_000);
  });
});

describe('billing on Stripe: no test clock pages', () => {
  let h: BillingHarness;
  beforeAll(async () => {
    h = await BillingHarness.start({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_no_clock_pages',
      STRIPE_API_BASE: 'http://127.0.0.1:9',
    });
  });
  afterAll(() => h.stop());

  it('answers 404 where the local provider’s developer pages would be', async () => {
    for (const path of ['/local-provider/test-clocks', '/local-provider/test-clocks/cus_x'])
      expect((await fetch(`${h.app.httpUrl()}${path}`)).status).toBe(404);
    const post = await fetch(`${h.app.httpUrl()}/local-provider/test-clocks/cus_x/advance`, {
      method: 'POST',
      body: new URLSearchParams({ by: 'days', days: '1' }),
    });
    expect(post.status).toBe(404);
  });
});
