import { status as GrpcStatus } from '@grpc/grpc-js';
import { SubscriptionStatus } from '@pc/proto/billing/v1/types';
import { eventually } from '@pc/kit/testing/eventually';
import { BillingHarness, SITE, WEBHOOK_SECRET } from './test-support/billing-harness.js';
import { sign, stripeEvent, withStatus } from './test-support/stripe-events.js';

/** How long to wait for asynchronous effects (webhooks, events) on a busy machine. */
const PATIENCE = 20_000;
jest.setTimeout(90_000);

const RETURN = `${SITE}/business/billing/return`;
const now = () => Math.floor(Date.now() / 1000);

describe('billing: webhooks (signature, idempotency, order)', () => {
  let h: BillingHarness;
  let owner: string;
  let subscriptionId: string;

  beforeAll(async () => {
    h = await BillingHarness.start();
    owner = await h.businessUser('wanda@webhook-shop.test');
    const shopId = await h.registerShop(owner, 'webhook-shop.test');
    await h.addCard(owner, '4242424242424242');
    const started = await h.billing.startSubscription({
      actorUserId: owner,
      shopId,
      planId: 'listing-monthly',
      paymentMethodId: '',
      billingDetails: undefined,
      idempotencyKey: '',
      returnUrl: RETURN,
    });
    subscriptionId = started.subscription!.id;
    // The provider's own webhooks of the start are through before the tests send theirs.
    await eventually(
      async () =>
        (await h.billing.listInvoices({ actorUserId: owner, userId: '', unpaidOnly: false, page: undefined }))
          .invoices[0]?.amountPaid?.amountMinor === 5_297,
      PATIENCE,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
  });
  afterAll(() => h.stop());

  const status = async () => (await h.billing.getSubscription({ actorUserId: owner, userId: '' })).subscription!;

  it('answers 400 to a bad or missing signature and changes nothing', async () => {
    const body = stripeEvent(
      'customer.subscription.updated',
      withStatus(await h.app.provider.retrieveSubscription(subscriptionId), 'past_due'),
      now() + 5,
    );
    const before = await status();
    const events = h.events.subscriptionChanged.length;
    const forged = await h.postWebhook(body, sign(body, 'whsec_someoneelse'));
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ error: expect.stringContaining('signature') });
    expect((await h.postWebhook(body, null)).status).toBe(400);
    expect((await h.postWebhook(body.replace('past_due', 'canceled'), sign(body, WEBHOOK_SECRET))).status).toBe(400);
    await expect(
      h.billing.handleStripeWebhook({ payload: Buffer.from(body), signature: 't=1,v1=00' }),
    ).rejects.toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT, reason: 'BAD_SIGNATURE' });
    expect(await status()).toEqual(before);
    expect(h.events.subscriptionChanged.length).toBe(events);
  });

  it('applies an event once: the same event id again changes nothing', async () => {
    const body = stripeEvent(
      'customer.subscription.updated',
      withStatus(await h.app.provider.retrieveSubscription(subscriptionId), 'past_due'),
      now() + 10,
    );
    const first = await h.postWebhook(body, sign(body, WEBHOOK_SECRET));
    expect(await first.json()).toMatchObject({ received: true, applied: true });
    expect((await status()).status).toBe(SubscriptionStatus.SUBSCRIPTION_STATUS_PAST_DUE);
    await eventually(
      () =>
        h.events.subscriptionChanged.some(
          (e) => e.subscriptionId === subscriptionId && e.status === SubscriptionStatus.SUBSCRIPTION_STATUS_PAST_DUE,
        ),
      PATIENCE,
    );
    const before = await status();
    const events = h.events.subscriptionChanged.length;
    const again = await h.postWebhook(body, sign(body, WEBHOOK_SECRET));
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ received: true, applied: false });
    const viaGrpc = await h.billing.handleStripeWebhook({
      payload: Buffer.from(body),
      signature: sign(body, WEBHOOK_SECRET),
    });
    expect(viaGrpc.applied).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await status()).toEqual(before);
    expect(h.events.subscriptionChanged.length).toBe(events);
  });

  // Events more than a few seconds apart are ordered by `created`; closer ones (and those close to
  // billing's own calls) are settled by reading the provider's current state, here 'active'.
  it('is safe out of order: an older event does not undo a newer state; a cancellation is final', async () => {
    const base = now() + 20;
    const recovered = stripeEvent(
      'customer.subscription.updated',
      withStatus(await h.app.provider.retrieveSubscription(subscriptionId), 'active'),
      base + 2,
    );
    const stale = stripeEvent(
      'customer.subscription.updated',
      withStatus(await h.app.provider.retrieveSubscription(subscriptionId), 'past_due'),
      base + 1,
    );
    const creation = stripeEvent(
      'customer.subscription.created',
      withStatus(await h.app.provider.retrieveSubscription(subscriptionId), 'incomplete'),
      base,
    );
    expect(await (await h.postWebhook(recovered, sign(recovered, WEBHOOK_SECRET))).json()).toMatchObject({
      applied: true,
    });
    expect(await (await h.postWebhook(stale, sign(stale, WEBHOOK_SECRET))).json()).toMatchObject({ applied: false });
    expect(await (await h.postWebhook(creation, sign(creation, WEBHOOK_SECRET))).json()).toMatchObject({
      applied: false,
    });
    expect((await status()).status).toBe(SubscriptionStatus.SUBSCRIPTION_STATUS_ACTIVE);

    const deleted = stripeEvent(
      'customer.subscription.deleted',
      withStatus(await h.app.provider.retrieveSubscription(subscriptionId), 'canceled'),
      base + 30,
    );
    const late = stripeEvent(
      'customer.subscription.updated',
      withStatus(await h.app.provider.retrieveSubscription(subscriptionId), 'active'),
      base + 60,
    );
    expect(await (await h.postWebhook(deleted, sign(deleted, WEBHOOK_SECRET))).json()).toMatchObject({ applied: true });
    expect(await (await h.postWebhook(late, sign(late, WEBHOOK_SECRET))).json()).toMatchObject({ applied: false });
    expect((await status()).status).toBe(SubscriptionStatus.SUBSCRIPTION_STATUS_CANCELED);
    const versions = h.events.subscriptionChanged
      .filter((e) => e.subscriptionId === subscriptionId)
      .map((e) => e.version);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    expect(new Set(versions).size).toBe(versions.length);
  });

  it('answers 200 without change to an event of no interest, and 400 to a body that is not an event', async () => {
    const body = stripeEvent('charge.refunded', { id: 'ch_1', object: 'charge' }, now());
    expect(await (await h.postWebhook(body, sign(body, WEBHOOK_SECRET))).json()).toMatchObject({
      received: true,
      applied: false,
    });
    const junk = '{"hello":"world"}';
    expect((await h.postWebhook(junk, sign(junk, WEBHOOK_SECRET))).status).toBe(400);
  });
});
