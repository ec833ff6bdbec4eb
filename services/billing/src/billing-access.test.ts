import { status as GrpcStatus } from '@grpc/grpc-js';
import { eventually } from '@pc/kit/testing/eventually';
import { BillingHarness, SITE } from './test-support/billing-harness.js';

/** How long to wait for asynchronous effects (webhooks, events) on a busy machine. */
const PATIENCE = 20_000;
jest.setTimeout(90_000);

const RETURN = `${SITE}/business/billing/return`;

/** The field names of an INVALID_ARGUMENT. */
async function badFields(call: Promise<unknown>): Promise<string[]> {
  const error = (await call.then(
    () => null,
    (e: unknown) => e,
  )) as { code?: number; violations?: { field: string }[] } | null;
  expect(error?.code).toBe(GrpcStatus.INVALID_ARGUMENT);
  return (error?.violations ?? []).map((v) => v.field).sort();
}

describe('billing: who may see and change what; bad input', () => {
  let h: BillingHarness;
  let anna: string;
  let bert: string;
  let annaShop: string;
  let annaInvoice: string;
  let annaIntent: string;
  let annaSetup: string;

  beforeAll(async () => {
    h = await BillingHarness.start();
    anna = await h.businessUser('anna@owner-a.test');
    bert = await h.businessUser('bert@owner-b.test');
    annaShop = await h.registerShop(anna, 'owner-a.test');
    await h.registerShop(bert, 'owner-b.test');
    await h.addCard(anna, '4242424242424242');
    const started = await h.billing.startSubscription({
      actorUserId: anna,
      shopId: annaShop,
      planId: 'listing-monthly',
      paymentMethodId: '',
      billingDetails: undefined,
      idempotencyKey: '',
      returnUrl: RETURN,
    });
    annaIntent = started.payment!.intentId;
    annaSetup = (await h.billing.createSetupIntent({ actorUserId: anna, returnUrl: RETURN })).setupIntentId;
    annaInvoice = await eventually(
      async () =>
        (await h.billing.listInvoices({ actorUserId: anna, userId: '', unpaidOnly: false, page: undefined }))
          .invoices[0]?.id,
      PATIENCE,
    );
  });
  afterAll(() => h.stop());

  it('one owner sees and changes nothing of another’s: invoices, shops, intents, subscription', async () => {
    await expect(h.billing.getInvoice({ actorUserId: bert, invoiceId: annaInvoice })).rejects.toMatchObject({
      code: GrpcStatus.NOT_FOUND,
    });
    await expect(
      h.billing.renderInvoice({ actorUserId: bert, invoiceId: annaInvoice, language: '' }),
    ).rejects.toMatchObject({ code: GrpcStatus.NOT_FOUND });
    await expect(
      h.billing.listInvoices({ actorUserId: bert, userId: anna, unpaidOnly: false, page: undefined }),
    ).rejects.toMatchObject({ code: GrpcStatus.PERMISSION_DENIED });
    await expect(h.billing.getSubscription({ actorUserId: bert, userId: anna })).rejects.toMatchObject({
      code: GrpcStatus.PERMISSION_DENIED,
    });
    await expect(h.billing.confirmPayment({ actorUserId: bert, intentId: annaIntent })).rejects.toMatchObject({
      code: GrpcStatus.NOT_FOUND,
    });
    await expect(
      h.billing.updatePaymentMethod({
        actorUserId: bert,
        setupIntentId: annaSetup,
        paymentMethodId: '',
        billingDetails: undefined,
        returnUrl: '',
      }),
    ).rejects.toMatchObject({ code: GrpcStatus.NOT_FOUND });
    await h.addCard(bert, '4242424242424242');
    await expect(
      h.billing.startSubscription({
        actorUserId: bert,
        shopId: annaShop,
        planId: 'listing-monthly',
        paymentMethodId: '',
        billingDetails: undefined,
        idempotencyKey: '',
        returnUrl: RETURN,
      }),
    ).rejects.toMatchObject({ code: GrpcStatus.NOT_FOUND });
    await expect(h.billing.getSubscription({ actorUserId: bert, userId: '' })).rejects.toMatchObject({
      code: GrpcStatus.NOT_FOUND,
      reason: 'NO_SUBSCRIPTION',
    });
    await expect(
      h.billing.listInvoices({ actorUserId: bert, userId: '', unpaidOnly: false, page: undefined }),
    ).resolves.toMatchObject({ invoices: [] });
    // Anna's own view is unchanged by all of it.
    await expect(h.billing.getInvoice({ actorUserId: anna, invoiceId: annaInvoice })).resolves.toMatchObject({
      invoice: { id: annaInvoice, userId: anna },
    });
  });

  it('needs a signed-in business user; an admin may read another account', async () => {
    const personal = await h.personalUser('paula@example.test');
    await expect(h.billing.getPaymentMethod({ actorUserId: '' })).rejects.toMatchObject({
      code: GrpcStatus.UNAUTHENTICATED,
    });
    await expect(h.billing.getPaymentMethod({ actorUserId: 'u_nobody' })).rejects.toMatchObject({
      code: GrpcStatus.UNAUTHENTICATED,
    });
    await expect(h.billing.createSetupIntent({ actorUserId: personal, returnUrl: RETURN })).rejects.toMatchObject({
      code: GrpcStatus.PERMISSION_DENIED,
      reason: 'NOT_BUSINESS_ACCOUNT',
    });
    const { user } = await h.accounts.login({
      email: 'root@billing.test',
      password: 'root-secret',
      rememberMe: false,
      client: undefined,
    });
    await expect(
      h.billing.listInvoices({ actorUserId: user!.id, userId: anna, unpaidOnly: false, page: undefined }),
    ).resolves.toMatchObject({ invoices: [{ id: annaInvoice }] });
  });

  it('every RPC names its wrong fields (INVALID_ARGUMENT) and changes nothing', async () => {
    expect(await badFields(h.billing.listPlans({ currency: 'EUR' }))).toEqual(['currency']);
    await expect(h.billing.listPlans({ currency: '' })).resolves.toMatchObject({
      plans: [{ id: 'listing-monthly', price: { amountMinor: 4_900, currency: 'CHF' } }, { id: 'listing-yearly' }],
    });
    expect(
      await badFields(
        h.billing.startSubscription({
          actorUserId: anna,
          shopId: '',
          planId: 'gold',
          paymentMethodId: '4242',
          billingDetails: {
            name: '',
            company: '',
            email: 'x',
            line1: '',
            line2: '',
            zipCode: '80',
            city: '',
            country: 'Switzerland',
            vatId: '',
          },
          idempotencyKey: 'abc',
          returnUrl: 'https://evil.example/',
        }),
      ),
    ).toEqual([
      'billing_details.city',
      'billing_details.country',
      'billing_details.email',
      'billing_details.line1',
      'billing_details.name',
      'idempotency_key',
      'payment_method_id',
      'plan_id',
      'return_url',
      'shop_id',
    ]);
    expect(
      await badFields(
        h.billing.startSubscription({
          actorUserId: anna,
          shopId: annaShop,
          planId: 'listing-monthly',
          paymentMethodId: '',
          billingDetails: {
            name: 'A',
            company: '',
            email: 'a@b.ch',
            line1: 'x',
            line2: '',
            zipCode: '80011',
            city: 'Z',
            country: 'CH',
            vatId: '',
          },
          idempotencyKey: '',
          returnUrl: RETURN,
        }),
      ),
    ).toEqual(['billing_details.zip_code']);
    expect(await badFields(h.billing.confirmPayment({ actorUserId: anna, intentId: 'in_123' }))).toEqual(['intent_id']);
    expect(await badFields(h.billing.createSetupIntent({ actorUserId: anna, returnUrl: '' }))).toEqual(['return_url']);
    expect(
      await badFields(
        h.billing.updatePaymentMethod({
          actorUserId: anna,
          paymentMethodId: '',
          setupIntentId: '',
          billingDetails: undefined,
          returnUrl: '',
        }),
      ),
    ).toEqual(['payment_method_id']);
    expect(
      await badFields(
        h.billing.updatePaymentMethod({
          actorUserId: anna,
          paymentMethodId: 'pm_a',
          setupIntentId: 'seti_b',
          billingDetails: undefined,
          returnUrl: 'ftp://x',
        }),
      ),
    ).toEqual(['return_url', 'setup_intent_id']);
    expect(
      await badFields(h.billing.cancelSubscription({ actorUserId: anna, atPeriodEnd: true, reason: 'x'.repeat(501) })),
    ).toEqual(['reason']);
    expect(
      await badFields(
        h.billing.listInvoices({
          actorUserId: anna,
          userId: '',
          unpaidOnly: false,
          page: { page: 1, hitsPerPage: 500 },
        }),
      ),
    ).toEqual(['page.hits_per_page']);
    expect(await badFields(h.billing.getInvoice({ actorUserId: anna, invoiceId: '' }))).toEqual(['invoice_id']);
    expect(
      await badFields(h.billing.renderInvoice({ actorUserId: anna, invoiceId: annaInvoice, language: 'xx' })),
    ).toEqual(['language']);
    expect(await badFields(h.billing.handleStripeWebhook({ payload: Buffer.alloc(0), signature: '' }))).toEqual([
      'payload',
      'signature',
    ]);
    // Nothing of it changed Anna's subscription or card.
    await expect(h.billing.getSubscription({ actorUserId: anna, userId: '' })).resolves.toMatchObject({
      subscription: { cancelAtPeriodEnd: false, shopIds: [annaShop] },
    });
    await expect(h.billing.getPaymentMethod({ actorUserId: anna })).resolves.toMatchObject({
      paymentMethod: { last4: '4242' },
    });
  });
});
