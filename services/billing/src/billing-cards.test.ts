import { status as GrpcStatus } from '@grpc/grpc-js';
import { PaymentStatus, SubscriptionStatus } from '@pc/proto/billing/v1/types';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { eventually } from '@pc/kit/testing/eventually';
import { BillingHarness, SITE } from './test-support/billing-harness.js';

/** How long to wait for asynchronous effects (webhooks, events) on a busy machine. */
const PATIENCE = 20_000;
jest.setTimeout(90_000);

const RETURN = `${SITE}/business/billing/return`;

describe('billing: cards, first payments and invoices (local provider, Stripe test cards)', () => {
  let h: BillingHarness;
  beforeAll(async () => {
    h = await BillingHarness.start();
  });
  afterAll(() => h.stop());

  it('4242: card saved, subscription started and paid; ACTIVE with the shop, InvoicePaid, the invoice listed and downloadable', async () => {
    const owner = await h.businessUser('anna@shop-a.test');
    const shopId = await h.registerShop(owner, 'shop-a.test');
    await expect(h.billing.getPaymentMethod({ actorUserId: owner })).resolves.toMatchObject({
      paymentMethod: undefined,
    });

    const card = await h.addCard(owner, '4242 4242 4242 4242');
    expect(card.payment?.status).toBe(PaymentStatus.PAYMENT_STATUS_SUCCEEDED);
    expect(card.paymentMethod).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 });

    const started = await h.billing.startSubscription({
      actorUserId: owner,
      shopId,
      planId: 'listing-monthly',
      paymentMethodId: '',
      billingDetails: undefined,
      idempotencyKey: '',
      returnUrl: RETURN,
    });
    expect(started.payment?.status).toBe(PaymentStatus.PAYMENT_STATUS_SUCCEEDED);
    expect(started.subscription).toMatchObject({
      status: SubscriptionStatus.SUBSCRIPTION_STATUS_ACTIVE,
      shopIds: [shopId],
      plan: { id: 'listing-monthly' },
      paymentMethod: { last4: '4242' },
    });

    const active = await eventually(
      () =>
        h.events.subscriptionChanged.find(
          (e) => e.userId === owner && e.status === SubscriptionStatus.SUBSCRIPTION_STATUS_ACTIVE,
        ),
      PATIENCE,
    );
    expect(active.shopIds).toEqual([shopId]);
    // CHF 49.00 + 8.1 % VAT (3.97) for one shop.
    const paid = await eventually(() => h.events.invoicePaid.find((e) => e.userId === owner), PATIENCE);
    expect(paid.amountPaid).toEqual({ amountMinor: 5_297, currency: 'CHF' });
    expect(paid.shopIds).toEqual([shopId]);

    const listed = await eventually(async () => {
      const { invoices } = await h.billing.listInvoices({
        actorUserId: owner,
        userId: '',
        unpaidOnly: false,
        page: undefined,
      });
      return invoices.length === 1 && invoices[0]!.amountPaid?.amountMinor === 5_297 ? invoices : undefined;
    }, PATIENCE);
    const html = await h.billing.renderInvoice({ actorUserId: owner, invoiceId: listed[0]!.id, language: 'de' });
    expect(html.contentType).toBe('text/html; charset=utf-8');
    const text = Buffer.from(html.body).toString('utf8');
    expect(text).toContain(`Rechnung ${listed[0]!.number}`);
    expect(text).toContain('52.97');
    expect(text).toContain('Bezahlt');
    expect(text).not.toContain('4242 4242');

    await expect(
      h.billing.startSubscription({
        actorUserId: owner,
        shopId,
        planId: 'listing-monthly',
        paymentMethodId: '',
        billingDetails: undefined,
        idempotencyKey: '',
        returnUrl: RETURN,
      }),
    ).rejects.toMatchObject({ code: GrpcStatus.ALREADY_EXISTS, reason: 'SHOP_ALREADY_SUBSCRIBED' });
  });

  it('4000 0027 6000 3184: REQUIRES_ACTION with the 3-D Secure page; completing it and ConfirmPayment start the subscription', async () => {
    const owner = await h.businessUser('ben@shop-b.test');
    const shopId = await h.registerShop(owner, 'shop-b.test');
    await h.addCard(owner, '4000 0027 6000 3184');
    const started = await h.billing.startSubscription({
      actorUserId: owner,
      shopId,
      planId: 'listing-monthly',
      paymentMethodId: '',
      billingDetails: undefined,
      idempotencyKey: '',
      returnUrl: RETURN,
    });
    expect(started.payment).toMatchObject({
      status: PaymentStatus.PAYMENT_STATUS_REQUIRES_ACTION,
      intentId: expect.stringMatching(/^pi_/),
    });
    expect(started.subscription?.status).toBe(SubscriptionStatus.SUBSCRIPTION_STATUS_INCOMPLETE);

    const back = await h.authenticate(started.payment!.nextActionUrl, true);
    expect(`${back.origin}${back.pathname}`).toBe(RETURN);
    expect(back.searchParams.get('redirect_status')).toBe('succeeded');
    const confirmed = await h.billing.confirmPayment({
      actorUserId: owner,
      intentId: back.searchParams.get('payment_intent')!,
    });
    expect(confirmed.payment?.status).toBe(PaymentStatus.PAYMENT_STATUS_SUCCEEDED);
    expect(confirmed.subscription?.status).toBe(SubscriptionStatus.SUBSCRIPTION_STATUS_ACTIVE);
    await eventually(
      () =>
        h.events.subscriptionChanged.some(
          (e) => e.userId === owner && e.status === SubscriptionStatus.SUBSCRIPTION_STATUS_ACTIVE,
        ),
      PATIENCE,
    );
  });

  it('4000 0000 0000 0002 is declined ("payment declined", no card on file); 0341 saves but its payment is declined; a new card pays the same invoice', async () => {
    const owner = await h.businessUser('cleo@shop-c.test');
    const shopId = await h.registerShop(owner, 'shop-c.test');
    const declined = await h.addCard(owner, '4000 0000 0000 0002');
    expect(declined.payment).toMatchObject({
      status: PaymentStatus.PAYMENT_STATUS_DECLINED,
      declineCode: 'generic_decline',
    });
    await expect(h.billing.getPaymentMethod({ actorUserId: owner })).resolves.toMatchObject({
      paymentMethod: undefined,
    });
    await expect(
      h.billing.startSubscription({
        actorUserId: owner,
        shopId,
        planId: 'listing-monthly',
        paymentMethodId: '',
        billingDetails: undefined,
        idempotencyKey: '',
        returnUrl: RETURN,
      }),
    ).rejects.toMatchObject({ code: GrpcStatus.FAILED_PRECONDITION, reason: 'NO_CARD_ON_FILE' });

    await h.addCard(owner, '4000 0000 0000 0341');
    const first = await h.billing.startSubscription({
      actorUserId: owner,
      shopId,
      planId: 'listing-monthly',
      paymentMethodId: '',
      billingDetails: undefined,
      idempotencyKey: '',
      returnUrl: RETURN,
    });
    expect(first.payment).toMatchObject({
      status: PaymentStatus.PAYMENT_STATUS_DECLINED,
      declineCode: 'generic_decline',
    });
    expect(first.subscription?.status).toBe(SubscriptionStatus.SUBSCRIPTION_STATUS_INCOMPLETE);
    const open = await eventually(
      async () =>
        (await h.billing.listInvoices({ actorUserId: owner, userId: '', unpaidOnly: true, page: undefined }))
          .invoices[0],
      PATIENCE,
    );

    const updated = await h.addCard(owner, '4242 4242 4242 4242');
    expect(updated.payment?.status).toBe(PaymentStatus.PAYMENT_STATUS_SUCCEEDED);
    expect(updated.paymentMethod?.last4).toBe('4242');
    await expect(h.billing.getSubscription({ actorUserId: owner, userId: '' })).resolves.toMatchObject({
      subscription: { status: SubscriptionStatus.SUBSCRIPTION_STATUS_ACTIVE },
    });
    await eventually(
      async () =>
        (await h.billing.getInvoice({ actorUserId: owner, invoiceId: open.id })).invoice?.amountPaid?.amountMinor ===
        open.total?.amountMinor,
      PATIENCE,
    );
  });

  it('a second shop joins the running subscription; deleting shops leaves it, the last one ends it; cancelling at the period end', async () => {
    const owner = await h.businessUser('dora@shop-d.test');
    const first = await h.registerShop(owner, 'shop-d1.test');
    const second = await h.registerShop(owner, 'shop-d2.test');
    await h.addCard(owner, '4242424242424242');
    await h.billing.startSubscription({
      actorUserId: owner,
      shopId: first,
      planId: 'listing-monthly',
      paymentMethodId: '',
      billingDetails: undefined,
      idempotencyKey: '',
      returnUrl: RETURN,
    });
    const joined = await h.billing.startSubscription({
      actorUserId: owner,
      shopId: second,
      planId: 'listing-monthly',
      paymentMethodId: '',
      billingDetails: undefined,
      idempotencyKey: '',
      returnUrl: RETURN,
    });
    expect(joined.payment?.status).toBe(PaymentStatus.PAYMENT_STATUS_SUCCEEDED);
    expect(joined.subscription?.shopIds.sort()).toEqual([first, second].sort());
    await expect(
      h.billing.startSubscription({
        actorUserId: owner,
        shopId: second,
        planId: 'listing-yearly',
        paymentMethodId: '',
        billingDetails: undefined,
        idempotencyKey: '',
        returnUrl: RETURN,
      }),
    ).rejects.toMatchObject({ code: GrpcStatus.ALREADY_EXISTS });

    await h.offers.deleteShop({ shopId: first, actorUserId: owner });
    await eventually(
      () =>
        h.events.subscriptionChanged.some(
          (e) =>
            e.userId === owner &&
            e.shopIds.length === 1 &&
            e.shopIds[0] === second &&
            e.status === SubscriptionStatus.SUBSCRIPTION_STATUS_ACTIVE,
        ),
      PATIENCE,
    );
    const cancelled = await h.billing.cancelSubscription({ actorUserId: owner, atPeriodEnd: true, reason: 'closing' });
    expect(cancelled.subscription).toMatchObject({
      status: SubscriptionStatus.SUBSCRIPTION_STATUS_ACTIVE,
      cancelAtPeriodEnd: true,
    });
    await expect(
      h.billing.cancelSubscription({ actorUserId: owner, atPeriodEnd: true, reason: '' }),
    ).rejects.toMatchObject({ code: GrpcStatus.FAILED_PRECONDITION, reason: 'ALREADY_CANCELED' });

    await h.offers.deleteShop({ shopId: second, actorUserId: owner });
    const ended = await eventually(
      () =>
        h.events.subscriptionChanged.find(
          (e) => e.userId === owner && e.status === SubscriptionStatus.SUBSCRIPTION_STATUS_CANCELED,
        ),
      PATIENCE,
    );
    expect(ended.shopIds).toEqual([second]);
  });

  it('AccountDeleted cancels the subscription at once, detaches the card and keeps the invoices', async () => {
    const owner = await h.businessUser('emil@shop-e.test');
    const shopId = await h.registerShop(owner, 'shop-e.test');
    await h.addCard(owner, '4242424242424242');
    await h.billing.startSubscription({
      actorUserId: owner,
      shopId,
      planId: 'listing-yearly',
      paymentMethodId: '',
      billingDetails: undefined,
      idempotencyKey: '',
      returnUrl: RETURN,
    });
    await h.accountDeleted(owner);
    const ended = await eventually(
      () =>
        h.events.subscriptionChanged.find(
          (e) => e.userId === owner && e.status === SubscriptionStatus.SUBSCRIPTION_STATUS_CANCELED,
        ),
      PATIENCE,
    );
    expect(ended).toMatchObject({ shopIds: [shopId], cancelAtPeriodEnd: false });
    await expect(h.billing.getPaymentMethod({ actorUserId: owner })).resolves.toMatchObject({
      paymentMethod: undefined,
    });
    await eventually(
      async () =>
        (await h.billing.listInvoices({ actorUserId: owner, userId: '', unpaidOnly: false, page: undefined })).invoices
          .length === 1,
      PATIENCE,
    );
    // Delivered twice (at least once): nothing more happens.
    const before = h.events.subscriptionChanged.length;
    await h.accountDeleted(owner);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(h.events.subscriptionChanged.length).toBe(before);
  });

  it('never takes a card number: an unknown card id is "provide a valid payment method"', async () => {
    const owner = await h.businessUser('fritz@shop-f.test');
    const error = await h.billing
      .updatePaymentMethod({
        actorUserId: owner,
        paymentMethodId: '4242424242424242',
        setupIntentId: '',
        billingDetails: undefined,
        returnUrl: '',
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcError);
    expect(error).toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      violations: [expect.objectContaining({ field: 'payment_method_id' })],
    });
  });
});
