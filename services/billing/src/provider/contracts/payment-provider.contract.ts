import { randomUUID } from 'node:crypto';
import { FailedPreconditionError } from '@pc/kit/errors/domain-errors';
import type { PaymentProvider } from '../payment-provider.js';

/** What a contract run needs besides the provider: a card the adapter's way of collecting one. */
export interface ContractHarness {
  readonly provider: PaymentProvider;
  /** A card that succeeds, attached to the customer (local: its card page; Stripe: the test token pm_card_visa). */
  succeedingCard(customerId: string): Promise<string>;
  close(): Promise<void>;
}

const INTENT_STATUSES = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'succeeded',
  'canceled',
];
const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
];
const RETURN_URL = 'http://127.0.0.1:3000/business/billing/return';
const PRICE = {
  lookupKey: 'pc-contract-monthly-chf',
  productName: 'pricecompare contract listing',
  unitAmount: 4_900,
  currency: 'chf',
  interval: 'month' as const,
};

/**
 * Behaviour every payment-provider adapter must show. stripe-mock answers every request with a
 * fixture shaped by Stripe's OpenAPI spec: it validates our parameters and echoes the ids of the
 * path, but keeps no state (a cancelled subscription comes back "active", a created customer's
 * metadata is empty). So this suite asserts what a stateless mock and a stateful provider both
 * honour — accepted requests, object kinds and id prefixes, the ids we asked about, field types,
 * stable lookups — and leaves state changes to `describeProviderBehaviour` (local provider, real
 * Stripe test mode).
 */
export function describePaymentProviderContract(adapterName: string, open: () => Promise<ContractHarness>): void {
  describe(`PaymentProvider contract: ${adapterName}`, () => {
    let harness: ContractHarness;
    let provider: PaymentProvider;

    beforeAll(async () => {
      harness = await open();
      provider = harness.provider;
    });
    afterAll(() => harness.close());

    const customer = () =>
      provider.createCustomer({
        userId: `u_${randomUUID()}`,
        email: 'owner@shop.example',
        name: 'Shop AG',
        address: { line1: 'Bahnhofstrasse 1', line2: '', postalCode: '8001', city: 'Zürich', country: 'CH' },
        idempotencyKey: randomUUID(),
      });

    it('creates customers and SetupIntents with a client secret for the browser', async () => {
      const { id } = await customer();
      expect(id).toMatch(/^cus_\w+$/);
      const intent = await provider.createSetupIntent(id, RETURN_URL);
      expect(intent.id).toMatch(/^seti_\w+$/);
      expect(intent.clientSecret).toMatch(/^seti_\w+_secret_\w+$/);
      expect(INTENT_STATUSES).toContain(intent.status);
      const again = await provider.retrieveSetupIntent(intent.id);
      expect(again.id).toBe(intent.id);
    });

    it('finds the same price and VAT rate again by their keys', async () => {
      const price = await provider.ensurePrice(PRICE);
      expect(price.id).toMatch(/^price_\w+$/);
      await expect(provider.ensurePrice(PRICE)).resolves.toEqual(price);
      const rate = await provider.ensureTaxRate(81, 'CH');
      expect(rate.id).toMatch(/^txr_\w+$/);
      await expect(provider.ensureTaxRate(81, 'CH')).resolves.toEqual(rate);
    });

    it('shows a card by brand, last four digits and expiry only', async () => {
      const { id } = await customer();
      const card = await provider.retrieveCard(await harness.succeedingCard(id));
      expect(card.id).toMatch(/^(pm|card)_\w+$/);
      expect(card.brand).toMatch(/^[a-z_]+$/);
      expect(card.last4).toMatch(/^\d{4}$/);
      expect(card.expMonth).toBeGreaterThanOrEqual(1);
      expect(card.expMonth).toBeLessThanOrEqual(12);
      expect(Object.keys(card).sort()).toEqual([
        'brand',
        'country',
        'customerId',
        'expMonth',
        'expYear',
        'id',
        'last4',
      ]);
    });

    it('creates a subscription whose first invoice is paid by confirming its PaymentIntent', async () => {
      const { id: customerId } = await customer();
      const card = await harness.succeedingCard(customerId);
      await provider.setDefaultCard(customerId, card);
      const price = await provider.ensurePrice(PRICE);
      const rate = await provider.ensureTaxRate(81, 'CH');
      const created = await provider.createSubscription({
        customerId,
        priceId: price.id,
        quantity: 2,
        paymentMethodId: card,
        taxRateIds: [rate.id],
        metadata: { user_id: 'u_contract' },
        idempotencyKey: randomUUID(),
      });
      const subscription = created.subscription;
      expect(subscription.id).toMatch(/^sub_\w+$/);
      expect(SUBSCRIPTION_STATUSES).toContain(subscription.status);
      expect(typeof subscription.items.data[0]?.current_period_end).toBe('number');
      // stripe-mock's invoice_payments fixture names no PaymentIntent ('' then); a stateful
      // provider always does (asserted by describeProviderBehaviour).
      expect(created.paymentIntentId).toMatch(/^(pi_\w+)?$/);
      const intentId =
        created.paymentIntentId ||
        (await provider.invoicePaymentIntent(
          typeof subscription.latest_invoice === 'string'
            ? subscription.latest_invoice
            : subscription.latest_invoice!.id,
        ));
      if (intentId) {
        const intent = await provider.confirmPayment(intentId, card, RETURN_URL);
        expect(intent.id).toBe(intentId);
        expect(INTENT_STATUSES).toContain(intent.status);
      }
      const invoiceId =
        typeof subscription.latest_invoice === 'string' ? subscription.latest_invoice : subscription.latest_invoice!.id;
      const invoice = await provider.retrieveInvoice(invoiceId);
      expect(invoice.id).toBe(invoiceId);
      expect(typeof invoice.total).toBe('number');
      expect(invoice.currency).toMatch(/^[a-z]{3}$/);
      expect(Array.isArray(invoice.lines.data)).toBe(true);
    });

    it('changes, cancels and reads back the subscription it was asked about', async () => {
      const { id: customerId } = await customer();
      const card = await harness.succeedingCard(customerId);
      await provider.setDefaultCard(customerId, card);
      const price = await provider.ensurePrice(PRICE);
      const { subscription } = await provider.createSubscription({
        customerId,
        priceId: price.id,
        quantity: 1,
        paymentMethodId: card,
        taxRateIds: [],
        metadata: {},
        idempotencyKey: randomUUID(),
      });
      expect((await provider.updateQuantity(subscription.id, 3)).id).toBe(subscription.id);
      expect((await provider.setCancelAtPeriodEnd(subscription.id, true)).id).toBe(subscription.id);
      expect((await provider.retrieveSubscription(subscription.id)).id).toBe(subscription.id);
      expect((await provider.cancelNow(subscription.id)).id).toBe(subscription.id);
    });

    it('refuses a request the API refuses (FAILED_PRECONDITION, nothing created)', async () => {
      const { id: customerId } = await customer();
      const card = await harness.succeedingCard(customerId);
      const price = await provider.ensurePrice(PRICE);
      const { subscription } = await provider.createSubscription({
        customerId,
        priceId: price.id,
        quantity: 1,
        paymentMethodId: card,
        taxRateIds: [],
        metadata: {},
        idempotencyKey: randomUUID(),
      });
      await expect(provider.updateQuantity(subscription.id, 1.5)).rejects.toBeInstanceOf(FailedPreconditionError);
    });
  });
}
