import { openMongoDocumentStore } from '@pc/mongodb-document-store/mongo-document-store';
import { dropDatabase, uniqueDatabase } from '@pc/mongodb-document-store/test-support/test-database';
import type { DocumentStore } from '@pc/kit/ports/document-store';
import { eventually } from '@pc/kit/testing/eventually';
import { describeWithEngine } from '@pc/kit/testing/real-engine';
import { PaymentStatus, SubscriptionStatus } from '@pc/proto/billing/v1/types';
import { BillingHarness, SITE, WEBHOOK_SECRET } from './test-support/billing-harness.js';
import { sign, stripeEvent, withStatus } from './test-support/stripe-events.js';

const PATIENCE = 20_000;
jest.setTimeout(90_000);

// billing's own store on MongoDB (FerretDB in CI): no store outbox there, so events are staged in
// the documents and relayed; the customer and invoice indexes are MongoDB's.
describeWithEngine('MONGODB_URI', 'billing on MongoDB', (uri) => {
  let h: BillingHarness;
  let documents: DocumentStore;
  const database = uniqueDatabase('pc_billing');

  beforeAll(async () => {
    documents = await openMongoDocumentStore({ uri, database });
    h = await BillingHarness.start({}, documents);
  });
  afterAll(async () => {
    await h.stop();
    await documents.close();
    await dropDatabase(uri, database);
  });

  it('starts and pays a subscription, lists its invoice, replays a webhook without change, cancels on AccountDeleted', async () => {
    const owner = await h.businessUser('mona@mongo-shop.test');
    const shopId = await h.registerShop(owner, 'mongo-shop.test');
    await h.addCard(owner, '4242424242424242');
    const started = await h.billing.startSubscription({
      actorUserId: owner,
      shopId,
      planId: 'listing-monthly',
      paymentMethodId: '',
      billingDetails: undefined,
      idempotencyKey: '',
      returnUrl: `${SITE}/business/billing`,
    });
    expect(started.payment?.status).toBe(PaymentStatus.PAYMENT_STATUS_SUCCEEDED);
    await eventually(() => h.events.invoicePaid.some((e) => e.userId === owner), PATIENCE);
    await eventually(
      async () =>
        (await h.billing.listInvoices({ actorUserId: owner, userId: '', unpaidOnly: false, page: undefined })).invoices
          .length === 1,
      PATIENCE,
    );

    const body = stripeEvent(
      'customer.subscription.updated',
      withStatus(await h.app.provider.retrieveSubscription(started.subscription!.id), 'past_due'),
      Math.floor(Date.now() / 1000) + 30,
    );
    expect(await (await h.postWebhook(body, sign(body, WEBHOOK_SECRET))).json()).toMatchObject({ applied: true });
    const before = await h.billing.getSubscription({ actorUserId: owner, userId: '' });
    expect(await (await h.postWebhook(body, sign(body, WEBHOOK_SECRET))).json()).toMatchObject({ applied: false });
    await expect(h.billing.getSubscription({ actorUserId: owner, userId: '' })).resolves.toEqual(before);

    await h.accountDeleted(owner);
    await eventually(
      () =>
        h.events.subscriptionChanged.some(
          (e) =>
            e.userId === owner &&
            e.status === SubscriptionStatus.SUBSCRIPTION_STATUS_CANCELED &&
            e.shopIds[0] === shopId,
        ),
      PATIENCE,
    );
  });
});
