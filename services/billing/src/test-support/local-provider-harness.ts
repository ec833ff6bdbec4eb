import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEmbeddedDocumentStore } from '@pc/sqlite-document-store/embedded-document-store';
import type { ContractHarness } from '../provider/contracts/payment-provider.contract.js';
import { answerAuthentication, confirmSetupWithCard } from '../provider/local/local-checkout.js';
import { LocalProvider, type LocalProviderOptions } from '../provider/local/local-provider.js';
import { LocalState } from '../provider/local/local-state.js';

export const RETURN_URL = 'http://127.0.0.1:3000/business/billing/return';

/** The local provider on an embedded store in a temporary directory; cards go through its card page's logic. */
export async function localHarness(
  options: Omit<LocalProviderOptions, 'publicUrl'> = {},
): Promise<ContractHarness & { local: LocalProvider; card(customerId: string, number: string): Promise<string> }> {
  const dir = mkdtempSync(join(tmpdir(), 'billing-provider-'));
  const store = await openEmbeddedDocumentStore({ path: join(dir, 'documents.sqlite') });
  const local = new LocalProvider(await LocalState.open(store), { publicUrl: () => 'http://127.0.0.1:9', ...options });
  const card = async (customerId: string, number: string): Promise<string> => {
    const intent = await local.createSetupIntent(customerId);
    const outcome = await confirmSetupWithCard(local, intent.id, intent.clientSecret, RETURN_URL, {
      number,
      expMonth: 12,
      expYear: 2040,
      cvc: '123',
    });
    if (!('redirect' in outcome)) throw new Error(outcome.error);
    // A card that asks for 3-D Secure on setup: the owner completes it.
    if (outcome.redirect.includes('/local-provider/authenticate/'))
      await answerAuthentication(local, intent.id, intent.clientSecret, true);
    const after = await local.retrieveSetupIntent(intent.id);
    return after.paymentMethodId;
  };
  return {
    provider: local,
    local,
    card,
    succeedingCard: (customerId) => card(customerId, '4242 4242 4242 4242'),
    close: async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type LocalHarness = Awaited<ReturnType<typeof localHarness>>;

/**
 * A customer of the local provider with `cardNumber` saved (through the card page) as its default,
 * and a monthly subscription of `quantity` shops at CHF 49.00 + 8.1 % VAT whose first invoice
 * waits for `confirmPayment` (`created.paymentIntentId`).
 */
export async function subscribedCustomer(harness: LocalHarness, cardNumber: string, quantity = 1) {
  const provider = harness.local;
  const userId = `u_${randomUUID().slice(0, 8)}`;
  const { id: customerId } = await provider.createCustomer({
    userId,
    email: `${userId}@shop.example`,
    name: 'Shop',
    address: null,
    idempotencyKey: randomUUID(),
  });
  const card = await harness.card(customerId, cardNumber);
  await provider.setDefaultCard(customerId, card);
  const price = await provider.ensurePrice({
    lookupKey: 'pc-test',
    productName: 'Listing',
    unitAmount: 4_900,
    currency: 'chf',
    interval: 'month',
  });
  const rate = await provider.ensureTaxRate(81, 'CH');
  const created = await provider.createSubscription({
    customerId,
    priceId: price.id,
    quantity,
    paymentMethodId: card,
    taxRateIds: [rate.id],
    metadata: { user_id: userId },
    idempotencyKey: randomUUID(),
  });
  return { customerId, card, created };
}
